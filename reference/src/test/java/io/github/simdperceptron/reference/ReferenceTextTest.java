package io.github.simdperceptron.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * {@link ReferenceText} against published FNV-1a 64 test vectors (Landon Curt Noll's test_fnv.c),
 * against 64-bit {@code long} arithmetic (the twin computes in {@link java.math.BigInteger}), and
 * against hand-worked tokens, n-grams, dictionaries, counts and norms.
 */
class ReferenceTextTest {

  private static final long SEED = seed();

  /** {@code -Dtests.seed} (decimal, or hex after 0x), else a random seed. */
  private static long seed() {
    String s = System.getProperty("tests.seed");
    if (s == null || s.isBlank()) {
      return new Random().nextLong();
    }
    s = s.trim();
    return s.startsWith("0x") || s.startsWith("0X") ? Long.parseUnsignedLong(s.substring(2), 16) : Long.parseLong(s);
  }

  @Test
  void fnv1a64MatchesPublishedVectors() {
    String[][] vectors = {
      {"", "cbf29ce484222325"},
      {"a", "af63dc4c8601ec8c"},
      {"b", "af63df4c8601f1a5"},
      {"c", "af63de4c8601eff2"},
      {"f", "af63db4c8601ead9"},
      {"fo", "08985907b541d342"},
      {"foo", "dcb27518fed9d577"},
      {"foob", "dd120e790c2512af"},
      {"fooba", "cac165afa2fef40a"},
      {"foobar", "85944171f73967e8"},
      {"\0", "af63bd4c8601b7df"},
      {"a\0", "089be207b544f1e4"},
      {"chongo", "e150688c8217b8fd"},
    };
    for (String[] v : vectors) {
      assertEquals(Long.parseUnsignedLong(v[1], 16), ReferenceText.tokenKey(v[0]), "FNV-1a 64 of \"" + v[0] + "\"");
    }
  }

  /** FNV-1a 64 in Java's wrapping long arithmetic: a second implementation. */
  private static long fnvLong(byte[] bytes) {
    long h = 0xcbf29ce484222325L;
    for (byte b : bytes) {
      h ^= b & 0xff;
      h *= 0x100000001b3L;
    }
    return h;
  }

  @Test
  void keysAgreeWithLongArithmeticOnUtf8() {
    String[] tokens = {"héllo", "東京", "e\u0301", "\uD835\uDC00", "😀", "ß"};
    for (String t : tokens) {
      assertEquals(fnvLong(t.getBytes(StandardCharsets.UTF_8)), ReferenceText.tokenKey(t), t);
      byte[] utf8 = t.getBytes(StandardCharsets.UTF_8);
      byte[] prefixed = new byte[utf8.length + 1];
      prefixed[0] = (byte) 0xff;
      System.arraycopy(utf8, 0, prefixed, 1, utf8.length);
      assertEquals(fnvLong(prefixed), ReferenceText.charNgramKey(t), t);
      assertNotEquals(ReferenceText.tokenKey(t), ReferenceText.charNgramKey(t), t);
    }
    long ka = fnvLong(new byte[] {'a'});
    long kb = fnvLong(new byte[] {'b'});
    long kc = fnvLong(new byte[] {'c'});
    long ab = ka * 0x9e3779b97f4a7c15L + kb;
    assertEquals(ab, ReferenceText.wordNgramKey(List.of("a", "b")));
    assertEquals(ab * 0x9e3779b97f4a7c15L + kc, ReferenceText.wordNgramKey(List.of("a", "b", "c")));
  }

  @Test
  void hashedIdIsTheTopBitsOfTheProduct() {
    Random r = new Random(SEED);
    System.out.println("seed " + SEED + " (replay with -Dtests.seed=" + SEED + ")");
    for (int i = 0; i < 2000; i++) {
      long k = i < 3 ? new long[] {0L, -1L, Long.MIN_VALUE}[i] : r.nextLong();
      for (int bits = 1; bits <= 28; bits++) {
        int expected = (int) ((k * 0xc2b2ae3d27d4eb4fL) >>> (64 - bits));
        int id = ReferenceText.hashedId(k, bits);
        assertEquals(expected, id, "key " + Long.toHexString(k) + " bits " + bits + " seed " + SEED);
        assertTrue(id >= 0 && id < (1 << bits));
      }
    }
    assertThrows(IllegalArgumentException.class, () -> ReferenceText.hashedId(1L, 0));
    assertThrows(IllegalArgumentException.class, () -> ReferenceText.hashedId(1L, 29));
  }

  @Test
  void tokensOfHandWrittenTexts() {
    assertEquals(List.of("héllo", "wörld", "123abc"), ReferenceText.tokens("Héllo, Wörld! 123abc", true, false));
    assertEquals(List.of("Héllo", ",", "Wörld", "!", "123abc"), ReferenceText.tokens("Héllo, Wörld! 123abc", false, true));
    // combining marks (M) are word characters, even at the start of a run
    assertEquals(List.of("e\u0301te", "\u0301x"), ReferenceText.tokens("e\u0301te \u0301x", true, false));
    // CJK is one run of letters (no segmentation); the ideographic comma is punctuation
    assertEquals(List.of("東京は晴れ", "明日"), ReferenceText.tokens("東京は晴れ、明日", true, false));
    assertEquals(List.of("東京は晴れ", "、", "明日"), ReferenceText.tokens("東京は晴れ、明日", true, true));
    // Nd digits (Arabic-Indic too) are word characters; No (superscript two, one half) and Nl
    // (Roman numeral one) separate and are not punctuation
    assertEquals(List.of("x", "٣٤", "y"), ReferenceText.tokens("x²٣٤½y", true, true));
    assertEquals(List.of("a", "b"), ReferenceText.tokens("a\u2160b", true, true));
    // symbols and connector punctuation: tokens of their own with punctuation, separators without
    assertEquals(List.of("$", "5", "+", "3"), ReferenceText.tokens("$5 + 3", true, true));
    assertEquals(List.of("5", "3"), ReferenceText.tokens("$5 + 3", true, false));
    assertEquals(List.of("snake", "_", "case"), ReferenceText.tokens("snake_case", true, true));
    assertEquals(List.of("don", "t"), ReferenceText.tokens("don't", true, false));
    // no-break space and the zero-width joiner (Cf) separate
    assertEquals(List.of("a", "b", "c"), ReferenceText.tokens("a\u00A0b\u200Dc", true, true));
    // simple case mapping, one code point to one: dotted capital I to i, Kelvin sign to k, capital
    // sharp s to sharp s, a circled capital letter (a symbol) to its small form; math letters have none
    assertEquals(List.of("istanbul", "k", "ß", "σ"), ReferenceText.tokens("İSTANBUL \u212A \u1E9E Σ", true, false));
    assertEquals(List.of("\u24D0", "\uD835\uDC00", "😀"), ReferenceText.tokens("\u24B6\uD835\uDC00😀", true, true));
    assertEquals(List.of("\u24B6", "\uD835\uDC00", "😀"), ReferenceText.tokens("\u24B6\uD835\uDC00😀", false, true));
    assertEquals(List.of("\uD835\uDC00"), ReferenceText.tokens("\u24B6\uD835\uDC00😀", true, false));
    assertEquals(List.of(), ReferenceText.tokens(" \t\r ", true, true));
    assertEquals(List.of(), ReferenceText.tokens("", true, true));
  }

  @Test
  void charNgramsOfBoundedTokens() {
    assertEquals(List.of("<a", "<ab", "a", "ab", "ab>", "b", "b>"), ReferenceText.charNgrams("ab", 1, 3));
    assertEquals(List.of("<a", "aa", "aa", "a>"), ReferenceText.charNgrams("aaa", 2, 2));
    // a supplementary code point is one position; longer n than <token> gives nothing
    assertEquals(List.of("<😀", "<😀>", "😀>"), ReferenceText.charNgrams("😀", 2, 5));
    // the boundary marks are excluded by position, so a token "<" keeps its own one-code-point gram
    assertEquals(List.of("<"), ReferenceText.charNgrams("<", 1, 1));
  }

  private static Map<Integer, Integer> countIds(List<Long> keys, Map<Long, Integer> dict) {
    Map<Integer, Integer> counts = new TreeMap<>();
    for (long k : keys) {
      counts.merge(dict.get(k), 1, Integer::sum);
    }
    return counts;
  }

  @Test
  void wordNgramCountsAndDictionaryOrder() {
    String text = "a b a b";
    Map<Long, Integer> dict = ReferenceText.dictionary(List.of(text), true, false, 2, 0, 0, 1);
    long ka = ReferenceText.tokenKey("a");
    long kb = ReferenceText.tokenKey("b");
    long kab = ReferenceText.wordNgramKey(List.of("a", "b"));
    long kba = ReferenceText.wordNgramKey(List.of("b", "a"));
    Map<Long, Integer> expected = new LinkedHashMap<>();
    expected.put(ka, 0);
    expected.put(kb, 1);
    expected.put(kab, 2);
    expected.put(kba, 3);
    assertEquals(new ArrayList<>(expected.entrySet()), new ArrayList<>(dict.entrySet()));
    assertEquals(List.of(ka, kb, kab, ka, kba, kb, kab), ReferenceText.keys(text, true, false, 2, 0, 0));
    SortedMap<Integer, Float> counts = ReferenceText.vector(text, true, false, 2, 0, 0, dict, 0, "count", false);
    assertEquals(Map.of(0, 2f, 1, 2f, 2, 2f, 3, 1f), counts);
    // 4 tokens: 4 unigrams, 3 bigrams, 2 trigrams, 1 four-gram, no longer run
    assertEquals(9, ReferenceText.keys("x y z w", true, false, 3, 0, 0).size());
    assertEquals(10, ReferenceText.keys("x y z w", true, false, 5, 0, 0).size());
    // with char n-grams (2, 3): "ab" gives <a <ab ab ab> b> after its token key
    List<Long> withChars = ReferenceText.keys("ab", true, false, 1, 2, 3);
    assertEquals(6, withChars.size());
    assertEquals(ReferenceText.tokenKey("ab"), withChars.get(0));
    assertEquals(ReferenceText.charNgramKey("<a"), withChars.get(1));
    assertEquals(ReferenceText.charNgramKey("<ab"), withChars.get(2));
    assertEquals(ReferenceText.charNgramKey("b>"), withChars.get(5));
    // the char n-grams follow the case setting: "AB" without lower-casing gives "<A"
    assertEquals(ReferenceText.charNgramKey("<A"), ReferenceText.keys("AB", false, false, 1, 2, 2).get(1));
  }

  @Test
  void keysComeTokenByToken() {
    // each token brings its key, the word n-grams it ends, then its character n-grams
    assertEquals(List.of(ReferenceText.tokenKey("a"), ReferenceText.tokenKey("b"),
            ReferenceText.wordNgramKey(List.of("a", "b")), ReferenceText.tokenKey("c"),
            ReferenceText.wordNgramKey(List.of("b", "c")), ReferenceText.wordNgramKey(List.of("a", "b", "c"))),
        ReferenceText.keys("a b c", true, false, 3, 0, 0));
    Map<Long, Integer> dict = ReferenceText.dictionary(List.of("x Y"), true, false, 2, 2, 2, 1);
    List<Long> expected = List.of(ReferenceText.tokenKey("x"), ReferenceText.charNgramKey("<x"),
        ReferenceText.charNgramKey("x>"), ReferenceText.tokenKey("y"), ReferenceText.wordNgramKey(List.of("x", "y")),
        ReferenceText.charNgramKey("<y"), ReferenceText.charNgramKey("y>"));
    assertEquals(expected, new ArrayList<>(dict.keySet()));
    assertEquals(List.of(0, 1, 2, 3, 4, 5, 6), new ArrayList<>(dict.values()));
    assertEquals(Map.of(3, 1f, 5, 1f, 6, 1f), ReferenceText.vector("y", true, false, 2, 2, 2, dict, 0, "count", false));
  }

  @Test
  void dictionaryKeepsKeysSeenMinCountTimesInOrderOfFirstAppearance() {
    Map<Long, Integer> dict = ReferenceText.dictionary(List.of("c b", "a", "a b"), true, false, 1, 0, 0, 2);
    Map<Long, Integer> expected = new LinkedHashMap<>();
    expected.put(ReferenceText.tokenKey("b"), 0);
    expected.put(ReferenceText.tokenKey("a"), 1);
    assertEquals(new ArrayList<>(expected.entrySet()), new ArrayList<>(dict.entrySet()));
    assertEquals(2, ReferenceText.dimension(dict, 0));
    assertEquals(1024, ReferenceText.dimension(null, 10));
    // a key not in the dictionary is dropped; a text of no known key is empty
    assertEquals(Map.of(0, 1f), ReferenceText.vector("B c d", true, false, 1, 0, 0, dict, 0, "binary", true));
    assertTrue(ReferenceText.vector("c d", true, false, 1, 0, 0, dict, 0, "binary", true).isEmpty());
    assertTrue(ReferenceText.vector("", true, false, 2, 2, 4, null, 10, "log", true).isEmpty());
  }

  @Test
  void valuesAndNorms() {
    Map<Long, Integer> dict = ReferenceText.dictionary(List.of("a b"), true, false, 1, 0, 0, 1);
    String text = "a a A b";
    assertEquals(Map.of(0, 1f, 1, 1f), ReferenceText.vector(text, true, false, 1, 0, 0, dict, 0, "binary", false));
    assertEquals(Map.of(0, 3f, 1, 1f), ReferenceText.vector(text, true, false, 1, 0, 0, dict, 0, "count", false));
    assertEquals(Map.of(0, (float) (1 + Math.log(3)), 1, 1f), ReferenceText.vector(text, true, false, 1, 0, 0, dict, 0, "log", false));
    assertEquals(Map.of(0, (float) (3 / Math.sqrt(10)), 1, (float) (1 / Math.sqrt(10))),
        ReferenceText.vector(text, true, false, 1, 0, 0, dict, 0, "count", true));
    assertEquals(Map.of(0, (float) (1 / Math.sqrt(2)), 1, (float) (1 / Math.sqrt(2))),
        ReferenceText.vector(text, true, false, 1, 0, 0, dict, 0, "binary", true));
    assertThrows(IllegalArgumentException.class, () -> ReferenceText.vector(text, true, false, 1, 0, 0, dict, 0, "tfidf", false));
    assertThrows(IllegalArgumentException.class, () -> ReferenceText.vector(text, true, false, 1, 0, 0, null, 0, "count", false));
  }

  /** Tf-idf by hand: a in all 3 documents (idf ln(4/4) + 1 = 1), b in 1 (ln(4/2) + 1), c in 1; d in none. */
  @Test
  void tfidfWeightsByDocumentFrequency() {
    List<String> train = List.of("a b", "a c a", "a");
    Map<Long, Integer> dict = ReferenceText.dictionary(train, true, false, 1, 0, 0, 1);
    Map<Integer, Integer> df = ReferenceText.documentFrequencies(train, true, false, 1, 0, 0, dict, 0);
    assertEquals(Map.of(0, 3, 1, 1, 2, 1), df);
    float idfB = (float) (Math.log(2.0) + 1.0);
    assertEquals(Map.of(0, (float) (1 + Math.log(2)), 1, idfB),
        ReferenceText.vector("b a A d", true, false, 1, 0, 0, dict, 0, "tfidf", false, df, 3));
    double norm = Math.sqrt((double) (float) (1 + Math.log(2)) * (float) (1 + Math.log(2)) + (double) idfB * idfB);
    assertEquals(Map.of(0, (float) ((float) (1 + Math.log(2)) / norm), 1, (float) (idfB / norm)),
        ReferenceText.vector("b a A d", true, false, 1, 0, 0, dict, 0, "tfidf", true, df, 3));
    // With hashing into 2 buckets the frequencies are per bucket: at most 3, and every document counts once a bucket.
    Map<Integer, Integer> buckets = ReferenceText.documentFrequencies(train, true, false, 1, 0, 0, null, 1);
    assertTrue(buckets.values().stream().allMatch(f -> f >= 1 && f <= 3), buckets.toString());
    assertThrows(IllegalArgumentException.class,
        () -> ReferenceText.vector("a", true, false, 1, 0, 0, dict, 0, "tfidf", false, null, 3));
  }

  @Test
  void l2NormsOfRandomTextsAreOne() {
    Random r = new Random(SEED);
    System.out.println("seed " + SEED + " (replay with -Dtests.seed=" + SEED + ")");
    String alphabet = "abcde fgh ÄÖü ΣΑΒ 東京 ,.!";
    for (int doc = 0; doc < 300; doc++) {
      StringBuilder s = new StringBuilder();
      int len = r.nextInt(60);
      for (int i = 0; i < len; i++) {
        s.append(alphabet.charAt(r.nextInt(alphabet.length())));
      }
      for (String values : List.of("binary", "count", "log")) {
        SortedMap<Integer, Float> v = ReferenceText.vector(s.toString(), r.nextBoolean(), r.nextBoolean(), 1 + r.nextInt(3), 2, 4, null, 12, values, true);
        double sum = 0;
        int total = 0;
        for (float x : v.values()) {
          sum += (double) x * x;
          total++;
          assertTrue(x > 0f && x <= 1f, "value " + x + " seed " + SEED);
        }
        if (total > 0) {
          assertEquals(1.0, sum, 4 * total * 0x1p-24, "squared norm of \"" + s + "\" (" + values + ") seed " + SEED);
        }
      }
    }
  }

  @Test
  void countsSumToTheNumberOfKeys() {
    String text = "the cat and the hat and the bat";
    List<Long> keys = ReferenceText.keys(text, true, false, 3, 2, 4);
    SortedMap<Integer, Float> counts = ReferenceText.vector(text, true, false, 3, 2, 4, null, 4, "count", false);
    float total = 0;
    for (float c : counts.values()) {
      total += c;
    }
    assertEquals(keys.size(), (int) total);
    // 8 tokens: 8 + 7 + 6 word features; a token of m code points has m + 1, m, m - 1 grams of 2, 3, 4
    int chars = 0;
    for (String t : ReferenceText.tokens(text, true, false)) {
      int m = t.length() + 2;
      chars += (m - 1) + (m - 2) + (m - 3);
    }
    assertEquals(8 + 7 + 6 + chars, keys.size());
    Map<Long, Integer> dict = ReferenceText.dictionary(List.of(text), true, false, 3, 2, 4, 1);
    Map<Integer, Integer> byId = countIds(keys, dict);
    assertEquals(3, byId.get(dict.get(ReferenceText.tokenKey("the"))));
    assertEquals(2, byId.get(dict.get(ReferenceText.wordNgramKey(List.of("and", "the")))));
    assertEquals(1, byId.get(dict.get(ReferenceText.wordNgramKey(List.of("and", "the", "hat")))));
    // "at>" occurs in cat, hat, bat
    assertEquals(3, byId.get(dict.get(ReferenceText.charNgramKey("at>"))));
    assertEquals(Collections.max(dict.values()) + 1, dict.size());
  }

  @Test
  void linesOfBothFormats() {
    ReferenceText.Parsed p = ReferenceText.parseLine("__label__sports __label__news The match ended 2-1");
    assertEquals(List.of("__label__sports", "__label__news"), p.labels());
    assertEquals("The match ended 2-1", p.text());
    p = ReferenceText.parseLine("The\t__label__x  match\u000B\fended\r");
    assertEquals(List.of("__label__x"), p.labels());
    assertEquals("The match ended", p.text());
    // "__label__" alone is not a label, nor is a field that contains it later
    p = ReferenceText.parseLine("__label__ x__label__y");
    assertNull(p.labels());
    assertEquals("__label__ x__label__y", p.text());
    p = ReferenceText.parseLine("sports news\tThe match\tended");
    assertEquals(List.of("sports news"), p.labels());
    assertEquals("The match\tended", p.text());
    p = ReferenceText.parseLine("__label__a\tfoo\tbar");
    assertEquals(List.of("__label__a"), p.labels());
    assertEquals("foo bar", p.text());
    p = ReferenceText.parseLine("plain text");
    assertNull(p.labels());
    assertEquals("plain text", p.text());
    p = ReferenceText.parseLine("");
    assertNull(p.labels());
    assertEquals("", p.text());
    assertThrows(IllegalArgumentException.class, () -> ReferenceText.parseLine("\tno label"));
  }
}
