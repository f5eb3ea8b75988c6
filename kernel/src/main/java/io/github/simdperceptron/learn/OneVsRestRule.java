package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import java.util.Arrays;

/**
 * One-vs-rest in one pass: K binary learners, one per class (class c sees {@code y = +1} on its
 * own examples and {@code -1} on all others), sharing the example order. On every visit the K
 * activations come from one pass over the example's non-zeros against the feature-major weights
 * ({@link ClassWeights}), then every class whose learner updates is updated, all in one more pass.
 * Each class is a learner of the loop's {@link Stopping}: it stops exactly when its own binary run
 * would, and a stopped class is neither updated nor counted any more. So the result equals K
 * independent binary runs with the same seed, bit for bit on integer-valued data
 * (docs/learners.md).
 *
 * <p>This class is the perceptron, PLA and the margin perceptron; the nested classes add the
 * averaged and the pocket learners.
 */
class OneVsRestRule extends UpdateRule<MulticlassModel> {
  final Algorithm algorithm;
  final int k;
  final ClassWeights weights;
  final float[] b;
  final boolean bias;
  final Labels labels;
  private final float threshold;
  private Stopping stopping;

  private OneVsRestRule(Algorithm algorithm, int dimension, TrainingOptions options, Labels labels) {
    this.algorithm = algorithm;
    this.k = labels.size();
    this.weights = new ClassWeights(k, dimension, algorithm == Algorithm.AVERAGED);
    this.b = new float[k];
    this.bias = options.bias();
    this.labels = labels;
    this.threshold = algorithm.threshold(options);
  }

  /** The rule of an algorithm that {@link Algorithm#oneVsRest()} runs; throws {@link OptionException} for another. */
  static OneVsRestRule of(Algorithm algorithm, int dimension, TrainingOptions options, Labels labels) {
    if (!algorithm.oneVsRest()) {
      throw new OptionException("algorithm", algorithm, "must be one one-vs-rest runs per class ("
          + Algorithm.names(Algorithm::oneVsRest) + "): a voted learner per class is not one weight row;"
          + " AVERAGED is its linear counterpart");
    }
    switch (algorithm) {
      case AVERAGED:
        return new Averaged(dimension, options, labels);
      case POCKET:
        return new Pocketed(dimension, options, labels);
      default:
        return new OneVsRestRule(algorithm, dimension, options, labels);
    }
  }

  @Override
  final int visit(Dataset data, int i) {
    weights.score(data, i);
    float[] scores = weights.scores;
    int truth = data.classOf(i);
    int outcome = CORRECT;
    for (int c = 0; c < k; c++) {
      if (stopping.stopped(c)) {
        continue;
      }
      float y = c == truth ? 1f : -1f;
      float ya = y * (scores[c] + b[c]);
      int own = ya <= 0f ? MISTAKE : CORRECT;
      if (ya <= threshold) {
        mark(c, y);
        own |= UPDATED;
      }
      stopping.record(c, own);
      visited(c);
      outcome |= own;
    }
    if ((outcome & UPDATED) != 0) {
      applyUpdates(data);
    }
    return outcome;
  }

  /** Marks class c for the binary perceptron update w_c += y x_i, b_c += y of this visit. */
  void mark(int c, float y) {
    weights.delta[c] = y;
    if (bias) {
      b[c] += y;
    }
  }

  /** Applies the marked updates to the row last scored, in one pass over its non-zeros. */
  void applyUpdates(Dataset data) {
    weights.applyUpdate();
  }

  /** Called after every visit of a class that has not stopped, update or not. */
  void visited(int c) {}

  @Override
  final boolean haltsAfterCleanCycle() {
    return algorithm == Algorithm.PLA;
  }

  @Override
  final int classLearners() {
    return k;
  }

  @Override
  final void attach(Stopping s) {
    stopping = s;
  }

  @Override
  MulticlassModel model() {
    return weights.model(b, labels);
  }

  @Override
  final String name() {
    return "OVR(" + algorithm + ")";
  }

  /**
   * Averaged one-vs-rest: CIML Algorithm 7 per class, with a counter c per class (each class
   * counts the visits of its own run, which end when that class stops).
   */
  static final class Averaged extends OneVsRestRule {
    private final double[] beta;
    private final long[] counter;

    Averaged(int dimension, TrainingOptions options, Labels labels) {
      super(Algorithm.AVERAGED, dimension, options, labels);
      this.beta = new double[k];
      this.counter = new long[k];
      Arrays.fill(counter, 1L);
    }

    @Override
    void mark(int c, float y) {
      super.mark(c, y);
      double yc = (double) y * counter[c];
      weights.deltaU[c] = yc;
      if (bias) {
        beta[c] += yc;
      }
    }

    @Override
    void visited(int c) {
      counter[c]++;
    }

    @Override
    MulticlassModel model() {
      return weights.averagedModel(b, beta, counter, labels);
    }
  }

  /** Pocket one-vs-rest: after every update of class c, an offer of its row to its own {@link Pocket}. */
  static final class Pocketed extends OneVsRestRule {
    private final Pocket[] pockets;
    private final float[] row;
    /** The steps of the visit being applied (the update clears the shared ones). */
    private final float[] updated;
    private float[] margins;

    Pocketed(int dimension, TrainingOptions options, Labels labels) {
      super(Algorithm.POCKET, dimension, options, labels);
      this.row = new float[dimension];
      this.updated = new float[k];
      this.pockets = new Pocket[k];
      for (int c = 0; c < k; c++) {
        pockets[c] = new Pocket(row, 0f, c);
      }
    }

    @Override
    void applyUpdates(Dataset data) {
      if (margins == null) {
        margins = new float[data.size()];
        for (Pocket p : pockets) {
          // Zero weights and bias: every activation is 0, so every example is an error.
          p.errors(data.size());
        }
      }
      System.arraycopy(weights.delta, 0, updated, 0, k);
      super.applyUpdates(data);
      for (int c = 0; c < k; c++) {
        if (updated[c] != 0f) {
          weights.row(c, row);
          pockets[c].offer(data, row, b[c], margins);
        }
      }
    }

    @Override
    MulticlassModel model() {
      float[] w = new float[k * row.length];
      float[] pocketB = new float[k];
      for (int c = 0; c < k; c++) {
        System.arraycopy(pockets[c].w, 0, w, c * row.length, row.length);
        pocketB[c] = pockets[c].b;
      }
      return MulticlassModel.wrap(w, pocketB, labels);
    }
  }
}
