package io.github.simdperceptron.cli;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.SparseDataset;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.reference.ReferenceOps;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * The binary learners again, literally, on {@link ReferenceOps}: docs/learners.md read line by
 * line, one example at a time, textbook-order float sums. {@code perceptron diff} and the demo
 * run it next to the kernel learners.
 *
 * <p>Hook: the reference module's own learner twins ({@code reference.ReferenceLearners}, from
 * another branch) replace this class once they land; {@link #run} already has their shape
 * (data, maxEpochs, seed, shuffle, bias, tau or vote cap) and {@link Run} their fields (w, b,
 * updateLog, mistakesPerEpoch).
 *
 * <p>While it runs it also records whether every float operation was exact: all data values
 * integers and every sum of |w_j x_j| + |b| below 2^24. Then the kernel must agree bit for bit.
 */
final class ReferenceTwin {
  private static final double EXACT_LIMIT = 1 << 24;

  /** The training data as plain arrays: dense rows, or sparse rows (values null when binary). */
  static final class Data {
    final int n;
    final int d;
    final float[][] dense;
    final int[][] idx;
    final float[][] val;
    final float[] y;
    final boolean integral;

    private Data(int n, int d, float[][] dense, int[][] idx, float[][] val, float[] y, boolean integral) {
      this.n = n;
      this.d = d;
      this.dense = dense;
      this.idx = idx;
      this.val = val;
      this.y = y;
      this.integral = integral;
    }

    static Data of(Dataset ds) {
      int n = ds.size();
      float[] y = new float[n];
      for (int i = 0; i < n; i++) {
        y[i] = ds.label(i);
      }
      boolean integral = true;
      if (ds instanceof SparseDataset) {
        SparseDataset s = (SparseDataset) ds;
        int[][] idx = new int[n][];
        float[][] val = new float[n][];
        for (int i = 0; i < n; i++) {
          int from = s.rowStart(i);
          idx[i] = Arrays.copyOfRange(s.indices(), from, from + s.nonZeros(i));
          if (!s.isBinary()) {
            val[i] = Arrays.copyOfRange(s.values(), from, from + s.nonZeros(i));
            for (float v : val[i]) {
              integral &= v == Math.rint(v);
            }
          }
        }
        return new Data(n, ds.dimension(), null, idx, s.isBinary() ? null : val, y, integral);
      }
      float[][] rows = new float[n][];
      for (int i = 0; i < n; i++) {
        rows[i] = ds.denseRow(i);
        for (float v : rows[i]) {
          integral &= v == Math.rint(v);
        }
      }
      return new Data(n, ds.dimension(), rows, null, null, y, integral);
    }
  }

  /** What the literal run did, and the model it ended with. */
  static final class Run {
    /** The model's weights and bias (the pocket, the average); for voted the last vector. */
    float[] w;
    float b;
    /** Voted only: every (vector, bias, count), in order. */
    final List<float[]> votedVectors = new ArrayList<>();
    final List<Float> votedBiases = new ArrayList<>();
    final List<Long> votedCounts = new ArrayList<>();
    int[] mistakesPerEpoch;
    int[] updatesPerEpoch;
    int[] updateLog;
    boolean converged;
    boolean halted;
    boolean voteCapReached;
    /** Whether every float operation of the run was exact (see the class comment). */
    boolean exact;
  }

  private final Data x;
  private double largestSum;

  private ReferenceTwin(Data x) {
    this.x = x;
  }

  static Run run(Algorithm alg, Data x, int maxEpochs, long seed, boolean shuffle, boolean bias, float tau,
      int voteCap) {
    return new ReferenceTwin(x).train(alg, maxEpochs, seed, shuffle, bias, tau, voteCap);
  }

  private Run train(Algorithm alg, int maxEpochs, long seed, boolean shuffle, boolean bias, float tau, int cap) {
    int n = x.n;
    float[] w = new float[x.d];
    float b = 0f;
    Random rnd = new Random(seed);
    int[] order = new int[n];
    float threshold = alg == Algorithm.MARGIN ? tau : 0f;
    float[] pocketW = new float[x.d];
    float pocketB = 0f;
    int pocketErrors = n;
    double[] u = new double[x.d];
    double beta = 0;
    long c = alg == Algorithm.AVERAGED ? 1 : 0;
    Run run = new Run();
    List<Integer> log = new ArrayList<>();
    List<Integer> mistakesPerEpoch = new ArrayList<>();
    List<Integer> updatesPerEpoch = new ArrayList<>();
    int clean = 0;
    for (int epoch = 0; epoch < maxEpochs; epoch++) {
      for (int i = 0; i < n; i++) {
        order[i] = i;
      }
      if (shuffle) {
        for (int i = n - 1; i > 0; i--) {
          int j = rnd.nextInt(i + 1);
          int t = order[i];
          order[i] = order[j];
          order[j] = t;
        }
      }
      int mistakes = 0;
      int updates = 0;
      for (int t = 0; t < n; t++) {
        int i = order[t];
        float y = x.y[i];
        float a = dot(i, w, b) + b;
        boolean mistake = y * a <= 0f;
        boolean updated = false;
        switch (alg) {
          case PERCEPTRON:
          case PLA:
          case MARGIN:
            if (y * a <= threshold) {
              add(i, y, w);
              b = bias ? b + y : b;
              updated = true;
            }
            break;
          case POCKET:
            if (mistake) {
              add(i, y, w);
              b = bias ? b + y : b;
              updated = true;
              int e = errors(w, b);
              if (e < pocketErrors) {
                pocketW = w.clone();
                pocketB = b;
                pocketErrors = e;
              }
            }
            break;
          case VOTED:
            if (!mistake) {
              c = c + 1;
            } else {
              if (c > 0) {
                if (run.votedVectors.size() + 2 > cap) {
                  run.voteCapReached = true;
                  break;
                }
                run.votedVectors.add(w.clone());
                run.votedBiases.add(b);
                run.votedCounts.add(c);
              }
              add(i, y, w);
              b = bias ? b + y : b;
              c = 1;
              updated = true;
            }
            break;
          case AVERAGED:
            if (mistake) {
              double yc = (double) y * c;
              if (x.dense != null) {
                ReferenceOps.dualAxpy(y, yc, x.dense[i], 0, w, 0, u, 0, x.d);
              } else {
                ReferenceOps.dualScatterAdd(y, yc, x.idx[i], x.val == null ? null : x.val[i], 0, x.idx[i].length, w, u);
              }
              if (bias) {
                b = b + y;
                beta = beta + yc;
              }
              updated = true;
            }
            c = c + 1;
            break;
          default:
            throw new IllegalArgumentException("no reference twin for " + alg);
        }
        if (run.voteCapReached) {
          break;
        }
        if (mistake) {
          mistakes++;
        }
        if (updated) {
          updates++;
          clean = 0;
          log.add(i);
        } else if (++clean >= n && alg == Algorithm.PLA) {
          run.halted = true;
          break;
        }
      }
      mistakesPerEpoch.add(mistakes);
      updatesPerEpoch.add(updates);
      if (run.voteCapReached || run.halted) {
        break;
      }
      if (updates == 0) {
        run.converged = true;
        break;
      }
    }
    switch (alg) {
      case POCKET:
        run.w = pocketW;
        run.b = pocketB;
        break;
      case AVERAGED:
        run.w = new float[x.d];
        for (int j = 0; j < x.d; j++) {
          run.w[j] = (float) ((double) w[j] - u[j] / c);
        }
        run.b = (float) ((double) b - beta / c);
        break;
      case VOTED:
        if (c > 0) {
          run.votedVectors.add(w.clone());
          run.votedBiases.add(b);
          run.votedCounts.add(c);
        }
        run.w = w;
        run.b = b;
        break;
      default:
        run.w = w;
        run.b = b;
    }
    run.mistakesPerEpoch = mistakesPerEpoch.stream().mapToInt(Integer::intValue).toArray();
    run.updatesPerEpoch = updatesPerEpoch.stream().mapToInt(Integer::intValue).toArray();
    run.updateLog = log.stream().mapToInt(Integer::intValue).toArray();
    run.exact = x.integral && largestSum < EXACT_LIMIT;
    return run;
  }

  /** x_i . w in float, textbook order; also tracks the largest sum of |w_j x_j| + |b| seen. */
  private float dot(int i, float[] w, float b) {
    double sum = Math.abs(b);
    float r;
    if (x.dense != null) {
      float[] row = x.dense[i];
      r = ReferenceOps.dot(row, 0, w, 0, x.d);
      for (int j = 0; j < x.d; j++) {
        sum += Math.abs((double) row[j] * w[j]);
      }
    } else {
      int[] idx = x.idx[i];
      if (x.val == null) {
        r = ReferenceOps.sparseDotBinary(idx, 0, idx.length, w);
        for (int p = 0; p < idx.length; p++) {
          sum += Math.abs(w[idx[p]]);
        }
      } else {
        float[] val = x.val[i];
        r = ReferenceOps.sparseDot(idx, val, 0, idx.length, w);
        for (int p = 0; p < idx.length; p++) {
          sum += Math.abs((double) val[p] * w[idx[p]]);
        }
      }
    }
    largestSum = Math.max(largestSum, sum);
    return r;
  }

  /** w = w + y x_i. */
  private void add(int i, float y, float[] w) {
    if (x.dense != null) {
      ReferenceOps.axpy(y, x.dense[i], 0, w, 0, x.d);
    } else if (x.val == null) {
      ReferenceOps.scatterAddBinary(y, x.idx[i], 0, x.idx[i].length, w);
    } else {
      ReferenceOps.scatterAdd(y, x.idx[i], x.val[i], 0, x.idx[i].length, w);
    }
  }

  /** #{i : y_i (x_i . w + b) <= 0}. */
  private int errors(float[] w, float b) {
    int e = 0;
    for (int i = 0; i < x.n; i++) {
      if (x.y[i] * (dot(i, w, b) + b) <= 0f) {
        e++;
      }
    }
    return e;
  }
}
