package io.github.simdperceptron.kernel.internal;

import java.util.Arrays;

/**
 * The per-class steps of the next update of {@link ClassScores#update}: class c's weights move by
 * {@code delta[c]} times the row, and with the averaged sums those move by {@code deltaU[c]} times
 * it, in double. The classes with a step are marked one by one ({@link #mark}); an update of one or
 * two marked classes touches only their lanes. One per learner, reused from update to update:
 * {@link #clear} makes every step zero again.
 */
public final class ClassSteps {
  final float[] delta;
  final double[] deltaU;
  /** The first two classes marked since the last clear, and how many marks there were. */
  int first;
  int second;
  int marked;

  /** Zero steps for kp class lanes, with steps for the averaged sums when averaged. */
  public ClassSteps(int kp, boolean averaged) {
    this.delta = new float[kp];
    this.deltaU = averaged ? new double[kp] : null;
  }

  /**
   * Sets class c's step to step, and its averaged step to uStep (ignored without averaging); each
   * class is marked at most once between clears.
   */
  public void mark(int c, float step, double uStep) {
    assert marked == 0 || c != first && (marked == 1 || c != second) : "class " + c + " marked twice";
    delta[c] = step;
    if (deltaU != null) {
      deltaU[c] = uStep;
    }
    if (marked == 0) {
      first = c;
    } else if (marked == 1) {
      second = c;
    }
    marked++;
  }

  /** The steps of the weights, kp entries (shared, not a copy: read it, do not write it). */
  public float[] steps() {
    return delta;
  }

  /** Every step zero again, nothing marked. */
  public void clear() {
    if (marked <= 2) {
      // The lanes that were not marked are zero already.
      delta[first] = 0f;
      delta[second] = 0f;
      if (deltaU != null) {
        deltaU[first] = 0.0;
        deltaU[second] = 0.0;
      }
    } else {
      Arrays.fill(delta, 0f);
      if (deltaU != null) {
        Arrays.fill(deltaU, 0.0);
      }
    }
    marked = 0;
  }
}
