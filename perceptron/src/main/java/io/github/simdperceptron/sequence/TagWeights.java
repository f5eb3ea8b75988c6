package io.github.simdperceptron.sequence;

import io.github.simdperceptron.kernel.internal.ClassMatrix;
import io.github.simdperceptron.kernel.internal.ClassScores;
import io.github.simdperceptron.kernel.internal.Transitions;
import io.github.simdperceptron.kernel.internal.ViterbiSteps;

/**
 * The weights of a first-order tagger over K tags and d features, padded to
 * {@code kp = ClassScores.paddedClasses(K)} lanes: emission weights feature-major
 * ({@code w[f * kp + tag]}, the layout of the K-class kernel), transition weights j-major
 * ({@code trans[from * kp + to]}, the layout of the Viterbi step), and the weights of a sentence's
 * first and last tags ({@code start[tag]}, {@code end[tag]}). The padding lanes stay zero.
 */
final class TagWeights {
  final int k;
  final int kp;
  final int d;
  final float[] w;
  final float[] trans;
  final float[] start;
  final float[] end;
  /** An upper bound of each transition row, for the Viterbi step's pruning; see {@link #boundRows()}. */
  final float[] rowMax;
  /** A lower bound of each transition row, likewise. */
  final float[] rowMin;
  /** w as the K-class kernel reads it (the same array). */
  final ClassMatrix emission;
  /** trans with its bounds, as the Viterbi step reads them (the same arrays). */
  final Transitions transitions;

  TagWeights(int k, int d) {
    this(k, d, new float[checkedSize(d, ClassScores.paddedClasses(k))],
        new float[k * ClassScores.paddedClasses(k)], new float[ClassScores.paddedClasses(k)],
        new float[ClassScores.paddedClasses(k)]);
  }

  TagWeights(int k, int d, float[] w, float[] trans, float[] start, float[] end) {
    this.k = k;
    this.kp = ClassScores.paddedClasses(k);
    this.d = d;
    this.w = w;
    this.trans = trans;
    this.start = start;
    this.end = end;
    this.rowMax = new float[k];
    this.rowMin = new float[k];
    this.emission = new ClassMatrix(w, kp);
    this.transitions = new Transitions(trans, k, kp, rowMax, rowMin);
    boundRows();
  }

  /**
   * Sets {@link #rowMax} and {@link #rowMin} to the transition rows' maxima and minima. Any bounds
   * will do: the trainer moves a row's bound with the weight it raises or lowers, and calls this
   * once an epoch.
   */
  void boundRows() {
    ViterbiSteps.rowBounds(trans, k, kp, rowMax, rowMin);
  }

  private static int checkedSize(int d, int kp) {
    long size = (long) d * kp;
    if (size > Integer.MAX_VALUE - 16) {
      throw new IllegalArgumentException(d + " features x " + kp + " tag lanes is more weights than one array holds"
          + " (raise the cutoff or lower the hash bits)");
    }
    return (int) size;
  }
}
