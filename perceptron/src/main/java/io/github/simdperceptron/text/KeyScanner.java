package io.github.simdperceptron.text;

import java.util.Arrays;

/**
 * Turns UTF-8 text into the feature keys of docs/formats.md ("From text to features", steps 1 to
 * 4) without building a string: it decodes, classifies, lower-cases and hashes each code point in
 * one pass over the bytes. One document at a time: {@link #begin()}, then {@link #scan} over each
 * stretch of its text in order (a stretch boundary separates tokens, as white space does), then
 * {@link #keys()} and {@link #count()}. Not thread-safe; reused across documents, so the hot loop
 * allocates only when a document has more keys than any before it.
 */
final class KeyScanner {
  static final long FNV_OFFSET = 0xcbf29ce484222325L;
  static final long FNV_PRIME = 0x100000001b3L;
  static final long NGRAM_MULTIPLIER = 0x9e3779b97f4a7c15L;

  private static final byte SEPARATOR = 0;
  private static final byte WORD = 1;
  private static final byte PUNCT = 2;
  private static final byte NUL = 3;
  private static final byte[] ASCII_CLASS = new byte[128];
  private static final byte[] ASCII_LOWER = new byte[128];

  static {
    for (int c = 0; c < 128; c++) {
      ASCII_CLASS[c] = c == 0 ? NUL : classOf(c);
      ASCII_LOWER[c] = (byte) Character.toLowerCase(c);
    }
  }

  private final boolean lowercase;
  private final boolean punctuation;
  private final int ngrams;
  private final int charMin;
  private final int charMax;
  /** The last token keys of the document, by token number modulo {@link #RING} (at least ngrams). */
  private final long[] recent = new long[RING];
  private static final int RING = 8;
  private long[] keys = new long[256];
  private int count;
  private int tokens;
  /** The current token's code points after the boundary mark at 0 (character n-grams only). */
  private int[] marked = new int[66];
  private int markedLength;

  KeyScanner(boolean lowercase, boolean punctuation, int ngrams, int charMin, int charMax) {
    this.lowercase = lowercase;
    this.punctuation = punctuation;
    this.ngrams = ngrams;
    this.charMin = charMin;
    this.charMax = charMax;
  }

  /** The class of a code point: a word character (L, M, Nd), punctuation or symbol (P, S), or a separator. */
  static byte classOf(int cp) {
    switch (Character.getType(cp)) {
      case Character.UPPERCASE_LETTER: case Character.LOWERCASE_LETTER: case Character.TITLECASE_LETTER:
      case Character.MODIFIER_LETTER: case Character.OTHER_LETTER: case Character.NON_SPACING_MARK:
      case Character.ENCLOSING_MARK: case Character.COMBINING_SPACING_MARK: case Character.DECIMAL_DIGIT_NUMBER:
        return WORD;
      case Character.CONNECTOR_PUNCTUATION: case Character.DASH_PUNCTUATION: case Character.START_PUNCTUATION:
      case Character.END_PUNCTUATION: case Character.INITIAL_QUOTE_PUNCTUATION:
      case Character.FINAL_QUOTE_PUNCTUATION: case Character.OTHER_PUNCTUATION: case Character.MATH_SYMBOL:
      case Character.CURRENCY_SYMBOL: case Character.MODIFIER_SYMBOL: case Character.OTHER_SYMBOL:
        return PUNCT;
      default:
        return SEPARATOR;
    }
  }

  /** Starts a document: no keys, no tokens. */
  void begin() {
    count = 0;
    tokens = 0;
  }

  /** The keys of the document so far, in {@code [0, count())}; the array is reused. */
  long[] keys() {
    return keys;
  }

  int count() {
    return count;
  }

  /** Tokens of the document so far. */
  int tokens() {
    return tokens;
  }

  /**
   * Adds the keys of the text in {@code bytes[from, to)}. Returns -1, or the offset of the first
   * byte that is not UTF-8 (or is a NUL), where nothing after it was scanned.
   */
  int scan(byte[] bytes, int from, int to) {
    boolean chars = charMin > 0;
    boolean inToken = false;
    long h = 0;
    int i = from;
    while (i < to) {
      int c = bytes[i];
      int cp;
      int next;
      byte cls;
      if (c >= 0) {
        cls = ASCII_CLASS[c];
        if (cls == WORD) {
          // The common case: an ASCII letter or digit inside a word.
          int lc = lowercase ? ASCII_LOWER[c] : c;
          if (!inToken) {
            inToken = true;
            h = FNV_OFFSET;
            markedLength = 1;
          }
          h = (h ^ lc) * FNV_PRIME;
          if (chars) {
            mark(lc);
          }
          i++;
          continue;
        }
        if (cls == NUL) {
          return i;
        }
        cp = c;
        next = i + 1;
      } else {
        next = decode(bytes, i, to);
        if (next < 0) {
          return i;
        }
        cp = decoded;
        cls = classOf(cp);
      }
      if (cls == WORD) {
        int lc = lowercase ? Character.toLowerCase(cp) : cp;
        if (!inToken) {
          inToken = true;
          h = FNV_OFFSET;
          markedLength = 1;
        }
        h = hashCodePoint(h, lc);
        if (chars) {
          mark(lc);
        }
      } else {
        if (inToken) {
          endToken(h);
          inToken = false;
        }
        if (cls == PUNCT && punctuation) {
          int lc = lowercase ? Character.toLowerCase(cp) : cp;
          markedLength = 1;
          if (chars) {
            mark(lc);
          }
          endToken(hashCodePoint(FNV_OFFSET, lc));
        }
      }
      i = next;
    }
    if (inToken) {
      endToken(h);
    }
    return -1;
  }

