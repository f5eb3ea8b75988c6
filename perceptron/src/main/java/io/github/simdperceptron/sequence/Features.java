package io.github.simdperceptron.sequence;

import java.util.Arrays;

/**
 * The feature templates over a sentence, and the scratch of one sentence's text. For token i, with
 * w its word and l its lower case: a bias; w; l; the prefixes and the suffixes of l of 1 to 4
 * characters (those no longer than l); the shape of w (upper case as X, lower case as x, digits as
 * d, other characters as themselves, runs of one class written once: "McDonald's" is "XxXx'x");
 * the lower-case words at i-2, i-1, i+1, i+2 and the 3-character suffixes of those at i-1 and
 * i+1, with a padding key beyond the sentence's ends. A key is the template number and its chars.
 * Not thread-safe: one per thread.
 */
final class Features {
  static final int BIAS = 0;
  static final int WORD = 1;
  static final int LOWER = 2;
  /** PREFIX + m - 1 for the prefix of m characters, m in 1..4. */
  static final int PREFIX = 3;
  /** SUFFIX + m - 1 for the suffix of m characters, m in 1..4. */
  static final int SUFFIX = 7;
  static final int SHAPE = 11;
  static final int LEFT2 = 12;
  static final int LEFT1 = 13;
  static final int RIGHT1 = 14;
  static final int RIGHT2 = 15;
  static final int LEFT1_SUFFIX = 16;
  static final int RIGHT1_SUFFIX = 17;
  /** The number of templates, written in the model file: a file with other templates is refused. */
  static final int TEMPLATES = 18;
  /** At most this many keys per token. */
  static final int MAX_PER_TOKEN = TEMPLATES;

  /** Where a key's feature id comes from: a dictionary, hashing, or a counter. */
  interface Keys {
    /** The id of the key (template, chars[from, to)) whose hash is h, or -1 to leave it out. */
    int id(int template, int h, char[] chars, int from, int to);
  }

  private static final char[] PAD = {'\u0002', '\u0003'};

  private char[] text = new char[256];
  private char[] lower = new char[256];
  private char[] shape = new char[64];
  private int[] start = new int[32];
  private int[] end = new int[32];
  private int n;

  /** Loads the words words[0, count) as the sentence. */
  void load(String[] words, int count) {
    int len = 0;
    for (int i = 0; i < count; i++) {
      len += words[i].length();
    }
    reserve(count, len);
    int at = 0;
    for (int i = 0; i < count; i++) {
      String w = words[i];
      start[i] = at;
      w.getChars(0, w.length(), text, at);
      at += w.length();
      end[i] = at;
    }
    n = count;
    lowerCase(at);
  }

  /**
   * Loads as the sentence the words whose entries in {@code table} are entries[from, from + count)
   * (the same sentence as {@link #load(String[], int)} of their keys).
   */
  void load(FeatureTable table, int[] entries, int from, int count) {
    int len = 0;
    for (int i = 0; i < count; i++) {
      len += table.length(entries[from + i]);
    }
    reserve(count, len);
    int at = 0;
    for (int i = 0; i < count; i++) {
      int e = entries[from + i];
      start[i] = at;
      table.getChars(e, text, at);
      at += table.length(e);
      end[i] = at;
    }
    n = count;
    lowerCase(at);
  }

  /** Loads the whitespace-separated tokens of {@code line} as the sentence; returns their number. */
  int loadLine(CharSequence line) {
    int len = line.length();
    reserve(len / 2 + 1, len);
    int count = 0;
    int i = 0;
    while (i < len) {
      while (i < len && Character.isWhitespace(line.charAt(i))) {
        i++;
      }
      if (i == len) {
        break;
      }
      start[count] = i;
      while (i < len && !Character.isWhitespace(line.charAt(i))) {
        text[i] = line.charAt(i);
        i++;
      }
      end[count++] = i;
    }
    n = count;
    lowerCase(len);
    return count;
  }

  int size() {
    return n;
  }

  /** Appends token i's chars to {@code out}. */
  void appendWord(int i, StringBuilder out) {
    out.append(text, start[i], end[i] - start[i]);
  }

  /** Token i's word, as a new string. */
  String word(int i) {
    return new String(text, start[i], end[i] - start[i]);
  }

  /** The id of token i's word key (template WORD) in {@code keys}, or -1. */
  int wordId(int i, Keys keys) {
    return key(keys, WORD, text, start[i], end[i]);
  }

