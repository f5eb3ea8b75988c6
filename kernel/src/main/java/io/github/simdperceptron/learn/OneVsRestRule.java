package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.data.internal.DataAccess;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One-vs-rest in one pass: K binary learners, one per class (class c sees {@code y = +1} on its
 * own examples and {@code -1} on all others), sharing the example order. On every visit the K
 * activations come from one pass over the example's non-zeros against the feature-major weights
 * ({@link ClassWeights}), then every class whose learner errs is updated, all in one more pass.
 * Each class stops exactly when its own
 * binary run would: after an epoch without an update of that class (converged), or for PLA after
 * n consecutive visits without one (halted); a stopped class is neither updated nor counted any
 * more. So the result equals K independent binary runs with the same seed, bit for bit on
 * integer-valued data (docs/learners.md).
 *
 * <p>A rule may own only the classes {@code [first, first + k)} of the data (one part of a run
 * split across cores, see {@link OneVsRestSplit}); it then records the outcome of every visit so
 * that the parts can be merged into the report of the whole run.
 *
 * <p>This class is the perceptron, PLA and the margin perceptron; the nested classes add the
 * averaged and the pocket learners.
 */
class OneVsRestRule extends UpdateRule<MulticlassModel> {
  final Algorithm algorithm;
  final int first;
  final int k;
  final int d;
  final ClassWeights weights;
  final float[] b;
  final boolean bias;
  final Labels labels;
  private final boolean part;
  private final float threshold;
  private final boolean[] stopped;
  private final int[] clean;
  private final boolean shuffle;
  private final int[] epochMistakes;
  private final int[] epochUpdates;
  private final Trainer.IntList[] classMistakes;
  private final Trainer.IntList[] classUpdates;
  /** Parts only: per epoch, the example and the outcome of every visit made. */
  final List<int[]> visitedPerEpoch = new ArrayList<>();
  final List<byte[]> outcomesPerEpoch = new ArrayList<>();
  private Trainer.IntList visited;
  private byte[] outcomes;

  /** A rule for all classes of {@code labels}. */
  OneVsRestRule(Algorithm algorithm, int dimension, boolean bias, float tau, Labels labels) {
    this(algorithm, dimension, bias, tau, labels, 0, labels.size(), false);
  }

  /** A rule for the classes {@code [first, first + count)} of {@code labels}: one part of a split run. */
  OneVsRestRule(Algorithm algorithm, int dimension, boolean bias, float tau, Labels labels, int first, int count) {
    this(algorithm, dimension, bias, tau, labels, first, count, false);
  }

  /**
   * As above; {@code shuffle} says whether epochs are shuffled, in which case PLA counts its clean
   * cycle within one epoch (docs/learners.md), as the binary PLA does.
   */
  OneVsRestRule(Algorithm algorithm, int dimension, boolean bias, float tau, Labels labels, int first, int count,
      boolean shuffle) {
    this(algorithm, dimension, bias, tau, labels, first, count, shuffle, false);
  }

  private OneVsRestRule(Algorithm algorithm, int dimension, boolean bias, float tau, Labels labels, int first,
      int count, boolean shuffle, boolean averaged) {
    this.shuffle = shuffle;
    this.algorithm = algorithm;
    this.first = first;
    this.k = count;
    this.d = dimension;
    this.weights = new ClassWeights(count, dimension, averaged);
    this.b = new float[k];
    this.bias = bias;
    this.part = count < labels.size();
    this.labels = part ? Labels.of(labels.names().subList(first, first + count)) : labels;
    this.threshold = algorithm == Algorithm.MARGIN ? tau : 0f;
    this.stopped = new boolean[k];
    this.clean = new int[k];
    this.epochMistakes = new int[k];
    this.epochUpdates = new int[k];
    this.classMistakes = new Trainer.IntList[k];
    this.classUpdates = new Trainer.IntList[k];
    for (int c = 0; c < k; c++) {
      classMistakes[c] = new Trainer.IntList();
      classUpdates[c] = new Trainer.IntList();
    }
  }

  @Override
  final int visit(Dataset data, int i) {
    int outcome = visitClasses(data, i);
    if (part) {
      if (visited == null) {
        visited = new Trainer.IntList();
        outcomes = new byte[data.size()];
      }
      outcomes[visited.size()] = (byte) outcome;
      visited.add(i);
    }
    return outcome;
  }