  private int decoded;

  /**
   * Decodes the multi-byte UTF-8 sequence at {@code i} into {@link #decoded}; returns the offset
   * after it, or -1 when the bytes are not well-formed UTF-8 (overlong, surrogate, beyond
   * U+10FFFF, truncated, a stray continuation byte).
   */
  private int decode(byte[] b, int i, int to) {
    int b0 = b[i] & 0xff;
    int n;
    int cp;
    int min;
    if (b0 >= 0xc2 && b0 <= 0xdf) {
      n = 2;
      cp = b0 & 0x1f;
      min = 0x80;
    } else if (b0 >= 0xe0 && b0 <= 0xef) {
      n = 3;
      cp = b0 & 0x0f;
      min = 0x800;
    } else if (b0 >= 0xf0 && b0 <= 0xf4) {
      n = 4;
      cp = b0 & 0x07;
      min = 0x10000;
    } else {
      return -1;
    }
    if (i + n > to) {
      return -1;
    }
    for (int k = 1; k < n; k++) {
      int bk = b[i + k] & 0xff;
      if ((bk & 0xc0) != 0x80) {
        return -1;
      }
      cp = (cp << 6) | (bk & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) {
      return -1;
    }
    decoded = cp;
    return i + n;
  }

  /** FNV-1a 64 of {@code h} followed by the UTF-8 bytes of {@code cp}. */
  static long hashCodePoint(long h, int cp) {
    if (cp < 0x80) {
      return (h ^ cp) * FNV_PRIME;
    }
    if (cp < 0x800) {
      h = (h ^ (0xc0 | (cp >>> 6))) * FNV_PRIME;
    } else {
      if (cp < 0x10000) {
        h = (h ^ (0xe0 | (cp >>> 12))) * FNV_PRIME;
      } else {
        h = (h ^ (0xf0 | (cp >>> 18))) * FNV_PRIME;
        h = (h ^ (0x80 | ((cp >>> 12) & 0x3f))) * FNV_PRIME;
      }
      h = (h ^ (0x80 | ((cp >>> 6) & 0x3f))) * FNV_PRIME;
    }
    return (h ^ (0x80 | (cp & 0x3f))) * FNV_PRIME;
  }

  private void mark(int cp) {
    if (markedLength + 2 > marked.length) {
      marked = Arrays.copyOf(marked, 2 * marked.length);
    }
    marked[markedLength++] = cp;
  }

  /** Emits the key of a token, the word n-grams it ends, and its character n-grams. */
  private void endToken(long key) {
    int n = ngrams;
    if (count + n + 1 > keys.length) {
      keys = Arrays.copyOf(keys, Math.max(2 * keys.length, count + n + 1));
    }
    long[] out = keys;
    out[count++] = key;
    if (n > 1) {
      long[] r = recent;
      int t = tokens;
      int longest = Math.min(n, t + 1);
      for (int len = 2; len <= longest; len++) {
        long k = r[(t - len + 1) & (RING - 1)];
        for (int j = t - len + 2; j < t; j++) {
          k = k * NGRAM_MULTIPLIER + r[j & (RING - 1)];
        }
        out[count++] = k * NGRAM_MULTIPLIER + key;
      }
      r[t & (RING - 1)] = key;
    }
    tokens++;
    if (charMin > 0) {
      charNgrams();
    }
  }

  private void charNgrams() {
    int[] s = marked;
    s[0] = '<';
    s[markedLength] = '>';
    int length = markedLength + 1;
    int max = charMax;
    int min = charMin;
    for (int start = 0; start < length; start++) {
      long h = (FNV_OFFSET ^ 0xff) * FNV_PRIME;
      int end = Math.min(length, start + max);
      for (int j = start; j < end; j++) {
        h = hashCodePoint(h, s[j]);
        int len = j - start + 1;
        if (len >= min && !(len == 1 && (start == 0 || start == length - 1))) {
          if (count == keys.length) {
            keys = Arrays.copyOf(keys, 2 * keys.length);
          }
          keys[count++] = h;
        }
      }
    }
  }
}
