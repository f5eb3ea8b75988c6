package io.github.simdperceptron.learn.kernel;

import java.util.Arrays;

/**
 * The dual coefficients during training: the support vectors in slots (slot s holds training row
 * {@code rows()[s]} and its kp coefficients, one per score), the biases, and, for the averaged
 * form, their sums over the visits (CIML Algorithm 7: {@code beta += delta * c} in double at every
 * update, c counting the visits from 1).
 */
final class Coefficients {
  private final int kp;
  private final boolean bias;
  private int m;
  private int[] svRow = new int[16];
  private final int[] slotOf;
  private float[] alpha;
  /** The averaged form's sums of alpha, or null. */
  private double[] beta;
  private final float[] b;
  private final double[] betaB;
  /** The averaged form's counter: visits so far, plus one. */
  private long c = 1;

  /** No support vector among n training rows; kp coefficients a slot; with the averaged sums when {@code sums}. */
  Coefficients(int n, int kp, boolean bias, boolean sums) {
    this.kp = kp;
    this.bias = bias;
    this.slotOf = new int[n];
    Arrays.fill(slotOf, -1);
    this.alpha = new float[16 * kp];
    this.beta = sums ? new double[16 * kp] : null;
    this.b = new float[kp];
    this.betaB = new double[kp];
  }

  /** Support vectors. */
  int size() {
    return m;
  }

  /** The training row of each slot, in [0, size()) (shared: read it, never modify it). */
  int[] rows() {
    return svRow;
  }

  /** Row's slot, or -1 when it is no support vector. */
  int slot(int row) {
    return slotOf[row];
  }

  /** Whether row is a support vector. */
  boolean holds(int row) {
    return slotOf[row] >= 0;
  }

  /** Class cl's bias. */
  float bias(int cl) {
    return b[cl];
  }

  /** Counts a visit (the averaged form's counter). */
  void visited() {
    c++;
  }

  /** Makes row (no support vector) the support vector of a new last slot, with zero coefficients; returns the slot. */
  int add(int row) {
    if (m == svRow.length) {
      svRow = Arrays.copyOf(svRow, m * 2);
      alpha = Arrays.copyOf(alpha, m * 2 * kp);
      if (beta != null) {
        beta = Arrays.copyOf(beta, m * 2 * kp);
      }
    }
    svRow[m] = row;
    slotOf[row] = m;
    return m++;
  }

  /** Adds delta[cl] to slot's coefficient of class cl, and to its bias when the bias is on, for cl &lt; k. */
  void step(int slot, float[] delta, int k) {
    int base = slot * kp;
    for (int cl = 0; cl < k; cl++) {
      if (delta[cl] != 0f) {
        alpha[base + cl] += delta[cl];
        if (beta != null) {
          beta[base + cl] += delta[cl] * (double) c;
        }
        if (bias) {
          b[cl] += delta[cl];
          betaB[cl] += delta[cl] * (double) c;
        }
      }
    }
  }

  /** The negated coefficients of slot into out[0, kp): the change that removes it. Only out is modified. */
  void negated(int slot, float[] out) {
    for (int cl = 0; cl < kp; cl++) {
      out[cl] = -alpha[slot * kp + cl];
    }
  }

  /** Empties slot: its row is no support vector any more, and the last slot takes its place. */
  void remove(int slot) {
    slotOf[svRow[slot]] = -1;
    int last = m - 1;
    if (slot != last) {
      svRow[slot] = svRow[last];
      slotOf[svRow[slot]] = slot;
      System.arraycopy(alpha, last * kp, alpha, slot * kp, kp);
      if (beta != null) {
        System.arraycopy(beta, last * kp, beta, slot * kp, kp);
      }
    }
    Arrays.fill(alpha, last * kp, last * kp + kp, 0f);
    if (beta != null) {
      Arrays.fill(beta, last * kp, last * kp + kp, 0.0);
    }
    m = last;
  }

  /** A copy of the coefficients of the slots, kp a slot. */
  float[] coefficients() {
    return Arrays.copyOf(alpha, m * kp);
  }

  /** A copy of the biases (kp). */
  float[] biases() {
    return b.clone();
  }

  /** The averaged coefficients of the slots (kp a slot): {@code alpha - beta / c}, each rounded once to float. */
  float[] averagedCoefficients() {
    float[] coef = new float[m * kp];
    for (int j = 0; j < coef.length; j++) {
      coef[j] = average(alpha[j], beta[j], c);
    }
    return coef;
  }

  /** The averaged biases (kp). */
  float[] averagedBiases() {
    float[] biases = new float[kp];
    for (int cl = 0; cl < kp; cl++) {
      biases[cl] = average(b[cl], betaB[cl], c);
    }
    return biases;
  }

  /**
   * The averaged weight of CIML Algorithm 7, {@code w - u / count} in double, rounded once to
   * float, as every averaged learner of the library takes it.
   */
  private static float average(float w, double u, long count) {
    return (float) ((double) w - u / count);
  }

  /** Copies the slots' rows, the coefficients and biases of the first k classes, their sums and the counter into s. */
  void capture(KernelRuleState s, int k) {
    s.svRows = Arrays.copyOf(svRow, m);
    s.alpha = new float[m * k];
    s.alphaSums = beta == null ? null : new double[m * k];
    for (int slot = 0; slot < m; slot++) {
      for (int cl = 0; cl < k; cl++) {
        s.alpha[slot * k + cl] = alpha[slot * kp + cl];
        if (beta != null) {
          s.alphaSums[slot * k + cl] = beta[slot * kp + cl];
        }
      }
    }
    s.biases = Arrays.copyOf(b, k);
    s.biasSums = Arrays.copyOf(betaB, k);
    s.counter = c;
  }

  /**
   * Puts the support vectors, coefficients, biases, sums and counter of s back (k classes of kp;
   * no support vector yet). Throws {@link IllegalArgumentException} when a row is out of range or
   * held twice, or s has sums and this has none, or the other way round.
   */
  void restore(KernelRuleState s, int k) {
    if ((s.alphaSums != null) != (beta != null)) {
      throw new IllegalArgumentException("the averaged sums are " + (beta != null ? "missing" : "not expected"));
    }
    int count = s.svRows.length;
    int capacity = Math.max(16, Integer.highestOneBit(Math.max(count, 1) - 1) << 1);
    svRow = new int[capacity];
    alpha = new float[capacity * kp];
    beta = beta == null ? null : new double[capacity * kp];
    for (int slot = 0; slot < count; slot++) {
      int row = s.svRows[slot];
      if (row < 0 || row >= slotOf.length || slotOf[row] >= 0) {
        throw new IllegalArgumentException("support vector " + slot + ": row " + row + (row < 0 || row >= slotOf.length
            ? " is not one of the " + slotOf.length + " training rows" : " holds another slot already"));
      }
      add(row);
      for (int cl = 0; cl < k; cl++) {
        alpha[slot * kp + cl] = s.alpha[slot * k + cl];
        if (beta != null) {
          beta[slot * kp + cl] = s.alphaSums[slot * k + cl];
        }
      }
    }
    System.arraycopy(s.biases, 0, b, 0, k);
    System.arraycopy(s.biasSums, 0, betaB, 0, k);
    c = s.counter;
  }
}
