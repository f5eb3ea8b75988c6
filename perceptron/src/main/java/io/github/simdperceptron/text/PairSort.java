package io.github.simdperceptron.text;

/**
 * Sorts a document's (id, count) pairs by id: each pair is one long, the id (non-negative) in the
 * high 32 bits and the count in the low 32, so sorting the longs sorts by id. A least-significant-
 * digit radix sort on the id's bytes, as many passes as the largest id has bytes: a document has a
 * few hundred pairs, where a comparison sort spends most of its time in mispredicted branches.
 * Holds its scratch arrays; not thread-safe.
 */
final class PairSort {
  /** Below this many pairs, insertion sort: the radix passes' fixed cost (256 counters) dominates. */
  private static final int INSERTION_MAX = 32;
  private final int[] counts = new int[256];
  private long[] scratch = new long[256];

  /** Sorts {@code pairs[0, m)} ascending (modified); pairs with equal ids keep their order. */
  void sort(long[] pairs, int m) {
    if (m <= INSERTION_MAX) {
      insertion(pairs, m);
      return;
    }
    if (scratch.length < m) {
      scratch = new long[Math.max(m, 2 * scratch.length)];
    }
    long highBits = 0;
    for (int i = 0; i < m; i++) {
      highBits |= pairs[i];
    }
    int idBits = (int) (highBits >>> 32);
    long[] from = pairs;
    long[] to = scratch;
    int[] c = counts;
    for (int shift = 32; shift < 64 && (idBits >>> (shift - 32)) != 0; shift += 8) {
      java.util.Arrays.fill(c, 0);
      for (int i = 0; i < m; i++) {
        c[(int) (from[i] >>> shift) & 0xff]++;
      }
      int sum = 0;
      for (int d = 0; d < 256; d++) {
        int n = c[d];
        c[d] = sum;
        sum += n;
      }
      for (int i = 0; i < m; i++) {
        long p = from[i];
        to[c[(int) (p >>> shift) & 0xff]++] = p;
      }
      long[] t = from;
      from = to;
      to = t;
    }
    if (from != pairs) {
      System.arraycopy(from, 0, pairs, 0, m);
    }
  }

  private static void insertion(long[] a, int m) {
    for (int i = 1; i < m; i++) {
      long p = a[i];
      int j = i - 1;
      while (j >= 0 && (a[j] >>> 32) > (p >>> 32)) {
        a[j + 1] = a[j];
        j--;
      }
      a[j + 1] = p;
    }
  }
}
