package io.github.simdperceptron.sequence;

/**
 * The averaged tagger's sums of emission steps, kept only for the weights a step ever touched: an
 * open-addressing table from a weight's index to its sum, in double. A tagger has d x K emission
 * weights, and a dense array of sums would be twice the weights' size; the steps of Collins's
 * update reach a small share of them (a rare word's keys meet a few tags), so the table holds that
 * share. Each sum receives its steps in the order a dense array would, so it is the same double.
 */
final class SparseSums {
  /** Keys plus one; 0 marks an empty slot. */
  private int[] keys = new int[1 << 12];
  private double[] sums = new double[1 << 12];
  private int size;

  /** {@code sum[at] += step}. */
  void add(int at, double step) {
    int mask = keys.length - 1;
    int key = at + 1;
    int s = mix(at) & mask;
    while (true) {
      int k = keys[s];
      if (k == key) {
        sums[s] += step;
        return;
      }
      if (k == 0) {
        keys[s] = key;
        sums[s] = step;
        if (2 * ++size > keys.length) {
          grow();
        }
        return;
      }
      s = (s + 1) & mask;
    }
  }

  /** The sum at {@code at}, 0 when no step touched it. */
  double get(int at) {
    int mask = keys.length - 1;
    int key = at + 1;
    for (int s = mix(at) & mask; ; s = (s + 1) & mask) {
      int k = keys[s];
      if (k == key) {
        return sums[s];
      }
      if (k == 0) {
        return 0;
      }
    }
  }

  /** How many weights have a sum. */
  int size() {
    return size;
  }

  /**
   * {@code w[j] = (float) (w[j] - sum[j] / c)} for every j with a sum: the averaged weights. A
   * weight without a sum is its own average ({@code (float) (w - 0 / c)} is w), so it is left as is.
   */
  void averageInto(float[] w, long c) {
    for (int s = 0; s < keys.length; s++) {
      int j = keys[s] - 1;
      if (j >= 0) {
        w[j] = (float) ((double) w[j] - sums[s] / c);
      }
    }
  }

  private void grow() {
    int[] oldKeys = keys;
    double[] oldSums = sums;
    keys = new int[2 * oldKeys.length];
    sums = new double[2 * oldKeys.length];
    int mask = keys.length - 1;
    for (int o = 0; o < oldKeys.length; o++) {
      int key = oldKeys[o];
      if (key != 0) {
        int s = mix(key - 1) & mask;
        while (keys[s] != 0) {
          s = (s + 1) & mask;
        }
        keys[s] = key;
        sums[s] = oldSums[o];
      }
    }
  }

  /** Spreads consecutive indices (a feature's K lanes) over the table. */
  private static int mix(int x) {
    int h = x * 0x9E3779B9;
    return h ^ (h >>> 16);
  }
}