  /**
   * Writes the ids of token i's keys that {@code keys} gives (those not -1) into out from
   * {@code at}, in template order; returns the position after the last. out needs
   * {@link #MAX_PER_TOKEN} free entries.
   */
  int extract(int i, Keys keys, int[] out, int at) {
    int s = start[i];
    int e = end[i];
    int len = e - s;
    at = put(out, at, key(keys, BIAS, PAD, 0, 0));
    at = put(out, at, key(keys, WORD, text, s, e));
    at = put(out, at, key(keys, LOWER, lower, s, e));
    for (int m = 1; m <= 4 && m <= len; m++) {
      at = put(out, at, key(keys, PREFIX + m - 1, lower, s, s + m));
      at = put(out, at, key(keys, SUFFIX + m - 1, lower, e - m, e));
    }
    at = put(out, at, key(keys, SHAPE, shape, 0, shape(s, e)));
    at = put(out, at, neighbour(keys, LEFT2, i - 2));
    at = put(out, at, neighbour(keys, LEFT1, i - 1));
    at = put(out, at, neighbour(keys, RIGHT1, i + 1));
    at = put(out, at, neighbour(keys, RIGHT2, i + 2));
    at = put(out, at, neighbourSuffix(keys, LEFT1_SUFFIX, i - 1));
    return put(out, at, neighbourSuffix(keys, RIGHT1_SUFFIX, i + 1));
  }

  /** The entries of a word row: the ids of the word's own keys, then those it gives its neighbours. */
  static final int ROW = 17;
  /** The row's first neighbour entry: LEFT2, LEFT1, RIGHT1, RIGHT2, LEFT1_SUFFIX, RIGHT1_SUFFIX follow. */
  static final int NEIGHBOUR = 11;
  /** The entries of {@link #ends(Keys)}: the bias, then the padding keys of the six neighbour templates. */
  static final int ENDS = 7;

  /**
   * Writes token i's word row into out[at, at + ROW): the ids (or -1) of its WORD, LOWER,
   * PREFIX 1, SUFFIX 1, ..., PREFIX 4, SUFFIX 4 and SHAPE keys in the order {@link #extract} takes
   * them, then of the keys its lower case gives the tokens around it (LEFT2 at i + 2, LEFT1 at
   * i + 1, RIGHT1 at i - 1, RIGHT2 at i - 2, LEFT1_SUFFIX at i + 1, RIGHT1_SUFFIX at i - 1). The
   * row depends on the word alone, so a word's row serves all its tokens ({@link #assemble}).
   */
  void wordRow(int i, Keys keys, int[] out, int at) {
    int s = start[i];
    int e = end[i];
    int len = e - s;
    int shapeLength = shape(s, e);
    // One call of key() in a loop over the entries, not one per entry: the JIT compiler inlines
    // the lookup (hash, probe, compare) once instead of seventeen times.
    for (int q = 0; q < ROW; q++) {
      char[] chars = lower;
      int from = s;
      int to = e;
      if (q == 0) {
        chars = text;
      } else if (q >= 2 && q < 10) {
        int m = q / 2;
        if (m > len) {
          out[at + q] = -1;
          continue;
        }
        if ((q & 1) == 0) {
          to = s + m;
        } else {
          from = e - m;
        }
      } else if (q == 10) {
        chars = shape;
        from = 0;
        to = shapeLength;
      } else if (q >= NEIGHBOUR + 4) {
        from = Math.max(s, e - 3);
      }
      out[at + q] = key(keys, ROW_TEMPLATES[q], chars, from, to);
    }
  }

  /** The template of each entry of a word row. */
  private static final int[] ROW_TEMPLATES = {
    WORD, LOWER, PREFIX, SUFFIX, PREFIX + 1, SUFFIX + 1, PREFIX + 2, SUFFIX + 2, PREFIX + 3, SUFFIX + 3, SHAPE,
    LEFT2, LEFT1, RIGHT1, RIGHT2, LEFT1_SUFFIX, RIGHT1_SUFFIX
  };

  /** The word rows under {@code keys} of the words (template WORD) of {@code words}, entry e's at e * ROW. */
  static int[] rows(Keys keys, FeatureTable words) {
    if (words.size() > (Integer.MAX_VALUE - 16) / ROW) {
      throw new IllegalArgumentException(words.size() + " distinct words are more than one array of rows holds");
    }
    int[] rows = new int[words.size() * ROW];
    Features f = new Features();
    int[] one = new int[1];
    for (int e = 0; e < words.size(); e++) {
      one[0] = e;
      f.load(words, one, 0, 1);
      f.wordRow(0, keys, rows, e * ROW);
    }
    return rows;
  }

