package io.github.simdperceptron.sequence;

import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.TrainingOptions;
import io.github.simdperceptron.learn.TrainingReport;
import io.github.simdperceptron.learn.internal.TrainingLoop;
import io.github.simdperceptron.sequence.internal.TaggerAccess;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A sequence tagger trained by the structured perceptron (Collins 2002): for a sentence of words
 * it finds the tag sequence of the highest score, the sum over tokens of the emission weights of
 * the token's features for its tag and of the transition weights between consecutive tags (with
 * the weights of the first and the last tag). docs/sequence-labelling.md gives the model, the
 * features, the decoders and the training loop in full.
 *
 * <pre>{@code
 * TaggedCorpus train = TaggedCorpus.read(Path.of("train.conll"), TaggedCorpus.Format.CONLL);
 * Tagger.Fit fit = Tagger.fit(Algorithm.AVERAGED, train,
 *     TrainingOptions.builder().maxEpochs(5).seed(42).build(), Tagger.Settings.defaults());
 * String[] tags = fit.tagger().tag(new String[] {"The", "dog", "barked", "."});
 * }</pre>
 *
 * <p>A tagger is immutable and safe to use from many threads (each keeps its own scratch).
 * {@code io.TaggerFile} writes it to a file and reads it back.
 */
public final class Tagger {
  static {
    TaggerAccess.install(new TaggerBridge());
  }

  /** How a tagger finds the tag sequence. */
  public enum Decoder {
    /** First-order Viterbi: the exact best sequence, K x K operations per token. */
    VITERBI,
    /** Left to right, each token's best tag given the previous one: K operations per token. */
    GREEDY
  }

  /**
   * Where the feature ids come from and how sentences are decoded: a dictionary of the features
   * seen at least {@code cutoff} times in the training data, or (with {@code hashBits} b > 0) the
   * hash of a feature into 2^b buckets. Immutable; the defaults are Viterbi, a dictionary, cutoff 1.
   */
  public static final class Settings {
    private static final Settings DEFAULTS = new Settings(Decoder.VITERBI, 0, 1);

    private final Decoder decoder;
    private final int hashBits;
    private final int cutoff;

    private Settings(Decoder decoder, int hashBits, int cutoff) {
      this.decoder = decoder;
      this.hashBits = hashBits;
      this.cutoff = cutoff;
    }

    /** Viterbi, a dictionary, cutoff 1. */
    public static Settings defaults() {
      return DEFAULTS;
    }

    /** These settings with the decoder used in training and tagging. */
    public Settings decoder(Decoder d) {
      return new Settings(Objects.requireNonNull(d, "decoder"), hashBits, cutoff);
    }

    /** These settings with features hashed into 2^bits ids (1 to 24), or a dictionary with 0. */
    public Settings hashBits(int bits) {
      if (bits < 0 || bits > 24) {
        throw new IllegalArgumentException("hashBits " + bits + " (expected 0 for a dictionary, or 1 to 24)");
      }
      return new Settings(decoder, bits, cutoff);
    }

    /** These settings with the dictionary keeping the features seen at least n times (n >= 1). */
    public Settings cutoff(int n) {
      if (n < 1) {
        throw new IllegalArgumentException("cutoff " + n + " (expected at least 1)");
      }
      return new Settings(decoder, hashBits, n);
    }

    public Decoder decoder() {
      return decoder;
    }

    /** The hash bits, 0 with a dictionary. */
    public int hashBits() {
      return hashBits;
    }

    public int cutoff() {
      return cutoff;
    }

    @Override
    public String toString() {
      return "decoder=" + decoder + (hashBits > 0 ? " hashBits=" + hashBits : " cutoff=" + cutoff);
    }
  }

  /** A trained tagger and what happened in training. */
  public static final class Fit {
    private final Tagger tagger;
    private final TrainingReport report;
    private final int[] tokens;
    private final double seconds;
    private final long trainingTokens;

    Fit(Tagger tagger, TrainingReport report, int[] tokens, double seconds, long trainingTokens) {
      this.tagger = tagger;
      this.report = report;
      this.tokens = tokens;
      this.seconds = seconds;
      this.trainingTokens = trainingTokens;
    }

    public Tagger tagger() {
      return tagger;
    }

    /**
     * The training loop's report: a mistake (and an update) is a sentence with a wrong tag; with
     * a validation split, the validation accuracy is the token accuracy of the held-out sentences
     * after each epoch; the training error is the share of the training sentences' tokens the
     * tagger tags wrong (computed on the first call); the radius and the margin are NaN.
     */
    public TrainingReport report() {
      return report;
    }