  private int visitClasses(Dataset data, int i) {
    weights.score(data, i);
    float[] scores = weights.scores;
    int truth = data.classOf(i) - first;
    int outcome = CORRECT;
    for (int c = 0; c < k; c++) {
      if (stopped[c]) {
        continue;
      }
      float y = c == truth ? 1f : -1f;
      float ya = y * (scores[c] + b[c]);
      if (ya <= 0f) {
        epochMistakes[c]++;
        outcome |= MISTAKE;
      }
      if (ya <= threshold) {
        mark(c, y);
        epochUpdates[c]++;
        clean[c] = 0;
        outcome |= UPDATED;
      } else if (++clean[c] >= data.size() && algorithm == Algorithm.PLA) {
        stopped[c] = true;
      }
      visited(c);
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
  final void epochFinished() {
    if (visited != null) {
      visitedPerEpoch.add(visited.toArray());
      outcomesPerEpoch.add(Arrays.copyOf(outcomes, visited.size()));
      visited = new Trainer.IntList();
    }
    for (int c = 0; c < k; c++) {
      classMistakes[c].add(epochMistakes[c]);
      classUpdates[c].add(epochUpdates[c]);
      if (epochUpdates[c] == 0) {
        stopped[c] = true;
      }
      epochMistakes[c] = 0;
      epochUpdates[c] = 0;
      if (shuffle) {
        clean[c] = 0;
      }
    }
  }

  /** Mistakes per class and epoch, [class][epoch]. */
  final int[][] classMistakesPerEpoch() {
    int[][] out = new int[k][];
    for (int c = 0; c < k; c++) {
      out[c] = classMistakes[c].toArray();
    }
    return out;
  }

  /** Updates per class and epoch, [class][epoch]. */
  final int[][] classUpdatesPerEpoch() {
    int[][] out = new int[k][];
    for (int c = 0; c < k; c++) {
      out[c] = classUpdates[c].toArray();
    }
    return out;
  }

  @Override
  MulticlassModel model() {
    return MulticlassModel.wrap(weights.rowMajor(), b.clone(), labels);
  }

  @Override
  final boolean reportsTrainingError() {
    return !part;
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

    Averaged(int dimension, boolean bias, Labels labels, int first, int count) {
      super(Algorithm.AVERAGED, dimension, bias, 0f, labels, first, count, false, true);
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
      float[] avgB = new float[k];
      for (int c = 0; c < k; c++) {
        avgB[c] = ClassWeights.average(b[c], beta[c], counter[c]);
      }
      return MulticlassModel.wrap(weights.averagedRowMajor(counter), avgB, labels);
    }
  }

  /**
   * Pocket one-vs-rest: after every update of class c, count that class's training errors with the
   * batch-margin kernel and pocket its row on a strict improvement. O(n d) per update.
   */
  static final class Pocket extends OneVsRestRule {
    private final float[] pocketW;
    private final float[] pocketB;
    private final int[] pocketErrors;
    private final float[] row;
    /** The steps of the visit being applied (the update clears the shared ones). */
    private final float[] updated;
    private float[] margins;

    Pocket(int dimension, boolean bias, Labels labels, int first, int count) {
      super(Algorithm.POCKET, dimension, bias, 0f, labels, first, count);
      this.pocketW = new float[k * dimension];
      this.pocketB = new float[k];
      this.pocketErrors = new int[k];
      this.row = new float[dimension];
      this.updated = new float[count];
    }

    @Override
    void applyUpdates(Dataset data) {
      if (margins == null) {
        margins = new float[data.size()];
        // Zero weights and bias: every activation is 0, so every example is an error.
        Arrays.fill(pocketErrors, data.size());
      }
      System.arraycopy(weights.delta, 0, updated, 0, k);
      super.applyUpdates(data);
      for (int c = 0; c < k; c++) {
        if (updated[c] != 0f) {
          pocket(data, c);
        }
      }
    }

    /** Counts class c's training errors with the batch-margin kernel; pockets its row on a strict improvement. */
    private void pocket(Dataset data, int c) {
      weights.row(c, row);
      DataAccess.margins(data, row, b[c], margins);
      int e = 0;
      for (int j = 0; j < margins.length; j++) {
        float yj = data.classOf(j) == first + c ? 1f : -1f;
        if (yj * margins[j] <= 0f) {
          e++;
        }
      }
      if (e < pocketErrors[c]) {
        System.arraycopy(row, 0, pocketW, c * d, d);
        pocketB[c] = b[c];
        pocketErrors[c] = e;
      }
    }

    @Override
    MulticlassModel model() {
      return MulticlassModel.wrap(pocketW.clone(), pocketB.clone(), labels);
    }
  }
}
