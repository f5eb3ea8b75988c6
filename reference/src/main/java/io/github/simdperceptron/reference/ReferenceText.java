package io.github.simdperceptron.reference;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The literal twin of the text vectorizer of docs/formats.md ("Text (raw documents)", "From text
 * to features"): Strings, code points, {@link BigInteger} arithmetic modulo 2^64, a {@link
 * LinkedHashMap} for the dictionary and a {@link TreeMap} for a document's vector. This is the
 * oracle the fast vectorizer is diffed against; it is deliberately naive and must stay that way.
 *
 * <p>The features of a document, in the order {@link #keys} lists them (which fixes the order of
 * first appearance, hence the ids, of a dictionary), token by token in text order: the token's
 * key; the keys of the runs of 2, 3, .., N tokens that end with it (shortest first); then the
 * keys of the character n-grams of {@code <token>}, by start position and, for one start, shortest
 * first. The one-code-point substrings excluded are the two boundary marks themselves (the first
 * and the last code point of {@code <token>}), not a token's own {@code <} or {@code >}.
 *
 * <p>Settings shared by the methods: {@code lowercase} maps every code point of a token by {@link
 * Character#toLowerCase(int)}; {@code punctuation} makes every code point of category P or S a
 * token of its own; {@code ngrams} is N >= 1; {@code charMin, charMax} are 0, 0 (no character
 * n-grams) or 1 <= MIN <= MAX. Arguments are not modified.
 */
public final class ReferenceText {
  private ReferenceText() {}

  private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);
  private static final BigInteger FNV_OFFSET = new BigInteger("cbf29ce484222325", 16);
  private static final BigInteger FNV_PRIME = new BigInteger("100000001b3", 16);
  private static final BigInteger NGRAM_MULTIPLIER = new BigInteger("9e3779b97f4a7c15", 16);
  private static final BigInteger HASH_MULTIPLIER = new BigInteger("c2b2ae3d27d4eb4f", 16);
  private static final String LABEL_PREFIX = "__label__";

  /** The labels and text of one line: {@code labels} is null when the line has neither form. */
  public record Parsed(List<String> labels, String text) {}

  /**
   * Splits a line (without its line end) into labels and text. A fastText line (at least one
   * field, split at ASCII space, tab, \v, \f, \r, that starts with {@code __label__} and is longer
   * than it): the labels are those fields in order, the text the other fields in order joined by
   * single spaces. Otherwise a line with a tab: the one label is what precedes the first tab, the
   * text what follows it. Otherwise labels are null and the text is the line.
   *
   * @throws IllegalArgumentException for a line without a {@code __label__} field whose first tab
   *     is its first character (an empty label)
   */
  public static Parsed parseLine(String line) {
    List<String> fields = new ArrayList<>();
    StringBuilder field = new StringBuilder();
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c == ' ' || c == '\t' || c == '\u000B' || c == '\f' || c == '\r') {
        if (field.length() > 0) {
          fields.add(field.toString());
          field.setLength(0);
        }
      } else {
        field.append(c);
      }
    }
    if (field.length() > 0) {
      fields.add(field.toString());
    }
    List<String> labels = new ArrayList<>();
    List<String> words = new ArrayList<>();
    for (String f : fields) {
      if (f.startsWith(LABEL_PREFIX) && f.length() > LABEL_PREFIX.length()) {
        labels.add(f);
      } else {
        words.add(f);
      }
    }
    if (!labels.isEmpty()) {
      return new Parsed(labels, String.join(" ", words));
    }
    int tab = line.indexOf('\t');
    if (tab >= 0) {
      if (tab == 0) {
        throw new IllegalArgumentException("line: empty label before the tab");
      }
      return new Parsed(List.of(line.substring(0, tab)), line.substring(tab + 1));
    }
    return new Parsed(null, line);
  }

  /** True for general categories L, M and Nd. */
  static boolean isWordCharacter(int cp) {
    int t = Character.getType(cp);
    return t == Character.UPPERCASE_LETTER
        || t == Character.LOWERCASE_LETTER
        || t == Character.TITLECASE_LETTER
        || t == Character.MODIFIER_LETTER
        || t == Character.OTHER_LETTER
        || t == Character.NON_SPACING_MARK
        || t == Character.ENCLOSING_MARK
        || t == Character.COMBINING_SPACING_MARK
        || t == Character.DECIMAL_DIGIT_NUMBER;
  }

  /** True for general categories P and S. */
  static boolean isPunctuationOrSymbol(int cp) {
    int t = Character.getType(cp);
    return t == Character.CONNECTOR_PUNCTUATION
        || t == Character.DASH_PUNCTUATION
        || t == Character.START_PUNCTUATION
        || t == Character.END_PUNCTUATION
        || t == Character.INITIAL_QUOTE_PUNCTUATION
        || t == Character.FINAL_QUOTE_PUNCTUATION
        || t == Character.OTHER_PUNCTUATION
        || t == Character.MATH_SYMBOL
        || t == Character.CURRENCY_SYMBOL
        || t == Character.MODIFIER_SYMBOL
        || t == Character.OTHER_SYMBOL;
  }

  /**
   * The tokens of a text in order: maximal runs of word characters (categories L, M, Nd), and with
   * {@code punctuation} every code point of category P or S on its own; every other code point
   * separates. With {@code lowercase}, each code point of a token is mapped by {@link
   * Character#toLowerCase(int)}.
   */
  public static List<String> tokens(String text, boolean lowercase, boolean punctuation) {
    List<String> tokens = new ArrayList<>();
    StringBuilder current = null;
    int[] cps = text.codePoints().toArray();
    for (int cp : cps) {
      if (isWordCharacter(cp)) {
        if (current == null) {
          current = new StringBuilder();
        }
        current.appendCodePoint(lowercase ? Character.toLowerCase(cp) : cp);
      } else {
        if (current != null) {
          tokens.add(current.toString());
          current = null;
        }
        if (punctuation && isPunctuationOrSymbol(cp)) {
          tokens.add(new StringBuilder().appendCodePoint(lowercase ? Character.toLowerCase(cp) : cp).toString());
        }
      }
    }
    if (current != null) {
      tokens.add(current.toString());
    }
    return tokens;
  }

  /** a * b mod 2^64, as an unsigned value in [0, 2^64). */
  private static BigInteger mulMod64(BigInteger a, BigInteger b) {
    return a.multiply(b).mod(TWO_64);
  }

  private static BigInteger unsigned(long x) {
    return new BigInteger(Long.toUnsignedString(x));
  }

  /**
   * FNV-1a 64 of bytes: h = 0xcbf29ce484222325; for each byte b (0..255), h = (h XOR b) *
   * 0x100000001b3 mod 2^64.
   */
  public static long fnv1a64(byte[] bytes) {
    BigInteger h = FNV_OFFSET;
    for (byte b : bytes) {
      h = h.xor(BigInteger.valueOf(b & 0xff));
      h = mulMod64(h, FNV_PRIME);
    }
    return h.longValue();
  }

  /** The key of a token: FNV-1a 64 of its UTF-8 bytes. */
  public static long tokenKey(String token) {
    return fnv1a64(token.getBytes(StandardCharsets.UTF_8));
  }

  /** The key of a character n-gram: FNV-1a 64 of the byte 0xff followed by its UTF-8 bytes. */
  public static long charNgramKey(String substring) {
    byte[] utf8 = substring.getBytes(StandardCharsets.UTF_8);
    byte[] bytes = new byte[utf8.length + 1];
    bytes[0] = (byte) 0xff;
    for (int i = 0; i < utf8.length; i++) {
      bytes[i + 1] = utf8[i];
    }
    return fnv1a64(bytes);
  }

  /** The key of a run of tokens: k = key(t_1), then k = k * 0x9e3779b97f4a7c15 + key(t_j) mod 2^64. */
  public static long wordNgramKey(List<String> run) {
    BigInteger k = unsigned(tokenKey(run.get(0)));
    for (int j = 1; j < run.size(); j++) {
      k = mulMod64(k, NGRAM_MULTIPLIER).add(unsigned(tokenKey(run.get(j)))).mod(TWO_64);
    }
    return k.longValue();
  }

  /**
   * The substrings of n code points, charMin <= n <= charMax, of {@code <} + token + {@code >},
   * start ascending then n ascending, without the two one-code-point boundary marks.
   */
  public static List<String> charNgrams(String token, int charMin, int charMax) {
    List<Integer> cps = new ArrayList<>();
    cps.add((int) '<');
    token.codePoints().forEach(cps::add);
    cps.add((int) '>');
    List<String> grams = new ArrayList<>();
    for (int start = 0; start < cps.size(); start++) {
      for (int n = charMin; n <= charMax && start + n <= cps.size(); n++) {
        if (n == 1 && (start == 0 || start == cps.size() - 1)) {
          continue;
        }
        StringBuilder s = new StringBuilder();
        for (int i = start; i < start + n; i++) {
          s.appendCodePoint(cps.get(i));
        }
        grams.add(s.toString());
      }
    }
    return grams;
  }

  /**
   * Every feature key of a text, one per occurrence, in the order of the class comment: for each
   * token, its key, the keys of the word n-grams (n = 2 .. ngrams) that end with it, and the keys
   * of its character n-grams.
   */
  public static List<Long> keys(String text, boolean lowercase, boolean punctuation, int ngrams, int charMin, int charMax) {
    checkSettings(ngrams, charMin, charMax);
    List<String> tokens = tokens(text, lowercase, punctuation);
    List<Long> keys = new ArrayList<>();
    for (int i = 0; i < tokens.size(); i++) {
      keys.add(tokenKey(tokens.get(i)));
      for (int n = 2; n <= ngrams && i - n + 1 >= 0; n++) {
        keys.add(wordNgramKey(tokens.subList(i - n + 1, i + 1)));
      }
      if (charMax > 0) {
        for (String g : charNgrams(tokens.get(i), charMin, charMax)) {
          keys.add(charNgramKey(g));
        }
      }
    }
    return keys;
  }

  /** The hashed id of a key: the top {@code bits} bits of k * 0xc2b2ae3d27d4eb4f mod 2^64, 1 <= bits <= 28. */
  public static int hashedId(long key, int bits) {
    if (bits < 1 || bits > 28) {
      throw new IllegalArgumentException("bits: " + bits + ", expected 1 to 28");
    }
    return mulMod64(unsigned(key), HASH_MULTIPLIER).shiftRight(64 - bits).intValueExact();
  }

  /**
   * The dictionary of training texts: every key of every text (in list order, each text's keys in
   * {@link #keys} order) counted over its occurrences; the keys seen at least {@code minCount}
   * times get ids 0, 1, 2, ... in the order of their first appearance. Returns key -> id, in id
   * order.
   */
  public static Map<Long, Integer> dictionary(
      List<String> texts, boolean lowercase, boolean punctuation, int ngrams, int charMin, int charMax, int minCount) {
    if (minCount < 1) {
      throw new IllegalArgumentException("minCount: " + minCount + ", expected at least 1");
    }
    LinkedHashMap<Long, Integer> counts = new LinkedHashMap<>();
    for (String text : texts) {
      for (Long k : keys(text, lowercase, punctuation, ngrams, charMin, charMax)) {
        counts.put(k, counts.getOrDefault(k, 0) + 1);
      }
    }
    LinkedHashMap<Long, Integer> ids = new LinkedHashMap<>();
    for (Map.Entry<Long, Integer> e : counts.entrySet()) {
      if (e.getValue() >= minCount) {
        ids.put(e.getKey(), ids.size());
      }
    }
    return ids;
  }

  /** The number of features: 2^bits with hashing (bits >= 1), else the size of the dictionary, at least 1. */
  public static int dimension(Map<Long, Integer> dictionaryOrNull, int bits) {
    return bits > 0 ? 1 << bits : Math.max(1, dictionaryOrNull.size());
  }

  /**
   * The ids of a text's keys and how many keys have each: each key's id (hashed with {@code bits}
   * in 1..28; with {@code bits == 0} looked up in the dictionary, keys not in it dropped).
   */
  private static TreeMap<Integer, Integer> idCounts(String text, boolean lowercase, boolean punctuation, int ngrams,
      int charMin, int charMax, Map<Long, Integer> dictionaryOrNull, int bits) {
    if (bits == 0 && dictionaryOrNull == null) {
      throw new IllegalArgumentException("dictionaryOrNull: null with bits 0");
    }
    TreeMap<Integer, Integer> counts = new TreeMap<>();
    for (Long k : keys(text, lowercase, punctuation, ngrams, charMin, charMax)) {
      Integer id = bits > 0 ? Integer.valueOf(hashedId(k, bits)) : dictionaryOrNull.get(k);
      if (id != null) {
        counts.put(id, counts.getOrDefault(id, 0) + 1);
      }
    }
    return counts;
  }

  /**
   * The document frequency of each id: the number of {@code texts} with at least one key of that
   * id (ids as {@link #vector} gives them). Ids no text holds are absent (their frequency is 0).
   */
  public static SortedMap<Integer, Integer> documentFrequencies(List<String> texts, boolean lowercase,
      boolean punctuation, int ngrams, int charMin, int charMax, Map<Long, Integer> dictionaryOrNull, int bits) {
    TreeMap<Integer, Integer> df = new TreeMap<>();
    for (String text : texts) {
      for (Integer id : idCounts(text, lowercase, punctuation, ngrams, charMin, charMax, dictionaryOrNull, bits)
          .keySet()) {
        df.put(id, df.getOrDefault(id, 0) + 1);
      }
    }
    return df;
  }

  /**
   * {@link #vector(String, boolean, boolean, int, int, int, Map, int, String, boolean, Map, long)}
   * for the values that need no document frequencies: binary, count and log.
   */
  public static SortedMap<Integer, Float> vector(
      String text, boolean lowercase, boolean punctuation, int ngrams, int charMin, int charMax,
      Map<Long, Integer> dictionaryOrNull, int bits, String values, boolean l2) {
    if (values.equals("tfidf")) {
      throw new IllegalArgumentException("values: tfidf needs the document frequencies");
    }
    return vector(text, lowercase, punctuation, ngrams, charMin, charMax, dictionaryOrNull, bits, values, l2,
        null, 0);
  }

  /**
   * The vector of a text: each key's id (hashed with {@code bits} in 1..28; with {@code bits == 0}
   * looked up in the dictionary, keys not in it dropped), c = the number of the text's keys with
   * id j, and the value at j: {@code "binary"} 1, {@code "count"} c, {@code "log"} (float) (1 + ln
   * c) in double, {@code "tfidf"} that log value times the float (float) (ln((1 + N) / (1 + df)) +
   * 1) in double (a float product), N = {@code documents} and df = {@code frequencies}' entry for j
   * (0 when absent). With {@code l2}, every value v becomes (float) (v / sqrt(sum of v^2)), the sum
   * of squares in double in increasing id order. Ids in increasing order; empty when the text has
   * no feature.
   */
  public static SortedMap<Integer, Float> vector(
      String text, boolean lowercase, boolean punctuation, int ngrams, int charMin, int charMax,
      Map<Long, Integer> dictionaryOrNull, int bits, String values, boolean l2,
      Map<Integer, Integer> frequencies, long documents) {
    if (!values.equals("binary") && !values.equals("count") && !values.equals("log") && !values.equals("tfidf")) {
      throw new IllegalArgumentException("values: " + values + ", expected binary, count, log or tfidf");
    }
    if (values.equals("tfidf") && frequencies == null) {
      throw new IllegalArgumentException("frequencies: null with tfidf");
    }
    TreeMap<Integer, Integer> counts = idCounts(text, lowercase, punctuation, ngrams, charMin, charMax,
        dictionaryOrNull, bits);
    TreeMap<Integer, Float> vector = new TreeMap<>();
    for (Map.Entry<Integer, Integer> e : counts.entrySet()) {
      int c = e.getValue();
      float v;
      switch (values) {
        case "binary":
          v = 1f;
          break;
        case "count":
          v = (float) c;
          break;
        case "log":
          v = (float) (1.0 + Math.log(c));
          break;
        case "tfidf":
          float tf = (float) (1.0 + Math.log(c));
          int df = frequencies.getOrDefault(e.getKey(), 0);
          float idf = (float) (Math.log((1.0 + documents) / (1.0 + df)) + 1.0);
          v = tf * idf;
          break;
        default:
          throw new IllegalArgumentException("values: " + values + ", expected binary, count or log");
      }
      vector.put(e.getKey(), v);
    }
    if (l2) {
      double sumOfSquares = 0.0;
      for (float v : vector.values()) {
        sumOfSquares = sumOfSquares + (double) v * (double) v;
      }
      double norm = Math.sqrt(sumOfSquares);
      for (Map.Entry<Integer, Float> e : vector.entrySet()) {
        e.setValue((float) ((double) e.getValue() / norm));
      }
    }
    return vector;
  }

  private static void checkSettings(int ngrams, int charMin, int charMax) {
    if (ngrams < 1) {
      throw new IllegalArgumentException("ngrams: " + ngrams + ", expected at least 1");
    }
    boolean none = charMin == 0 && charMax == 0;
    if (!none && (charMin < 1 || charMax < charMin)) {
      throw new IllegalArgumentException("charMin, charMax: " + charMin + ", " + charMax + ", expected 0, 0 or 1 <= min <= max");
    }
  }
}