    /** Epochs run (fewer than asked when an epoch made no mistake, or when early stopping ended the run). */
    public int epochs() {
      return report.epochs();
    }

    /** In each epoch, the sentences whose decoded tags had a mistake (each one updated the weights). A copy. */
    public int[] mistakenSentencesPerEpoch() {
      return report.mistakesPerEpoch();
    }

    /** In each epoch, the tokens decoded with a wrong tag. A copy. */
    public int[] mistakenTokensPerEpoch() {
      return tokens.clone();
    }

    /** Wall time of the whole fit (the dictionary, the feature extraction and the epochs), in seconds. */
    public double seconds() {
      return seconds;
    }

    /** Tokens in the training corpus. */
    public long trainingTokens() {
      return trainingTokens;
    }
  }

  final Algorithm algorithm;
  final Decoder decoder;
  final int cutoff;
  final String[] tags;
  final FeatureSpace space;
  /** The words of the training data (template WORD), for known-word figures. */
  final FeatureTable words;
  /** The transition, start and end weights; its dense emission weights are not kept (null). */
  final TagWeights weights;
  /** The emission weights. */
  final Emissions emissions;
  /**
   * The word rows ({@link Features#wordRow}) of the known words: entry e of {@link #words} has
   * rows[e * ROW, (e + 1) * ROW), so a known word's ids take one lookup instead of one per key.
   */
  private final int[] knownRows;
  /** {@link Features#ends} of the feature space. */
  private final int[] ends;
  /**
   * The known words with own scores: the first ones of the training data (the words of most of a
   * text's tokens are among them), so that the scores stay in the caches.
   */
  static final int OWN_SCORES = 4096;
  /** The known words below this entry take their own scores from {@link #ownScores()}: OWN_SCORES, or a test's. */
  private final int ownLimit;
  /** {@link #ownScores()}, once made. */
  private volatile float[] ownScores;
  private final ThreadLocal<Scratch> scratch;

  /**
   * A tagger of the dense weights (their emission weights are made compact, and not kept), its
   * known words' rows {@code knownRows}.
   */
  Tagger(Algorithm algorithm, Decoder decoder, int cutoff, String[] tags, FeatureSpace space, FeatureTable words,
      TagWeights weights, int[] knownRows) {
    this(algorithm, decoder, cutoff, tags, space, words,
        new TagWeights(weights.k, weights.d, null, weights.trans, weights.start, weights.end),
        Emissions.of(weights.w, weights.k, weights.d), knownRows);
  }

  Tagger(Algorithm algorithm, Decoder decoder, int cutoff, String[] tags, FeatureSpace space, FeatureTable words,
      TagWeights weights, Emissions emissions) {
    this(algorithm, decoder, cutoff, tags, space, words, weights, emissions, Features.rows(space, words));
  }

  /** A tagger whose known words' rows are {@code knownRows} ({@link Features#rows} of space and words). */
  Tagger(Algorithm algorithm, Decoder decoder, int cutoff, String[] tags, FeatureSpace space,
      FeatureTable words, TagWeights weights, Emissions emissions, int[] knownRows) {
    this(algorithm, decoder, cutoff, tags, space, words, weights, emissions, knownRows, OWN_SCORES);
  }

  private Tagger(Algorithm algorithm, Decoder decoder, int cutoff, String[] tags, FeatureSpace space,
      FeatureTable words, TagWeights weights, Emissions emissions, int[] knownRows, int ownLimit) {
    this.algorithm = algorithm;
    this.decoder = decoder;
    this.cutoff = cutoff;
    this.tags = tags;
    this.space = space;
    this.words = words;
    this.weights = weights;
    this.emissions = emissions;
    this.knownRows = knownRows;
    this.ownLimit = Math.min(ownLimit, words.size());
    this.ends = Features.ends(space);
    this.scratch = ThreadLocal.withInitial(() -> new Scratch(weights.kp));
  }

