package io.github.simdperceptron.text;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Turns raw text into the sparse rows the learners take: tokens (Unicode letters, marks and digits;
 * optionally punctuation and symbols), lower-cased unless asked not to, word n-grams up to
 * {@link #ngrams()}, optional character n-grams of each token, and feature ids from a dictionary
 * built in one pass with a minimum count, or from hashing into 2^b buckets. A document's value at
 * id j comes from the number c of its features with id j: 1 ({@link Values#BINARY}), c
 * ({@link Values#COUNT}), 1 + ln c ({@link Values#LOG}) or (1 + ln c) idf_j ({@link Values#TFIDF}, with
 * the training documents' frequencies), optionally divided by the document's L2 norm. docs/formats.md ("From text to features") specifies every step, with the hash functions,
 * so another program can reproduce the ids; {@code reference.ReferenceText} is its literal twin.
 *
 * <p>Immutable and thread-safe. A hashing vectorizer is ready as built; a dictionary vectorizer is
 * ready once {@link #fit} (or {@link TextFile#read}) has built its dictionary, and a
 * {@link Values#TFIDF} one once they have counted its document frequencies. The settings and the
 * dictionary travel inside the model file ({@link #writeTo}, {@link #readFrom}).
 *
 * <p>Longer than most classes: the settings' builder, the vectorizing, the frequencies and the
 * section's reading and writing are one value whose fields each part reads, and splitting them
 * would make those fields visible across the package.
 */
public final class TextVectorizer {
  /** How a feature's count in a document becomes its value. */
  public enum Values {
    /** 1 for every feature present. */
    BINARY,
    /** The number of occurrences c. */
    COUNT,
    /** 1 + ln c. */
    LOG,
    /**
     * (1 + ln c) idf_j: the log value times the inverse document frequency of feature j,
     * idf_j = ln((1 + N) / (1 + df_j)) + 1 with N the training documents and df_j those holding j
     * (per dictionary entry, or per bucket when hashing), both counted when the vectorizer is fitted.
     */
    TFIDF
  }

  /** Largest {@code hashBits}: 2^28 features. */
  public static final int MAX_HASH_BITS = 28;
  /** Largest word n-gram order. */
  public static final int MAX_NGRAMS = 8;
  /** Longest character n-gram, in code points. */
  public static final int MAX_CHAR_NGRAM = 16;

  private final boolean lowercase;
  private final boolean punctuation;
  private final int ngrams;
  private final int charMin;
  private final int charMax;
  private final int minCount;
  private final int hashBits;
  private final Values values;
  private final boolean l2;
  /** The dictionary (null when hashing, or before fitting). */
  private final KeyTable dictionary;
  /** {@link Values#TFIDF}: the training documents N (0 otherwise, or before fitting). */
  private final long documents;
  /** {@link Values#TFIDF}: the training documents holding each feature, by id (null otherwise, or before fitting). */
  private final int[] frequencies;
  /** {@link Values#TFIDF}: each feature's idf, from {@link #frequencies}. */
  private final float[] idf;

  private TextVectorizer(Builder b, KeyTable dictionary) {
    this(b, dictionary, 0, null);
  }

  private TextVectorizer(Builder b, KeyTable dictionary, long documents, int[] frequencies) {
    this.lowercase = b.lowercase;
    this.punctuation = b.punctuation;
    this.ngrams = b.ngrams;
    this.charMin = b.charMin;
    this.charMax = b.charMax;
    this.minCount = b.minCount;
    this.hashBits = b.hashBits;
    this.values = b.values;
    this.l2 = b.l2;
    this.dictionary = dictionary;
    this.documents = documents;
    this.frequencies = frequencies;
    this.idf = frequencies == null ? null : idf(documents, frequencies);
  }

  /** ln((1 + n) / (1 + df)) + 1 in double, rounded to float, for each df. */
  private static float[] idf(long n, int[] df) {
    float[] idf = new float[df.length];
    for (int j = 0; j < df.length; j++) {
      idf[j] = (float) (Math.log((1.0 + n) / (1.0 + df[j])) + 1.0);
    }
    return idf;
  }

  /**
   * A builder with the defaults: lower-case, punctuation and symbols kept as tokens, word n-grams up
   * to 2, no character n-grams, a dictionary with minimum count 1, tf-idf values ((1 + ln c) idf),
   * each document divided by its L2 norm. These gave the best accuracy of the settings measured on the
   * benchmark sets (docs/text.md).
   */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding these settings (not the dictionary). */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.lowercase = lowercase;
    b.punctuation = punctuation;
    b.ngrams = ngrams;
    b.charMin = charMin;
    b.charMax = charMax;
    b.minCount = minCount;
    b.hashBits = hashBits;
    b.values = values;
    b.l2 = l2;
    return b;
  }

  /** The settings of a vectorizer. Each setter checks its argument and names it when it is out of range. */
  public static final class Builder {
    private boolean lowercase = true;
    private boolean punctuation = true;
    private int ngrams = 2;
    private int charMin;
    private int charMax;
    private int minCount = 1;
    private int hashBits;
    private Values values = Values.TFIDF;
    private boolean l2 = true;

    private Builder() {}

    /** Whether each code point is mapped by {@code Character.toLowerCase(int)} (default true). */
    public Builder lowercase(boolean on) {
      lowercase = on;
      return this;
    }

    /** Whether each punctuation or symbol code point (categories P and S) is a token (default true; false: a separator). */
    public Builder punctuation(boolean on) {
      punctuation = on;
      return this;
    }

    /** Word n-grams of 1 to {@code n} tokens, n in [1, {@link #MAX_NGRAMS}] (default 2). */
    public Builder ngrams(int n) {
      if (n < 1 || n > MAX_NGRAMS) {
        throw new IllegalArgumentException("ngrams must be in [1, " + MAX_NGRAMS + "], got " + n);
      }
      ngrams = n;
      return this;
    }

    /**
     * Character n-grams of min to max code points of each token between the marks {@code <} and
     * {@code >}; {@code (0, 0)} for none (the default), else {@code 1 <= min <= max <= }
     * {@link #MAX_CHAR_NGRAM}.
     */
    public Builder charNgrams(int min, int max) {
      if (!(min == 0 && max == 0) && (min < 1 || max < min || max > MAX_CHAR_NGRAM)) {
        throw new IllegalArgumentException("charNgrams must be (0, 0) or 1 <= min <= max <= " + MAX_CHAR_NGRAM
            + ", got (" + min + ", " + max + ")");
      }
      charMin = min;
      charMax = max;
      return this;
    }

    /** A dictionary keeps the features seen at least this often in the training text (default 1; dictionary only). */
    public Builder minCount(int count) {
      if (count < 1) {
        throw new IllegalArgumentException("minCount must be >= 1, got " + count);
      }
      minCount = count;
      return this;
    }

    /** Hash features into 2^bits ids, bits in [1, {@link #MAX_HASH_BITS}], or 0 for a dictionary (the default). */
    public Builder hashBits(int bits) {
      if (bits < 0 || bits > MAX_HASH_BITS) {
        throw new IllegalArgumentException("hashBits must be 0 (a dictionary) or in [1, " + MAX_HASH_BITS
            + "], got " + bits);
      }
      hashBits = bits;
      return this;
    }

    /** How counts become values (default {@link Values#TFIDF}). */
    public Builder values(Values v) {
      values = Objects.requireNonNull(v, "values");
      return this;
    }

    /** Whether each document's values are divided by their L2 norm (default true). */
    public Builder l2(boolean on) {
      l2 = on;
      return this;
    }

    /** The vectorizer: ready when hashing, to be fitted when it keeps a dictionary. */
    public TextVectorizer build() {
      if (hashBits > 0 && minCount != 1) {
        throw new IllegalArgumentException("minCount applies to a dictionary, and hashBits " + hashBits
            + " asks for hashing (no dictionary)");
      }
      return new TextVectorizer(this, null);
    }
  }

  public boolean lowercase() {
    return lowercase;
  }

  public boolean punctuation() {
    return punctuation;
  }

  public int ngrams() {
    return ngrams;
  }

  /** The shortest character n-gram; 0 when there are none. */
  public int charMin() {
    return charMin;
  }

  /** The longest character n-gram; 0 when there are none. */
  public int charMax() {
    return charMax;
  }

  public int minCount() {
    return minCount;
  }

  /** The number of hash bits; 0 for a dictionary. */
  public int hashBits() {
    return hashBits;
  }

  public Values values() {
    return values;
  }

  public boolean l2() {
    return l2;
  }

  /** Whether ids come from hashing (no dictionary). */
  public boolean hashing() {
    return hashBits > 0;
  }

  /**
   * Whether the vectorizer can transform: hashing, or a dictionary was built; and with
   * {@link Values#TFIDF}, the document frequencies were counted.
   */
  public boolean fitted() {
    return (hashBits > 0 || dictionary != null) && (values != Values.TFIDF || frequencies != null);
  }

  /** Whether fitting must build a dictionary. */
  boolean needsDictionary() {
    return hashBits == 0 && dictionary == null;
  }

  /** Whether fitting must count document frequencies. */
  boolean needsFrequencies() {
    return values == Values.TFIDF && frequencies == null;
  }

  /** {@link Values#TFIDF}: the number of training documents the frequencies were counted on (0 otherwise). */
  public long documents() {
    return documents;
  }

  /** The number of features: 2^hashBits, or the dictionary's size; throws {@link IllegalStateException} before fitting. */
  public int dimension() {
    if (hashBits > 0) {
      return 1 << hashBits;
    }
    requireFitted();
    return Math.max(1, dictionary.size());
  }

  /** The number of distinct features the dictionary holds (0 when hashing). */
  public int dictionarySize() {
    return dictionary == null ? 0 : dictionary.size();
  }

  private void requireFitted() {
    if (!fitted()) {
      throw new IllegalStateException("a dictionary or tfidf vectorizer must be fitted (fit, or TextFile.read)"
          + " before it transforms");
    }
  }

  /**
   * This vectorizer's settings with a dictionary built from {@code texts}: every feature key
   * counted over all its occurrences, those seen at least {@link #minCount()} times numbered in
   * the order of first appearance; with {@link Values#TFIDF}, also the number of texts holding each
   * feature (a second pass over {@code texts}). A fitted vectorizer (a hashing one without tfidf)
   * returns itself. Nothing passed is modified.
   */
  public TextVectorizer fit(Iterable<? extends CharSequence> texts) {
    Objects.requireNonNull(texts, "texts");
    TextVectorizer v = needsDictionary() ? fitDictionary(texts) : this;
    if (!v.needsFrequencies()) {
      return v;
    }
    Featurizer f = v.counting().featurizer();
    int[] df = new int[v.frequencyLength()];
    long n = 0;
    for (CharSequence text : texts) {
      scanText(f.scanner, Objects.requireNonNull(text, "a text"));
      int m = f.row(f.scanner.keys(), f.scanner.count());
      for (int k = 0; k < m; k++) {
        df[f.indices[k]]++;
      }
      n++;
    }
    return v.withFrequencies(n, df);
  }

  private TextVectorizer fitDictionary(Iterable<? extends CharSequence> texts) {
    DictionaryCounter counter = new DictionaryCounter(1 << 12);
    KeyScanner scanner = scanner();
    DistinctKeys distinct = new DistinctKeys();
    int[] ids = new int[256];
    for (CharSequence text : texts) {
      scanText(scanner, Objects.requireNonNull(text, "a text"));
      int n = distinct.of(scanner.keys(), scanner.count());
      if (ids.length < n) {
        ids = new int[n];
      }
      counter.addAll(distinct.keys, distinct.counts, 0, n, ids);
    }
    return withDictionary(counter.kept(minCount));
  }

  /** This vectorizer's settings with the dictionary {@code keysById} (distinct keys, id = position). */
  TextVectorizer withDictionary(long[] keysById) {
    return new TextVectorizer(toBuilder(), KeyTable.of(keysById));
  }

  /** This vectorizer (its dictionary) with the document frequencies {@code df} (kept) of {@code n} documents. */
  TextVectorizer withFrequencies(long n, int[] df) {
    return new TextVectorizer(toBuilder(), dictionary, n, df);
  }

  /** The number of document frequencies a fitted tfidf vectorizer holds: one per id. */
  int frequencyLength() {
    return hashBits > 0 ? 1 << hashBits : dictionary.size();
  }

  /** This vectorizer's ids (its dictionary, or hashing) with count values and no norm: the rows tfidf starts from. */
  TextVectorizer counting() {
    return new TextVectorizer(toBuilder().values(Values.COUNT).l2(false), dictionary);
  }

  /** The document frequency of each id in the rows {@code indices[rowPtr[i], rowPtr[i + 1])} (distinct ids in a row). */
  int[] frequencies(int[] rowPtr, int rows, int[] indices) {
    int[] df = new int[frequencyLength()];
    for (int p = 0; p < rowPtr[rows]; p++) {
      df[indices[p]]++;
    }
    return df;
  }

  /** The indices (increasing) and values of a document's row. */
  public record Row(int[] indices, float[] values) {
    /** Checks the two arrays have one length; they are kept, not copied. */
    public Row {
      Objects.requireNonNull(indices, "indices");
      Objects.requireNonNull(values, "values");
      if (indices.length != values.length) {
        throw new IllegalArgumentException(indices.length + " indices but " + values.length + " values");
      }
    }
  }

  /**
   * The row of one document's text (labels are not parsed here: the whole text is the document).
   * Throws {@link IllegalArgumentException} for text with an unpaired surrogate or a NUL character.
   */
  public Row transform(CharSequence text) {
    Objects.requireNonNull(text, "text");
    requireFitted();
    Featurizer f = featurizer();
    KeyScanner scanner = f.scanner;
    scanText(scanner, text);
    int n = f.row(scanner.keys(), scanner.count());
    return new Row(java.util.Arrays.copyOf(f.indices, n), java.util.Arrays.copyOf(f.values, n));
  }

  private static void scanText(KeyScanner scanner, CharSequence text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isSurrogate(c)) {
        boolean paired = Character.isHighSurrogate(c) && i + 1 < text.length()
            && Character.isLowSurrogate(text.charAt(i + 1));
        if (!paired) {
          throw new IllegalArgumentException("text holds an unpaired surrogate at index " + i
              + " (expected Unicode text)");
        }
        i++;
      }
    }
    byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
    scanner.begin();
    int bad = scanner.scan(bytes, 0, bytes.length);
    if (bad >= 0) {
      // Only a NUL reaches here: unpaired surrogates were refused above, so the bytes are well-formed UTF-8.
      throw new IllegalArgumentException("text holds a NUL character at byte " + bad);
    }
  }

  KeyScanner scanner() {
    return new KeyScanner(lowercase, punctuation, ngrams, charMin, charMax);
  }

  /** A per-thread worker that turns keys into a row. */
  Featurizer featurizer() {
    return new Featurizer(this);
  }


  /**
   * Scratch for one thread: a scanner, the ids of a document and its row. Reused for every
   * document, so turning text into rows allocates nothing once the arrays have grown to the
   * longest document.
   */
  static final class Featurizer {
    final KeyScanner scanner;
    private final TextVectorizer v;
    private final Values how;
    private final float[] idf;
    private final boolean l2;
    private final DistinctKeys distinct = new DistinctKeys();
    private final PairSort sort = new PairSort();
    /** A document's (id, count) pairs: the id in the high 32 bits, the count in the low 32. */
    private long[] pairs = new long[256];
    int[] indices = new int[256];
    float[] values = new float[256];

    Featurizer(TextVectorizer v) {
      this.v = v;
      this.how = v.values;
      this.idf = v.idf;
      this.l2 = v.l2;
      this.scanner = v.scanner();
    }

    /** Fills {@link #indices} and {@link #values} with the row of {@code keys[0, n)}; returns its length. */
    int row(long[] keys, int n) {
      int m;
      if (v.hashBits > 0) {
        if (pairs.length < n) {
          pairs = new long[Math.max(n, 2 * pairs.length)];
        }
        long[] p = pairs;
        int shift = 64 - v.hashBits;
        for (int i = 0; i < n; i++) {
          p[i] = ((keys[i] * 0xc2b2ae3d27d4eb4fL) >>> shift) << 32 | 1;
        }
        m = n;
      } else {
        // Each distinct key is looked up once: the dictionary is large and its slots are cache misses.
        int d = distinct.of(keys, n);
        if (pairs.length < d) {
          pairs = new long[Math.max(d, 2 * pairs.length)];
        }
        m = v.dictionary.getAll(distinct.keys, distinct.counts, d, pairs);
      }
      return fromPairs(m);
    }

    /** The row of the (id, count) pairs {@code pairs[0, m)}, in any order, an id possibly repeated. */
    private int fromPairs(int m) {
      long[] p = pairs;
      sort.sort(p, m);
      if (indices.length < m) {
        indices = new int[Math.max(m, 2 * indices.length)];
        values = new float[indices.length];
      }
      int[] idx = indices;
      float[] val = values;
      int r = 0;
      Values how = this.how;
      for (int i = 0; i < m; ) {
        int id = (int) (p[i] >>> 32);
        long c = (int) p[i];
        int j = i + 1;
        while (j < m && (int) (p[j] >>> 32) == id) {
          c += (int) p[j];
          j++;
        }
        idx[r] = id;
        int count = (int) Math.min(Integer.MAX_VALUE, c);
        val[r] = how == Values.BINARY ? 1f : how == Values.COUNT ? (float) count
            : how == Values.LOG ? logValue(count) : logValue(count) * idf[id];
        r++;
        i = j;
      }
      if (l2 && r > 0) {
        double sum = 0;
        for (int i = 0; i < r; i++) {
          sum += (double) val[i] * val[i];
        }
        double norm = Math.sqrt(sum);
        for (int i = 0; i < r; i++) {
          val[i] = (float) (val[i] / norm);
        }
      }
      return r;
    }

    /**
     * Turns the counts in {@code values[from, to)} of the ids {@code indices[from, to)} into this
     * vectorizer's values, in place, as {@link #row} would: the values, then the norm over the row.
     */
    void countsToValues(int[] indices, float[] values, int from, int to) {
      Values how = this.how;
      if (how == Values.TFIDF) {
        for (int i = from; i < to; i++) {
          values[i] = logValue((int) values[i]) * idf[indices[i]];
        }
      } else if (how != Values.COUNT) {
        for (int i = from; i < to; i++) {
          values[i] = how == Values.BINARY ? 1f : logValue((int) values[i]);
        }
      }
      if (l2 && to > from) {
        double sum = 0;
        for (int i = from; i < to; i++) {
          sum += (double) values[i] * values[i];
        }
        double norm = Math.sqrt(sum);
        for (int i = from; i < to; i++) {
          values[i] = (float) (values[i] / norm);
        }
      }
    }

    /** Whether every value is 1 (binary values without a norm): the rows need not store values. */
    boolean unitValues() {
      return how == Values.BINARY && !l2;
    }
  }

  private static final float[] LOG_VALUES = new float[256];

  static {
    for (int c = 1; c < LOG_VALUES.length; c++) {
      LOG_VALUES[c] = (float) (1 + Math.log(c));
    }
  }

  /** 1 + ln c rounded to float, from a table for the common small counts (the same bits). */
  static float logValue(int c) {
    return c < LOG_VALUES.length ? LOG_VALUES[c] : (float) (1 + Math.log(c));
  }

  /** The settings as text, in a fixed order (for {@code info} and the model file's readers). */
  public Map<String, String> settings() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("lowercase", Boolean.toString(lowercase));
    m.put("punctuation", Boolean.toString(punctuation));
    m.put("ngrams", Integer.toString(ngrams));
    m.put("charNgrams", charMin == 0 ? "none" : charMin + "," + charMax);
    m.put("features", hashBits > 0 ? "hashing, " + hashBits + " bits" : "dictionary, min count " + minCount
        + (dictionary == null ? "" : ", " + dictionary.size() + " features"));
    m.put("values", values.name().toLowerCase(java.util.Locale.ROOT));
    m.put("l2", Boolean.toString(l2));
    return m;
  }

  @Override
  public String toString() {
    return "TextVectorizer" + settings();
  }

  /** Format version of the vectorizer section. */
  private static final int SECTION_VERSION = 1;

  /**
   * Writes the settings and the dictionary (docs/model-format.md, "Text section"): a version byte,
   * flags, n-grams, character n-gram bounds, minimum count, hash bits, values, then the number of
   * dictionary keys and the keys by id; with {@link Values#TFIDF} only, then the number of training
   * documents (8 bytes), the number of frequencies and the frequencies by id (4 bytes each). Throws
   * {@link IllegalStateException} before fitting.
   */
  public void writeTo(DataOutput out) throws IOException {
    requireFitted();
    out.writeByte(SECTION_VERSION);
    out.writeByte((lowercase ? 1 : 0) | (punctuation ? 2 : 0) | (l2 ? 4 : 0));
    out.writeByte(ngrams);
    out.writeByte(charMin);
    out.writeByte(charMax);
    out.writeInt(minCount);
    out.writeByte(hashBits);
    out.writeByte(values.ordinal());
    long[] keys = dictionary == null ? new long[0] : dictionary.keysInOrder();
    out.writeInt(keys.length);
    for (long k : keys) {
      out.writeLong(k);
    }
    if (values == Values.TFIDF) {
      out.writeLong(documents);
      out.writeInt(frequencies.length);
      for (int df : frequencies) {
        out.writeInt(df);
      }
    }
  }

  /** Bytes {@link #writeTo} writes. */
  public long sectionBytes() {
    return 1 + 1 + 3 + 4 + 1 + 1 + 4 + 8L * dictionarySize()
        + (values == Values.TFIDF ? 8 + 4 + 4L * frequencies.length : 0);
  }

  /**
   * Reads what {@link #writeTo} wrote; every field is checked, and a bad one is an
   * {@link IllegalArgumentException} saying which field and what was expected.
   */
  public static TextVectorizer readFrom(DataInput in, long bytesLeft) throws IOException {
    int version = in.readUnsignedByte();
    if (version != SECTION_VERSION) {
      throw new IllegalArgumentException("text section version " + version + " (expected " + SECTION_VERSION + ")");
    }
    int flags = in.readUnsignedByte();
    if ((flags & ~7) != 0) {
      throw new IllegalArgumentException("text flags " + flags + " (expected bits 1, 2, 4 only)");
    }
    Builder b = builder().lowercase((flags & 1) != 0).punctuation((flags & 2) != 0).l2((flags & 4) != 0);
    b.ngrams(in.readUnsignedByte());
    int cmin = in.readUnsignedByte();
    int cmax = in.readUnsignedByte();
    b.charNgrams(cmin, cmax);
    int minCount = in.readInt();
    int bits = in.readUnsignedByte();
    b.hashBits(bits);
    if (bits == 0) {
      b.minCount(minCount);
    } else if (minCount != 1) {
      throw new IllegalArgumentException("min count " + minCount + " with hashing (expected 1)");
    }
    int v = in.readUnsignedByte();
    if (v >= Values.values().length) {
      throw new IllegalArgumentException("values " + v + " (expected 0 binary, 1 count, 2 log or 3 tfidf)");
    }
    b.values(Values.values()[v]);
    int n = in.readInt();
    if (n < 0 || (bits > 0 && n != 0) || 8L * n > bytesLeft) {
      throw new IllegalArgumentException(n + " dictionary keys (expected " + (bits > 0 ? "0 with hashing"
          : "a count that fits in the file") + ")");
    }
    TextVectorizer read = b.build();
    if (bits == 0) {
      long[] keys = new long[n];
      for (int i = 0; i < n; i++) {
        keys[i] = in.readLong();
      }
      try {
        read = read.withDictionary(keys);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("dictionary: " + e.getMessage());
      }
    }
    if (read.values != Values.TFIDF) {
      return read;
    }
    long documents = in.readLong();
    if (documents < 0) {
      throw new IllegalArgumentException(documents + " training documents (expected a count >= 0)");
    }
    int m = in.readInt();
    if (m != read.frequencyLength() || 4L * m > bytesLeft - 8L * n) {
      throw new IllegalArgumentException(m + " document frequencies (expected " + read.frequencyLength()
          + ", one per feature)");
    }
    int[] df = new int[m];
    for (int j = 0; j < m; j++) {
      df[j] = in.readInt();
      if (df[j] < 0 || df[j] > documents) {
        throw new IllegalArgumentException("document frequency " + df[j] + " of feature " + j + " (expected 0 to "
            + documents + ", the training documents)");
      }
    }
    return read.withFrequencies(documents, df);
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof TextVectorizer)) {
      return false;
    }
    TextVectorizer t = (TextVectorizer) o;
    return lowercase == t.lowercase && punctuation == t.punctuation && ngrams == t.ngrams && charMin == t.charMin
        && charMax == t.charMax && minCount == t.minCount && hashBits == t.hashBits && values == t.values
        && l2 == t.l2 && java.util.Arrays.equals(dictionary == null ? null : dictionary.keysInOrder(),
            t.dictionary == null ? null : t.dictionary.keysInOrder())
        && documents == t.documents && java.util.Arrays.equals(frequencies, t.frequencies);
  }

  @Override
  public int hashCode() {
    return Objects.hash(lowercase, punctuation, ngrams, charMin, charMax, minCount, hashBits, values, l2,
        dictionarySize());
  }
}
