package io.github.simdperceptron.sequence;

import java.util.Arrays;

/**
 * A tagged corpus as feature ids, ready before the epochs so that training touches no string.
 * Sentence s is tokens {@code [sentencePtr[s], sentencePtr[s + 1])}, token t's tag is
 * {@code gold[t]}, and its ids come from one of two forms:
 * <ul>
 *   <li>word rows (what {@link #of} makes): token t's word is entry {@code wordOf[t]} of the
 *       corpus's word table, whose {@link Features#wordRow word row} is
 *       {@code rows[e * ROW, (e + 1) * ROW)}; a sentence's ids are put together from its words'
 *       rows ({@link Features#assemble}) when it is visited, the ids and the order of
 *       {@link Features#extract}. Per token the corpus holds one int for the word, and the rows
 *       are one per distinct word;</li>
 *   <li>explicit ids: token t's ids are {@code ids[tokenPtr[t], tokenPtr[t + 1])}.</li>
 * </ul>
 */
final class Encoded {
  /** Explicit ids, or null with word rows. */
  final int[] ids;
  final int[] tokenPtr;
  /** Word rows, or null with explicit ids. */
  final int[] wordOf;
  final int[] rows;
  /** {@link Features#ends} of the keys the rows were made with. */
  final int[] ends;
  final int[] sentencePtr;
  final int[] gold;
  final int longest;

  /** Explicit ids. */
  Encoded(int[] ids, int[] tokenPtr, int[] sentencePtr, int[] gold, int longest) {
    this(ids, tokenPtr, null, null, null, sentencePtr, gold, longest);
  }

  private Encoded(int[] ids, int[] tokenPtr, int[] wordOf, int[] rows, int[] ends, int[] sentencePtr, int[] gold,
      int longest) {
    this.ids = ids;
    this.tokenPtr = tokenPtr;
    this.wordOf = wordOf;
    this.rows = rows;
    this.ends = ends;
    this.sentencePtr = sentencePtr;
    this.gold = gold;
    this.longest = longest;
  }

  /**
   * The corpus in word rows under {@code keys}; the tags are the corpus's tag indices (its tags in
   * order of first appearance). The corpus's arrays are shared, not copied.
   */
  static Encoded of(TaggedCorpus corpus, Features.Keys keys) {
    int[] sentencePtr = corpus.sentencePtr();
    int longest = 0;
    for (int s = 0; s + 1 < sentencePtr.length; s++) {
      longest = Math.max(longest, sentencePtr[s + 1] - sentencePtr[s]);
    }
    return new Encoded(null, null, corpus.wordIds(), Features.rows(keys, corpus.wordTable()), Features.ends(keys),
        sentencePtr, corpus.tagIds(), longest);
  }

  int sentences() {
    return sentencePtr.length - 1;
  }

  /** The ids of one sentence at a time: token i's are {@code ids[tokenPtr[i], tokenPtr[i + 1])}. */
  static final class Sentence {
    int[] ids = new int[0];
    int[] tokenPtr = new int[1];
    private int[] rowAt = new int[0];

    private void reserve(int n, int idCount) {
      if (tokenPtr.length < n + 1) {
        tokenPtr = new int[n + 1];
        rowAt = new int[n];
      }
      if (ids.length < idCount) {
        ids = new int[Math.max(idCount, 2 * ids.length)];
      }
    }
  }

  /** Writes sentence s's ids into out; returns its number of tokens. */
  int load(int s, Sentence out) {
    int tok = sentencePtr[s];
    int n = sentencePtr[s + 1] - tok;
    if (ids != null) {
      int from = tokenPtr[tok];
      out.reserve(n, tokenPtr[tok + n] - from);
      System.arraycopy(ids, from, out.ids, 0, tokenPtr[tok + n] - from);
      for (int i = 0; i <= n; i++) {
        out.tokenPtr[i] = tokenPtr[tok + i] - from;
      }
      return n;
    }
    out.reserve(n, n * Features.MAX_PER_TOKEN);
    int[] rowAt = out.rowAt;
    for (int i = 0; i < n; i++) {
      rowAt[i] = wordOf[tok + i] * Features.ROW;
    }
    int at = 0;
    for (int i = 0; i < n; i++) {
      at = Features.assemble(rows, rowAt, n, i, ends, out.ids, at);
      out.tokenPtr[i + 1] = at;
    }
    return n;
  }

  /** Token t's ids (a new array), for tests. */
  int[] idsOf(int t) {
    int s = Arrays.binarySearch(sentencePtr, t);
    if (s < 0) {
      s = -s - 2;
    }
    Sentence one = new Sentence();
    load(s, one);
    int i = t - sentencePtr[s];
    return Arrays.copyOfRange(one.ids, one.tokenPtr[i], one.tokenPtr[i + 1]);
  }
}