  /**
   * One thread's buffers: the sentence's text, its word rows, its emission scores, a token's ids,
   * the lattice and the tags.
   */
  private static final class Scratch {
    final Features features = new Features();
    final Lattice lattice;
    final int kp;
    final int[] ids = new int[Features.MAX_PER_TOKEN];
    final int[] denseRows = new int[Features.MAX_PER_TOKEN];
    /** A token's scores from its neighbours' ids. */
    final float[] part;
    /** A token's scores from its own ids. */
    final float[] ownPart;
    int[] out = new int[64];
    /** Token i's word entry among the known words, or -1. */
    int[] known = new int[64];
    int[] rows = new int[64 * Features.ROW];
    /** Token i's row is rows[i * ROW, (i + 1) * ROW). */
    int[] rowAt = rowStarts(64);
    /** Token i's emission scores are scores[i * kp, (i + 1) * kp). */
    float[] scores;

    Scratch(int kp) {
      this.kp = kp;
      lattice = new Lattice(kp);
      part = new float[kp];
      ownPart = new float[kp];
      scores = new float[64 * kp];
    }

    void reserve(int n) {
      if (out.length < n) {
        out = new int[Math.max(n, 2 * out.length)];
        known = new int[out.length];
        rows = new int[out.length * Features.ROW];
        rowAt = rowStarts(out.length);
        scores = new float[out.length * kp];
      }
    }

    private static int[] rowStarts(int n) {
      int[] at = new int[n];
      for (int i = 0; i < n; i++) {
        at[i] = i * Features.ROW;
      }
      return at;
    }
  }

  /**
   * The own scores of the known words: entry e's at [e * kp, (e + 1) * kp) are the emission scores
   * ({@link Emissions#scores}) of the ids its word gives a token of it by itself, the bias and the
   * word's own keys ({@link Features#own}). Made on first use.
   */
  private float[] ownScores() {
    float[] own = ownScores;
    if (own == null) {
      synchronized (this) {
        own = ownScores;
        if (own == null) {
          own = ownScores(emissions, knownRows, ends, ownLimit);
          ownScores = own;
        }
      }
    }
    return own;
  }

  /** The own scores of the first {@code limit} words of the rows. */
  static float[] ownScores(Emissions emissions, int[] rows, int[] ends, int limit) {
    int kp = emissions.kp;
    int words = Math.min(rows.length / Features.ROW, limit);
    float[] own = new float[words * kp];
    int[] ids = new int[Features.MAX_PER_TOKEN];
    int[] dense = new int[Features.MAX_PER_TOKEN];
    float[] one = new float[kp];
    for (int e = 0; e < words; e++) {
      int m = Features.own(rows, e * Features.ROW, ends, ids, 0);
      // Made once, on the first sentence: scalar code, which runs fast before the JIT compiler warms up.
      emissions.scoresScalar(ids, 0, m, dense, one);
      System.arraycopy(one, 0, own, e * kp, kp);
    }
    return own;
  }

  /**
   * Trains a tagger with the structured perceptron, {@link Algorithm#PERCEPTRON} or its averaged
   * form {@link Algorithm#AVERAGED}, in the one training loop of the learners: for
   * {@code options.maxEpochs()} epochs (fewer when an epoch makes no mistake), the sentences in a
   * new order every epoch drawn from {@code new Random(options.seed())} when
   * {@code options.shuffle()}. With {@code options.validationFraction()} f > 0, round(f n) of the n
   * sentences (at least 1) are held out, chosen by the seed as the other learners choose rows;
   * after every epoch the token accuracy of the held-out sentences is measured, the run stops
   * after {@code options.patience()} epochs without a better one, and the tagger is the best
   * epoch's (a copy of its weights is kept while training). {@code options.progress()} hears after
   * every epoch the mistaken sentences (as mistakes and as updates) and the sentences per second;
   * {@code options.recordUpdates()} logs the sentences that updated. The options of the linear
   * learners alone (bias, tau, vote cap, prefetch) do not apply. Nothing passed in is modified.
   *
   * @throws IllegalArgumentException for another algorithm, an empty corpus, or a validation
   *     fraction that leaves no sentence to train on
   * @throws java.util.concurrent.CancellationException when the thread is interrupted during the epochs
   */
  public static Fit fit(Algorithm algorithm, TaggedCorpus train, TrainingOptions options, Settings settings) {
    Objects.requireNonNull(algorithm, "algorithm");
    Objects.requireNonNull(train, "train");
    Objects.requireNonNull(options, "options");
    Objects.requireNonNull(settings, "settings");
    if (algorithm != Algorithm.PERCEPTRON && algorithm != Algorithm.AVERAGED) {
      throw new IllegalArgumentException("algorithm " + algorithm
          + " (the structured perceptron is PERCEPTRON or AVERAGED)");
    }
    if (train.size() == 0) {
      throw new IllegalArgumentException("train has no sentence");
    }
    long start = System.nanoTime();
    Prepared p = prepare(train, settings);
    StructuredPerceptron learner = new StructuredPerceptron(p.tags.length, p.space.size(),
        algorithm == Algorithm.AVERAGED, settings.decoder() == Decoder.VITERBI, p.data);
    TrainingLoop.Result<TagWeights> run = TrainingLoop.fit(learner, p.data.sentences(), options);
    Tagger tagger = new Tagger(algorithm, settings.decoder(), settings.cutoff(), p.tags.clone(), p.space, p.known,
        run.model(), p.data.rows);
    return new Fit(tagger, run.report(), learner.mistakenTokensPerEpoch(), (System.nanoTime() - start) / 1e9,
        train.tokens());
  }