  /**
   * The ids (or -1) of the keys no word gives: the bias, then the padding keys of LEFT2, LEFT1,
   * RIGHT1, RIGHT2, LEFT1_SUFFIX, RIGHT1_SUFFIX beyond the sentence's ends.
   */
  static int[] ends(Keys keys) {
    return new int[] {
      key(keys, BIAS, PAD, 0, 0),
      key(keys, LEFT2, PAD, 0, 1), key(keys, LEFT1, PAD, 0, 1),
      key(keys, RIGHT1, PAD, 1, 2), key(keys, RIGHT2, PAD, 1, 2),
      key(keys, LEFT1_SUFFIX, PAD, 0, 1), key(keys, RIGHT1_SUFFIX, PAD, 1, 2)
    };
  }

  /**
   * Writes the ids of token i of an n-token sentence into out from at, the ids and the order of
   * {@link #extract}, from word rows: token j's row is rows[rowAt[j], rowAt[j] + ROW), and
   * {@code ends} is {@link #ends(Keys)} of the same keys. Returns the position after the last.
   */
  static int assemble(int[] rows, int[] rowAt, int n, int i, int[] ends, int[] out, int at) {
    return neighbours(rows, rowAt, n, i, ends, out, own(rows, rowAt[i], ends, out, at));
  }

  /**
   * The first part of {@link #assemble}: the ids that depend on token i's word alone, the bias and
   * its word's own keys, from its row rows[own, own + ROW). Returns the position after the last.
   */
  static int own(int[] rows, int own, int[] ends, int[] out, int at) {
    at = put(out, at, ends[0]);
    for (int q = own; q < own + NEIGHBOUR; q++) {
      at = put(out, at, rows[q]);
    }
    return at;
  }

  /** The rest of {@link #assemble}: the ids of the keys token i's neighbours give it (or the padding's). */
  static int neighbours(int[] rows, int[] rowAt, int n, int i, int[] ends, int[] out, int at) {
    at = put(out, at, i >= 2 ? rows[rowAt[i - 2] + NEIGHBOUR] : ends[1]);
    at = put(out, at, i >= 1 ? rows[rowAt[i - 1] + NEIGHBOUR + 1] : ends[2]);
    at = put(out, at, i + 1 < n ? rows[rowAt[i + 1] + NEIGHBOUR + 2] : ends[3]);
    at = put(out, at, i + 2 < n ? rows[rowAt[i + 2] + NEIGHBOUR + 3] : ends[4]);
    at = put(out, at, i >= 1 ? rows[rowAt[i - 1] + NEIGHBOUR + 4] : ends[5]);
    return put(out, at, i + 1 < n ? rows[rowAt[i + 1] + NEIGHBOUR + 5] : ends[6]);
  }

  /** Token i's position and length in the sentence's text (for a lookup of its word). */
  int start(int i) {
    return start[i];
  }

  int end(int i) {
    return end[i];
  }

  char[] text() {
    return text;
  }

  private static int put(int[] out, int at, int id) {
    if (id >= 0) {
      out[at++] = id;
    }
    return at;
  }

  private static int key(Keys keys, int template, char[] chars, int from, int to) {
    return keys.id(template, FeatureTable.hash(template, chars, from, to), chars, from, to);
  }

  private int neighbour(Keys keys, int template, int j) {
    if (j < 0) {
      return key(keys, template, PAD, 0, 1);
    }
    if (j >= n) {
      return key(keys, template, PAD, 1, 2);
    }
    return key(keys, template, lower, start[j], end[j]);
  }

  private int neighbourSuffix(Keys keys, int template, int j) {
    if (j < 0 || j >= n) {
      return neighbour(keys, template, j);
    }
    return key(keys, template, lower, Math.max(start[j], end[j] - 3), end[j]);
  }

  /** Writes the shape of text[s, e) into {@link #shape}; returns its length. */
  private int shape(int s, int e) {
    if (shape.length < e - s) {
      shape = new char[e - s];
    }
    int len = 0;
    for (int i = s; i < e; i++) {
      char c = text[i];
      char k = Character.isUpperCase(c) ? 'X' : Character.isLowerCase(c) ? 'x' : Character.isDigit(c) ? 'd' : c;
      if (len == 0 || shape[len - 1] != k) {
        shape[len++] = k;
      }
    }
    return len;
  }

  private void lowerCase(int len) {
    for (int i = 0; i < len; i++) {
      lower[i] = Character.toLowerCase(text[i]);
    }
  }

  private void reserve(int tokens, int chars) {
    if (start.length < tokens) {
      start = Arrays.copyOf(start, Math.max(tokens, 2 * start.length));
      end = Arrays.copyOf(end, start.length);
    }
    if (text.length < chars) {
      text = new char[Math.max(chars, 2 * text.length)];
      lower = new char[text.length];
    }
  }
}
