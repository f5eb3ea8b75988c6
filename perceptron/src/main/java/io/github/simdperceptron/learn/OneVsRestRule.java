package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.learn.internal.OptionException;
import io.github.simdperceptron.learn.internal.PassiveAggressiveStep;
import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * One-vs-rest in one pass (docs/learners.md, item 9): K binary learners, class c seeing
 * {@code y = +1} on its own examples and {@code -1} on all others. A visit scores the K classes
 * in one pass over the example's non-zeros ({@link ClassWeights}) and updates every class whose
 * learner fires in one more; each class is a learner of the loop's {@link Stopping}, so it stops
 * exactly when its own binary run would. This class is the perceptron, PLA, the margin perceptron,
 * the averaged perceptron (a counter per class) and the passive-aggressive learners (class c steps
 * by its own tau, q = |x|^2 + 1 as in {@link PassiveAggressiveRule}); {@link Pocketed} adds the pocket.
 */
class OneVsRestRule extends UpdateRule<MulticlassModel> {
  private final Algorithm algorithm;
  final ClassWeights weights;
  private final float threshold;
  /** The passive-aggressive step, or null for the perceptron's update. */
  private final PassiveAggressiveStep step;
  /** Per class: its visits so far, plus one (the averaged learner's counter). */
  final long[] count;
  /** Multi-label rows: row i's classes are labelClasses[labelPtr[i], labelPtr[i+1]); null: its one class. */
  private int[] labelPtr;
  private int[] labelClasses;
  /** Per class, whether the row being visited is of it (multi-label only). */
  private boolean[] positive;

  private OneVsRestRule(Algorithm algorithm, int dimension, TrainingOptions options, Labels labels) {
    this.algorithm = algorithm;
    this.weights = new ClassWeights(labels, dimension, options.bias(), algorithm == Algorithm.AVERAGED, null);
    this.threshold = algorithm.threshold(options);
    this.step = PassiveAggressiveStep.of(algorithm, options.aggressiveness());
    this.count = new long[weights.k];
    Arrays.fill(count, 1L);
  }

  /** The rule of an algorithm that {@link Algorithm#oneVsRest()} runs; throws {@link OptionException} for another. */
  static OneVsRestRule of(Algorithm algorithm, int dimension, TrainingOptions options, Labels labels) {
    algorithm.require(Algorithm::oneVsRest, "must be one one-vs-rest runs per class (",
        "): a voted learner per class is not one weight row; AVERAGED is its linear counterpart");
    return algorithm == Algorithm.POCKET ? new Pocketed(dimension, options, labels)
        : new OneVsRestRule(algorithm, dimension, options, labels);
  }

  /**
   * One-vs-rest over multi-label rows: class c sees {@code y = +1} on every row among whose
   * classes it is. Throws {@link OptionException} for the pocket, whose training error counts one class per row.
   */
  static OneVsRestRule multiLabel(Algorithm algorithm, int dimension, TrainingOptions options, Labels labels,
      int[] labelPtr, int[] labelClasses) {
    algorithm.require(a -> a.oneVsRest() && a != Algorithm.POCKET, "must be one one-vs-rest runs on multi-label"
        + " rows (", "): the pocket's error counts one class per row");
    OneVsRestRule rule = new OneVsRestRule(algorithm, dimension, options, labels);
    rule.labelPtr = labelPtr;
    rule.labelClasses = labelClasses;
    rule.positive = new boolean[labels.size()];
    return rule;
  }

  @Override
  final int visit(Dataset data, int i) {
    weights.score(data, i);
    float[] scores = weights.scores;
    int truth = data.classOf(i);
    boolean[] pos = positive;
    if (pos != null) {
      for (int p = labelPtr[i]; p < labelPtr[i + 1]; p++) {
        pos[labelClasses[p]] = true;
      }
    }
    int outcome = CORRECT;
    float q = -1f;
    for (int c = 0; c < weights.k; c++) {
      if (stopping.stopped(c)) {
        continue;
      }
      float y = (pos != null ? pos[c] : c == truth) ? 1f : -1f;
      float ya = y * scores[c];
      int own = ya <= 0f ? MISTAKE : CORRECT;
      if (step != null) {
        float loss = 1f - ya;
        if (loss > 0f) {
          if (q < 0f) {
            q = weights.squaredNorm() + (weights.bias ? 1f : 0f);
          }
          if (q > 0f) {
            weights.mark(c, step.tau(loss, q) * y, count[c]);
            own |= UPDATED;
          }
        }
      } else if (ya <= threshold) {
        weights.mark(c, y, count[c]);
        own |= UPDATED;
      }
      stopping.record(c, own);
      count[c]++;
      outcome |= own;
    }
    if (pos != null) {
      for (int p = labelPtr[i]; p < labelPtr[i + 1]; p++) {
        pos[labelClasses[p]] = false;
      }
    }
    if ((outcome & UPDATED) != 0) {
      applyUpdates(data);
    }
    return outcome;
  }

  /** Applies the marked updates to the row last scored, in one pass over its non-zeros. */
  void applyUpdates(Dataset data) {
    weights.applyUpdate();
  }

  @Override
  final boolean haltsAfterCleanCycle() {
    return algorithm == Algorithm.PLA;
  }

  @Override
  final int classLearners() {
    return weights.k;
  }

  @Override
  MulticlassModel model() {
    return weights.model(c -> count[c]);
  }

  @Override
  final String name() {
    return "OVR(" + algorithm + ")";
  }

  /** Pocket one-vs-rest: after every update of class c, an offer of its row to its own {@link Pocket}. */
  static final class Pocketed extends OneVsRestRule {
    final Pocket[] pockets;
    /** Whether the pockets were restored from a saved state: the first update counts their errors. */
    private boolean restored;
    private final float[] row;
    /** The steps of the visit being applied (the update clears the shared ones). */
    private final float[] updated;
    private float[] margins;

    Pocketed(int dimension, TrainingOptions options, Labels labels) {
      super(Algorithm.POCKET, dimension, options, labels);
      this.row = new float[dimension];
      this.updated = new float[weights.k];
      this.pockets = IntStream.range(0, weights.k).mapToObj(c -> new Pocket(row, 0f, c)).toArray(Pocket[]::new);
    }

    @Override
    void applyUpdates(Dataset data) {
      if (margins == null) {
        margins = new float[data.size()];
        for (Pocket p : pockets) {
          // Zero weights and bias: every activation is 0, so every example is an error.
          p.errors = restored ? p.errors(data, margins) : data.size();
        }
      }
      System.arraycopy(weights.delta, 0, updated, 0, updated.length);
      weights.applyUpdate();
      for (int c = 0; c < pockets.length; c++) {
        if (updated[c] != 0f) {
          weights.row(c, row);
          pockets[c].offer(data, row, weights.b[c], margins);
        }
      }
    }

    /** Sets each class's pocket to row c and bias c of a saved model's (its errors counted at the first update). */
    void restorePockets(MulticlassModel saved) {
      for (int c = 0; c < pockets.length; c++) {
        System.arraycopy(saved.weights(c), 0, pockets[c].w, 0, row.length);
        pockets[c].b = saved.biases()[c];
      }
      restored = true;
    }

    @Override
    MulticlassModel model() {
      float[] w = new float[pockets.length * row.length];
      float[] b = new float[pockets.length];
      for (int c = 0; c < pockets.length; c++) {
        System.arraycopy(pockets[c].w, 0, w, c * row.length, row.length);
        b[c] = pockets[c].b;
      }
      return new MulticlassModel(w, b, weights.labels);
    }
  }
}