  /**
   * A training corpus made ready for the epochs: its tags, its feature space, its words (the
   * corpus's own table) and its ids (as rows of those words).
   */
  static final class Prepared {
    final String[] tags;
    final FeatureSpace space;
    final FeatureTable known;
    final Encoded data;

    Prepared(String[] tags, FeatureSpace space, FeatureTable known, Encoded data) {
      this.tags = tags;
      this.space = space;
      this.known = known;
      this.data = data;
    }
  }

  /**
   * The tags are the corpus's, numbered in order of first appearance, and the known words its
   * words; with a dictionary, one pass over the corpus counts every feature key, and the
   * dictionary keeps the keys counted at least {@code cutoff} times, numbered in order of first
   * appearance; the ids are the rows of the corpus's words ({@link Encoded#of}).
   */
  static Prepared prepare(TaggedCorpus train, Settings settings) {
    FeatureSpace space;
    if (settings.hashBits() > 0) {
      space = FeatureSpace.hashed(settings.hashBits());
    } else {
      FeatureTable counts = new FeatureTable();
      Features.Keys counter = FeatureSpace.counter(counts);
      Features f = new Features();
      int[] scratchIds = new int[Features.MAX_PER_TOKEN];
      int[] sentencePtr = train.sentencePtr();
      int[] wordIds = train.wordIds();
      for (int s = 0; s + 1 < sentencePtr.length; s++) {
        int n = sentencePtr[s + 1] - sentencePtr[s];
        f.load(train.wordTable(), wordIds, sentencePtr[s], n);
        for (int i = 0; i < n; i++) {
          f.extract(i, counter, scratchIds, 0);
        }
      }
      space = FeatureSpace.dictionary(counts.kept(settings.cutoff()));
    }
    return new Prepared(train.tagNames(), space, train.wordTable(), Encoded.of(train, space));
  }

  /** The tags of {@code words} (one per word, none empty or null). */
  public String[] tag(String[] words) {
    Objects.requireNonNull(words, "words");
    for (int i = 0; i < words.length; i++) {
      if (words[i] == null || words[i].isEmpty()) {
        throw new IllegalArgumentException("words[" + i + "] is " + (words[i] == null ? "null" : "empty"));
      }
    }
    String[] out = new String[words.length];
    if (words.length == 0) {
      return out;
    }
    Scratch s = scratch.get();
    s.features.load(words, words.length);
    int[] tagIds = decode(s, words.length);
    for (int i = 0; i < words.length; i++) {
      out[i] = tags[tagIds[i]];
    }
    return out;
  }

  /**
   * Tags a line of text, its whitespace-separated tokens being the words, and appends
   * {@code word/TAG} for each to {@code out}, separated by single spaces (nothing for a blank line).
   * Allocates nothing per token. Only out is modified.
   */
  public void tagLine(CharSequence line, StringBuilder out) {
    Objects.requireNonNull(line, "line");
    Objects.requireNonNull(out, "out");
    Scratch s = scratch.get();
    int n = s.features.loadLine(line);
    if (n == 0) {
      return;
    }
    int[] tagIds = decode(s, n);
    for (int i = 0; i < n; i++) {
      if (i > 0) {
        out.append(' ');
      }
      s.features.appendWord(i, out);
      out.append('/').append(tags[tagIds[i]]);
    }
  }

  /**
   * Tag indices of the sentence loaded in s.features, in s.out. Token i's emission scores are the
   * sum, lane by lane, of two {@link Emissions#scores}: of the ids its own word gives it (the bias
   * and the word's own keys, {@link Features#own}; taken from {@link #ownScores()} for a known
   * word) and of the ids its neighbours give it ({@link Features#neighbours}).
   */
  private int[] decode(Scratch s, int n) {
    s.lattice.decode(weights, decoder == Decoder.VITERBI, emissionScores(s, n), n, s.out);
    return s.out;
  }

