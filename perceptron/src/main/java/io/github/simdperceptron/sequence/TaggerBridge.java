package io.github.simdperceptron.sequence;

import io.github.simdperceptron.sequence.internal.TaggerAccess;

/** A tagger's parts, handed to {@link TaggerAccess} when {@link Tagger} loads. */
final class TaggerBridge implements TaggerAccess.Bridge {
  @Override
  public TaggerAccess.Parts parts(Tagger t) {
    TagWeights m = t.weights;
    return new TaggerAccess.Parts(t.algorithm, t.decoder, t.cutoff, t.tags, t.space.bits, t.space.table, t.words,
        t.emissions.d, t.emissions, m.trans, m.start, m.end, t.knownRows());
  }

  @Override
  public Tagger tagger(TaggerAccess.Parts p) {
    FeatureSpace space = space(p.hashBits, p.dictionary);
    FeatureTable words = (FeatureTable) p.words;
    TagWeights m = new TagWeights(p.tags.length, p.features, null, p.transitions, p.start, p.end);
    return new Tagger(p.algorithm, p.decoder, p.cutoff, p.tags, space, words, m, (Emissions) p.emissions,
        p.rows != null ? p.rows : Features.rows(space, words));
  }

  @Override
  public TaggerAccess.Table table(int size, byte[] templates, int[] hashes, int[] starts, char[] pool) {
    return FeatureTable.of(size, templates, hashes, starts, pool, Features.TEMPLATES);
  }

  @Override
  public TaggerAccess.Table table(int entries) {
    return new FeatureTable(entries);
  }

  @Override
  public TaggerAccess.WeightsBuilder weights(int k, int d) {
    return new Emissions.Builder(k, d);
  }

  @Override
  public int[] rows(int hashBits, TaggerAccess.Table dictionary, TaggerAccess.Table words) {
    return Features.rows(space(hashBits, dictionary), (FeatureTable) words);
  }

  private static FeatureSpace space(int hashBits, TaggerAccess.Table dictionary) {
    return hashBits > 0 ? FeatureSpace.hashed(hashBits) : FeatureSpace.dictionary((FeatureTable) dictionary);
  }

  @Override
  public int templates() {
    return Features.TEMPLATES;
  }

  @Override
  public int wordTemplate() {
    return Features.WORD;
  }

  @Override
  public int rowLength() {
    return Features.ROW;
  }
}
