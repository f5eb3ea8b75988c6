package io.github.simdperceptron.text;

import java.util.Arrays;

/**
 * A document's distinct keys in order of first appearance, each with its number of occurrences:
 * a small open-addressing set, reused for every document (a generation number empties it without
 * clearing). Not thread-safe.
 */
final class DistinctKeys {
  /** The distinct keys of the last {@link #of}, and their counts, in {@code [0, n)}. */
  long[] keys = new long[256];
  int[] counts = new int[256];
  private long[] slotKeys = new long[512];
  private int[] slotIndex = new int[512];
  private int[] slotGeneration = new int[512];
  private int generation;

  /** Fills {@link #keys} and {@link #counts} from {@code all[0, n)}; returns how many distinct keys. */
  int of(long[] all, int n) {
    if (2 * n > slotKeys.length) {
      int capacity = Integer.highestOneBit(Math.max(1, 2 * n - 1)) << 1;
      slotKeys = new long[capacity];
      slotIndex = new int[capacity];
      slotGeneration = new int[capacity];
      generation = 0;
    }
    if (keys.length < n) {
      keys = new long[n];
      counts = new int[n];
    }
    if (++generation == Integer.MAX_VALUE) {
      Arrays.fill(slotGeneration, 0);
      generation = 1;
    }
    int g = generation;
    int mask = slotKeys.length - 1;
    int m = 0;
    for (int i = 0; i < n; i++) {
      long k = all[i];
      long h = k * 0xc2b2ae3d27d4eb4fL;
      int s = (int) (h ^ (h >>> 32)) & mask;
      for (;;) {
        if (slotGeneration[s] != g) {
          slotGeneration[s] = g;
          slotKeys[s] = k;
          slotIndex[s] = m;
          keys[m] = k;
          counts[m++] = 1;
          break;
        }
        if (slotKeys[s] == k) {
          counts[slotIndex[s]]++;
          break;
        }
        s = (s + 1) & mask;
      }
    }
    return m;
  }
}
