package io.github.simdperceptron.reference;

import java.util.List;

/**
 * What a reference learner returns: the model, and everything the equivalence tests compare.
 * Plain public fields; a field that does not apply to the learner that filled it keeps its
 * default (null, 0, false).
 */
public final class ReferenceRun {
  /**
   * The model's weights: the last weights for the perceptron, PLA, margin perceptron and passive-aggressive learners; the
   * pocket for pocket; the last current vector v for voted; the averaged weights for averaged.
   */
  public float[] w;
  /** The model's bias (0 when trained without bias), chosen as {@link #w} is. */
  public float b;
  /** The example index of every update, in visit order. */
  public int[] updateLog;
  /** Mistakes ({@code y a <= 0}) per epoch run, the last possibly partial. */
  public int[] mistakesPerEpoch;
  /** Updates per epoch run (equal to the mistakes except for the margin perceptron, the passive-aggressive learners and a voted cap). */
  public int[] updatesPerEpoch;
  /** Epochs run, counting an epoch cut short by PLA halting or a voted cap. */
  public int epochs;
  /** Whether a complete epoch made no update. */
  public boolean converged;
  /** PLA only: whether n consecutive visits made no update. */
  public boolean halted;
  /** Pocket only: training errors of the returned pocket. */
  public int pocketErrors;
  /** Voted only: the vectors v_k, in the order they were retired. */
  public List<float[]> votedW;
  /** Voted only: the biases b_k. */
  public List<Float> votedB;
  /** Voted only: the survival counts c_k. */
  public List<Integer> votedC;
  /** Voted only: whether training ended because of the cap on the number of vectors. */
  public boolean voteCapReached;
  /** Averaged only: the final counter c (visits made + 1). */
  public long c;
  /** Averaged only: the accumulator u (sum of y c x over the updates). */
  public double[] u;
  /** Averaged only: the accumulator beta (sum of y c over the updates). */
  public double beta;
}
