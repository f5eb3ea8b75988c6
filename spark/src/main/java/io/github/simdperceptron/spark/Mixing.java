package io.github.simdperceptron.spark;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.BinaryModel;
import io.github.simdperceptron.learn.FitResult;
import io.github.simdperceptron.learn.Learner;
import io.github.simdperceptron.learn.LinearModel;
import io.github.simdperceptron.learn.MulticlassModel;
import io.github.simdperceptron.learn.TrainingOptions;
import io.github.simdperceptron.learn.TrainingReport;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The arithmetic of iterative parameter mixing: one partition's epoch from the broadcast weights
 * ({@link #epoch}), and the weighted sum of the partitions' weights ({@link Mix}), added in
 * partition order so that the same partitioning gives the same bits.
 */
final class Mixing {
  /** The class names of one one-vs-rest problem: "-1" the rest, "1" the class. */
  static final Labels REST_VS_ONE = Labels.of(List.of("-1", "1"));

  private Mixing() {}

  /** How a trained model is laid out: one weight row (binary) or one per class. */
  enum Layout {
    BINARY, ONE_VS_REST, DIRECT
  }

  /** Everything an executor needs to run its epoch; sent with every task. */
  record Spec(Algorithm algorithm, Layout layout, boolean bias, float tau, long seed, boolean byUpdates,
      double[] classValues, int dimension) implements Serializable {

    int rows() {
      return layout == Layout.BINARY ? 1 : classValues.length;
    }

    TrainingOptions options(int epoch, int rank) {
      return TrainingOptions.builder().maxEpochs(1).bias(bias).tau(tau)
          .seed(PerceptronClassifier.partitionSeed(seed, epoch, rank)).build();
    }
  }

  /** Weight rows (row-major, rows x d) and one bias per row: what the driver broadcasts. */
  record Weights(float[] w, float[] b) implements Serializable {
    float[] row(int r) {
      int d = w.length / b.length;
      float[] out = new float[d];
      System.arraycopy(w, r * d, out, 0, d);
      return out;
    }
  }

  /** One partition's result: its weights after the epoch and, per row, the updates it made. */
  record Partial(int rank, Weights weights, long[] updates, long mistakes, long nanos) implements Serializable {}

  /**
   * Runs one epoch of the kernel's learner over data (classes indexed as spec.classValues) from
   * the start weights, in the order of {@code Random(partitionSeed(seed, epoch, rank))}.
   */
  static Partial epoch(Dataset data, Weights start, Spec spec, int epoch, int rank) {
    long t0 = System.nanoTime();
    TrainingOptions o = spec.options(epoch, rank);
    int rows = spec.rows();
    int d = spec.dimension();
    float[] w = new float[rows * d];
    float[] b = new float[rows];
    long[] updates = new long[rows];
    long mistakes = 0;
    switch (spec.layout()) {
      case BINARY: {
        FitResult<BinaryModel> r = Learner.fit(spec.algorithm(), data, o,
            new LinearModel(start.row(0), start.b()[0], data.labels()));
        copy((LinearModel) r.model(), w, b, 0);
        updates[0] = r.report().updates();
        mistakes = r.report().mistakes();
        break;
      }
      case ONE_VS_REST: {
        int[] oneVsRest = new int[data.size()];
        for (int c = 0; c < rows; c++) {
          for (int i = 0; i < oneVsRest.length; i++) {
            oneVsRest[i] = data.classOf(i) == c ? 1 : 0;
          }
          FitResult<BinaryModel> r = Learner.fit(spec.algorithm(), data.withLabels(REST_VS_ONE, oneVsRest), o,
              new LinearModel(start.row(c), start.b()[c], REST_VS_ONE));
          copy((LinearModel) r.model(), w, b, c);
          updates[c] = r.report().updates();
          mistakes += r.report().mistakes();
        }
        break;
      }
      case DIRECT: {
        float[][] rowsIn = new float[rows][];
        for (int c = 0; c < rows; c++) {
          rowsIn[c] = start.row(c);
        }
        Learner<MulticlassModel> learner = Learner.multiclass(spec.algorithm(),
            new MulticlassModel(rowsIn, start.b(), data.labels()), o);
        TrainingReport r = learner.partialFit(data);
        MulticlassModel m = learner.model();
        for (int c = 0; c < rows; c++) {
          System.arraycopy(m.weights(c), 0, w, c * d, d);
        }
        System.arraycopy(m.biases(), 0, b, 0, rows);
        Arrays.fill(updates, r.updates());
        mistakes = r.mistakes();
        break;
      }
      default:
        throw new IllegalStateException("unknown layout " + spec.layout());
    }
    return new Partial(rank, new Weights(w, b), updates, mistakes, System.nanoTime() - t0);
  }

  private static void copy(LinearModel m, float[] w, float[] b, int row) {
    float[] mw = m.weights();
    System.arraycopy(mw, 0, w, row * mw.length, mw.length);
    b[row] = m.bias();
  }

  /**
   * A weighted sum of partitions' weights, in double: per row r, {@code sum_p c_pr w_pr} and
   * {@code sum_p c_pr}, with c_pr = 1 (uniform) or the updates partition p made to row r.
   */
  static final class Mix implements Serializable {
    private static final long serialVersionUID = 1L;
    final double[] w;
    final double[] b;
    final double[] coefficients;
    long mistakes;
    long updates;
    long nanos;
    long slowestNanos;

    private Mix(int rows, int d) {
      this.w = new double[rows * d];
      this.b = new double[rows];
      this.coefficients = new double[rows];
    }

    /** The sum of one group's partials, taken in rank order whatever order they arrived in. */
    static Mix of(Iterable<Partial> partials, boolean byUpdates) {
      List<Partial> sorted = new ArrayList<>();
      partials.forEach(sorted::add);
      sorted.sort(Comparator.comparingInt(Partial::rank));
      Weights first = sorted.get(0).weights();
      Mix m = new Mix(first.b().length, first.w().length / first.b().length);
      for (Partial p : sorted) {
        m.add(p, byUpdates);
      }
      return m;
    }

    private void add(Partial p, boolean byUpdates) {
      int rows = b.length;
      int d = w.length / rows;
      float[] pw = p.weights().w();
      for (int r = 0; r < rows; r++) {
        double c = byUpdates ? p.updates()[r] : 1.0;
        if (c == 0) {
          continue;
        }
        for (int j = r * d, end = j + d; j < end; j++) {
          w[j] += c * pw[j];
        }
        b[r] += c * p.weights().b()[r];
        coefficients[r] += c;
      }
      mistakes += p.mistakes();
      updates += Arrays.stream(p.updates()).sum();
      nanos += p.nanos();
      slowestNanos = Math.max(slowestNanos, p.nanos());
    }

    /** this += other (the caller adds groups in key order). */
    void add(Mix other) {
      for (int j = 0; j < w.length; j++) {
        w[j] += other.w[j];
      }
      for (int r = 0; r < b.length; r++) {
        b[r] += other.b[r];
        coefficients[r] += other.coefficients[r];
      }
      mistakes += other.mistakes;
      updates += other.updates;
      nanos += other.nanos;
      slowestNanos = Math.max(slowestNanos, other.slowestNanos);
    }

    /**
     * The mixed weights: row r is {@code sum_p c_pr w_pr / sum_p c_pr}, rounded once to float;
     * a row no partition updated (all c_pr = 0) keeps its previous weights.
     */
    Weights mixed(Weights previous) {
      int rows = b.length;
      int d = w.length / rows;
      float[] mw = new float[w.length];
      float[] mb = new float[rows];
      for (int r = 0; r < rows; r++) {
        double c = coefficients[r];
        for (int j = r * d, end = j + d; j < end; j++) {
          mw[j] = c == 0 ? previous.w()[j] : (float) (w[j] / c);
        }
        mb[r] = c == 0 ? previous.b()[r] : (float) (b[r] / c);
      }
      return new Weights(mw, mb);
    }
  }
}