  /** The emission scores of the sentence loaded in s.features (see {@link #decode}), token i's at [i * kp, (i + 1) * kp). */
  private float[] emissionScores(Scratch s, int n) {
    s.reserve(n);
    Features f = s.features;
    char[] text = f.text();
    int[] rows = s.rows;
    int[] known = s.known;
    for (int i = 0; i < n; i++) {
      int from = f.start(i);
      int to = f.end(i);
      int e = words.find(Features.WORD, FeatureTable.hash(Features.WORD, text, from, to), text, from, to);
      known[i] = e;
      if (e >= 0) {
        System.arraycopy(knownRows, e * Features.ROW, rows, i * Features.ROW, Features.ROW);
      } else {
        f.wordRow(i, space, rows, i * Features.ROW);
      }
    }
    for (int i = 0; i < n; i++) {
      tokenScores(s, n, i);
    }
    return s.scores;
  }

  /**
   * Token i's emission scores into s.scores (see {@link #decode}), its word's row in s.rows and
   * s.known[i] its entry among the known words. Its own method, so that emissionScores has a loop
   * of n iterations alone: with more, the JIT compiler would replace it on the stack before it
   * compiles it for its calls, and compile it twice.
   */
  private void tokenScores(Scratch s, int n, int i) {
    int kp = weights.kp;
    int e = s.known[i];
    boolean ownKnown = e >= 0 && e < ownLimit;
    // Part 0: the own ids (unless the word's own scores are kept), part 1: the neighbours'. One
    // call of Emissions.scores, so that the JIT compiler inlines the kernel once.
    for (int part = ownKnown ? 1 : 0; part < 2; part++) {
      int m = part == 0 ? Features.own(s.rows, i * Features.ROW, ends, s.ids, 0)
          : Features.neighbours(s.rows, s.rowAt, n, i, ends, s.ids, 0);
      emissions.scores(s.ids, 0, m, s.denseRows, part == 0 ? s.ownPart : s.part);
    }
    if (ownKnown) {
      Lattice.sum(ownScores(), e * kp, s.part, s.scores, i * kp, kp);
    } else {
      Lattice.sum(s.ownPart, 0, s.part, s.scores, i * kp, kp);
    }
  }

  /** The emission scores {@link #tagLine} gives the tokens of {@code words} (a new array, token i's at i * kp). */
  float[] emissionScores(String[] words) {
    Scratch s = scratch.get();
    s.features.load(words, words.length);
    return Arrays.copyOf(emissionScores(s, words.length), words.length * weights.kp);
  }

  /** This tagger with own scores for its first {@code limit} known words (the same scores; for tests). */
  Tagger withOwnScores(int limit) {
    return new Tagger(algorithm, decoder, cutoff, tags, space, words, weights, emissions, knownRows, limit);
  }

  /** The known words' rows ({@link Features#rows} of the feature space and the words; not a copy). */
  int[] knownRows() {
    return knownRows;
  }

  /** The tags, in the order of their first appearance in the training data. */
  public List<String> tags() {
    return List.of(tags);
  }

  /** The algorithm it was trained with, PERCEPTRON or AVERAGED. */
  public Algorithm algorithm() {
    return algorithm;
  }

  public Decoder decoder() {
    return decoder;
  }

  /** This tagger with another decoder (the weights are shared). */
  public Tagger withDecoder(Decoder d) {
    Objects.requireNonNull(d, "decoder");
    return d == decoder ? this
        : new Tagger(algorithm, d, cutoff, tags, space, words, weights, emissions, knownRows, ownLimit);
  }

  /** The settings it was trained with. */
  public Settings settings() {
    Settings s = Settings.defaults().decoder(decoder).cutoff(cutoff);
    return space.bits > 0 ? s.hashBits(space.bits) : s;
  }

  /** The number of feature ids (dictionary entries, or 2^hashBits buckets). */
  public int features() {
    return space.size();
  }

  /** Whether {@code word} occurred in the training data (as it is written, case included). */
  public boolean knows(String word) {
    Objects.requireNonNull(word, "word");
    char[] c = word.toCharArray();
    return words.find(Features.WORD, FeatureTable.hash(Features.WORD, c, 0, c.length), c, 0, c.length) >= 0;
  }
}
