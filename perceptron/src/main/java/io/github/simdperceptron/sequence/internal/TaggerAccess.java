package io.github.simdperceptron.sequence.internal;

import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.sequence.Tagger;

/**
 * The stored form of a {@link Tagger}, for the tagger file; not part of the API. A tagger is its
 * training settings, its tags, the feature keys' dictionary (none when hashing) and its known
 * words as tables of keys, its emission weights (per feature, the non-zero weights of its tags),
 * its transition, first-tag and last-tag weights, and the known words' rows of feature ids.
 * docs/model-format.md gives the bytes.
 */
public final class TaggerAccess {
  /**
   * A table of feature keys, entries numbered from 0: entry e is a template number
   * ({@code templates()[e]}), a key ({@code pool()[starts()[e], starts()[e + 1])}) and the key's
   * hash ({@code hashes()[e]}). The arrays are the table's own (the first {@link #size()} entries,
   * and size() + 1 starts): read them, never modify them.
   */
  public interface Table {
    int size();

    byte[] templates();

    int[] hashes();

    int[] starts();

    char[] pool();

    /** Entry e's template. */
    int template(int e);

    /** Entry e's key. */
    String key(int e);

    /**
     * Adds the key {@code chars[0, length)} of the template, hashed, when the table lacks it;
     * returns its entry (the one it had when it was there).
     */
    int add(int template, char[] chars, int length);
  }

  /** The emission weights of d features and k tags. */
  public interface Weights {
    /** Feature f's non-zero weights. */
    int nonZeros(int f);

    /** The weight of feature f for tag c. */
    float get(int f, int c);
  }

  /** Emission weights made feature by feature, in order. */
  public interface WeightsBuilder {
    /** The next feature's non-zero weights: tags[i] (ascending, below k) and values[i] for i below nz. */
    void feature(int[] tags, float[] values, int nz);

    /** The weights, once every feature was given. */
    Weights build();
  }

  /** The parts of a tagger. The arrays are shared, not copied: nobody may modify them. */
  public static final class Parts {
    public final Algorithm algorithm;
    public final Tagger.Decoder decoder;
    /** The dictionary's cutoff (kept with hashing too). */
    public final int cutoff;
    public final String[] tags;
    /** The hash bits, 0 with a dictionary. */
    public final int hashBits;
    /** The dictionary of feature keys, null when hashing. */
    public final Table dictionary;
    /** The known words (template {@link TaggerAccess#wordTemplate()}). */
    public final Table words;
    /** The number of features: 2^hashBits, or the dictionary's size. */
    public final int features;
    public final Weights emissions;
    /**
     * The transition weights, {@code transitions[from * kp + to]}, kp the tags padded to the
     * K-class kernel's lanes ({@code kernel.internal.ClassScores.paddedClasses}), padding zero.
     */
    public final float[] transitions;
    /** The first tag's weights, kp of them. */
    public final float[] start;
    /** The last tag's weights, kp of them. */
    public final float[] end;
    /**
     * The known words' rows: entry e's {@link TaggerAccess#rowLength()} feature ids (or -1) from
     * e times that; null to have them made from the keys.
     */
    public final int[] rows;

    /** Takes the arrays over as they are; {@link TaggerAccess#tagger} builds the tagger on them. */
    public Parts(Algorithm algorithm, Tagger.Decoder decoder, int cutoff, String[] tags, int hashBits,
        Table dictionary, Table words, int features, Weights emissions, float[] transitions, float[] start,
        float[] end, int[] rows) {
      this.algorithm = algorithm;
      this.decoder = decoder;
      this.cutoff = cutoff;
      this.tags = tags;
      this.hashBits = hashBits;
      this.dictionary = dictionary;
      this.words = words;
      this.features = features;
      this.emissions = emissions;
      this.transitions = transitions;
      this.start = start;
      this.end = end;
      this.rows = rows;
    }
  }

  /** The operations behind this class, implemented in the sequence package. */
  public interface Bridge {
    Parts parts(Tagger tagger);

    Tagger tagger(Parts parts);

    Table table(int size, byte[] templates, int[] hashes, int[] starts, char[] pool);

    Table table(int entries);

    WeightsBuilder weights(int k, int d);

    int[] rows(int hashBits, Table dictionary, Table words);

    int templates();

    int wordTemplate();

    int rowLength();
  }

  private static Bridge installed;

  private TaggerAccess() {}

  /** Called once by the sequence package when {@link Tagger} is initialized; any other call throws. */
  public static synchronized void install(Bridge bridge) {
    Class<?> c = bridge.getClass();
    if (installed != null || !c.getPackageName().equals(Tagger.class.getPackageName())
        || c.getClassLoader() != Tagger.class.getClassLoader()) {
      throw new IllegalStateException("the tagger bridge is installed by the sequence package, once");
    }
    installed = bridge;
  }

  private static final class Holder {
    static final Bridge BRIDGE = load();

    private static Bridge load() {
      try {
        Class.forName(Tagger.class.getName(), true, Tagger.class.getClassLoader());
      } catch (ClassNotFoundException e) {
        throw new AssertionError(e);
      }
      synchronized (TaggerAccess.class) {
        return installed;
      }
    }
  }

  /** The tagger's parts (its own arrays and tables: read them, never modify them). */
  public static Parts parts(Tagger tagger) {
    return Holder.BRIDGE.parts(tagger);
  }

  /**
   * The tagger of these parts, which it owns from now on. The parts are trusted to fit together
   * (the tagger file checks them as it reads them); the known words' rows are made from the keys
   * when the parts have none.
   */
  public static Tagger tagger(Parts parts) {
    return Holder.BRIDGE.tagger(parts);
  }

  /**
   * A table of {@code size} entries from its arrays (see {@link Table}), kept, not copied, and
   * its keys not hashed again: a hash that is not its key's makes the key unknown, nothing worse.
   *
   * @throws IllegalArgumentException naming the first part that would send a lookup out of
   *     bounds: a template not below {@link #templates()}, starts not from 0 ascending to the
   *     pool's end
   */
  public static Table table(int size, byte[] templates, int[] hashes, int[] starts, char[] pool) {
    return Holder.BRIDGE.table(size, templates, hashes, starts, pool);
  }

  /** An empty table with room for {@code entries} entries, to {@link Table#add} to. */
  public static Table table(int entries) {
    return Holder.BRIDGE.table(entries);
  }

  /** A builder of the emission weights of d features and k tags. */
  public static WeightsBuilder weights(int k, int d) {
    return Holder.BRIDGE.weights(k, d);
  }

  /** The known words' rows (see {@link Parts#rows}) made from the keys: each key looked up in the dictionary, or hashed. */
  public static int[] rows(int hashBits, Table dictionary, Table words) {
    return Holder.BRIDGE.rows(hashBits, dictionary, words);
  }

  /** The number of feature templates: every template number is below it. */
  public static int templates() {
    return Holder.BRIDGE.templates();
  }

  /** The template of a known word's key. */
  public static int wordTemplate() {
    return Holder.BRIDGE.wordTemplate();
  }

  /** The feature ids of a known word's row. */
  public static int rowLength() {
    return Holder.BRIDGE.rowLength();
  }
}
