package io.github.simdperceptron.reference;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Random;

/**
 * The literal twins of the multi-class learners, transcribed from {@code docs/learners.md}: the
 * multi-class perceptron (plain and averaged) and one-vs-rest, which is written as what it is
 * defined to be, K independent binary runs (class c against the rest) with the same seed.
 *
 * <p>Common to all: one {@code new Random(seed)} per run; at the start of every epoch the order is
 * 0..n-1, shuffled when asked by {@code for i = n-1 down to 1: swap(order[i], order[rnd.nextInt(i+1)])};
 * a dot product is summed left to right in float over the stored entries of the row; an update is
 * {@code w[j] = w[j] + y * x[j]}; at most {@code maxEpochs} epochs, and a run stops after an epoch
 * without updates. Nothing is validated beyond what Java does.
 */
public final class ReferenceMulticlass {
  private ReferenceMulticlass() {}

  /** The binary algorithms one-vs-rest can run per class. */
  public enum Binary {
    PERCEPTRON, PLA, MARGIN, AVERAGED, POCKET, PA, PA1, PA2
  }

  /**
   * Examples with a class index in [0, k) each: dense ({@code float[][]} rows) or sparse (per row
   * the indices and the values of its stored entries; a null values array, or a null row of it,
   * means every value is 1). Not copied.
   */
  public static final class Data {
    final float[][] rows;
    final int[][] indices;
    final float[][] values;
    final int dimension;
    final int[] classes;
    final int k;

    private Data(float[][] rows, int[][] indices, float[][] values, int dimension, int[] classes, int k) {
      this.rows = rows;
      this.indices = indices;
      this.values = values;
      this.dimension = dimension;
      this.classes = classes;
      this.k = k;
    }

    /** Dense rows, all of the same length, with their class indices in [0, k). */
    public static Data dense(float[][] rows, int[] classes, int k) {
      Objects.requireNonNull(rows, "rows");
      Objects.requireNonNull(classes, "classes");
      return new Data(rows, null, null, rows.length == 0 ? 0 : rows[0].length, classes, k);
    }

    /** Sparse rows of the given dimension with their class indices in [0, k). */
    public static Data sparse(int[][] indices, float[][] values, int dimension, int[] classes, int k) {
      Objects.requireNonNull(indices, "indices");
      Objects.requireNonNull(classes, "classes");
      return new Data(null, indices, values, dimension, classes, k);
    }

    int size() {
      return classes.length;
    }

    /** dot(x_i, w[row]), left to right over the stored entries. */
    float dot(int i, float[] w) {
      float sum = 0f;
      if (rows != null) {
        for (int j = 0; j < dimension; j++) {
          sum = sum + rows[i][j] * w[j];
        }
      } else {
        for (int p = 0; p < indices[i].length; p++) {
          sum = sum + value(i, p) * w[indices[i][p]];
        }
      }
      return sum;
    }

    /** w = w + y x_i (float), and when u is given u = u + yc x_i (double). */
    void add(int i, float y, float[] w, double yc, double[] u) {
      if (rows != null) {
        for (int j = 0; j < dimension; j++) {
          w[j] = w[j] + y * rows[i][j];
          if (u != null) {
            u[j] = u[j] + yc * (double) rows[i][j];
          }
        }
      } else {
        for (int p = 0; p < indices[i].length; p++) {
          int j = indices[i][p];
          w[j] = w[j] + y * value(i, p);
          if (u != null) {
            u[j] = u[j] + yc * (double) value(i, p);
          }
        }
      }
    }

    /** s = s + x[j] * x[j], left to right over the stored entries of row i. */
    float squaredNorm(int i) {
      float s = 0f;
      if (rows != null) {
        for (int j = 0; j < dimension; j++) {
          s = s + rows[i][j] * rows[i][j];
        }
      } else {
        for (int p = 0; p < indices[i].length; p++) {
          s = s + value(i, p) * value(i, p);
        }
      }
      return s;
    }

    private float value(int i, int p) {
      return values == null || values[i] == null ? 1f : values[i][p];
    }
  }

  /** What a run did. Fields that do not apply keep their defaults. */
  public static final class Run {
    /** The model: one weight row per class (averaged or pocketed when the algorithm says so). */
    public float[][] w;
    /** One bias per class (0 without the bias). */
    public float[] b;
    /**
     * Mistakes per epoch: visits whose predicted class was wrong (multi-class), or on which at least
     * one class erred (one-vs-rest).
     */
    public int[] mistakesPerEpoch;
    /** Updates per epoch: visits that changed some weight row. */
    public int[] updatesPerEpoch;
    /** The example index of every visit that changed some weight row, in visit order. */
    public int[] updateLog;
    /** Epochs run, the last possibly cut short (PLA). */
    public int epochs;
    /** Whether the run ended with an epoch without updates (one-vs-rest: every class's run converged). */
    public boolean converged;
    /** One-vs-rest PLA: whether every class's run halted after n consecutive visits without an update. */
    public boolean halted;
    /** One-vs-rest: each class's run's mistakes per epoch, [class][epoch], zeros after that run stopped. */
    public int[][] classMistakesPerEpoch;
    /** One-vs-rest: each class's run's updates per epoch, [class][epoch], zeros after that run stopped. */
    public int[][] classUpdatesPerEpoch;
  }

  /**
   * The multi-class perceptron. w_c = 0, b_c = 0 for every class. On every visit: s_c = dot(w_c, x) + b_c;
   * p = the smallest c with the largest s_c; if p != class(x): w_true = w_true + x, w_p = w_p - x and
   * with the bias b_true = b_true + 1, b_p = b_p - 1. Averaged (CIML Algorithm 7 per row, sums in
   * double): u_c = 0, beta_c = 0, counter = 1; on a mistake also u_true = u_true + counter x,
   * u_p = u_p - counter x, beta_true = beta_true + counter, beta_p = beta_p - counter; after every
   * visit counter = counter + 1; the model is w_c - u_c / counter, b_c - beta_c / counter, in double.
   */
  public static Run multiclass(Data data, boolean averaged, int maxEpochs, long seed, boolean shuffle, boolean bias) {
    int n = data.size();
    int k = data.k;
    float[][] w = new float[k][data.dimension];
    float[] b = new float[k];
    double[][] u = new double[k][data.dimension];
    double[] beta = new double[k];
    long counter = 1;
    Random rnd = new Random(seed);
    List<Integer> mistakesPerEpoch = new ArrayList<>();
    List<Integer> updateLog = new ArrayList<>();
    boolean converged = false;
    int epochs = 0;
    while (epochs < maxEpochs && !converged) {
      int[] order = order(n, rnd, shuffle);
      int mistakes = 0;
      for (int t = 0; t < n; t++) {
        int i = order[t];
        int truth = data.classes[i];
        int predicted = 0;
        float best = data.dot(i, w[0]) + b[0];
        for (int c = 1; c < k; c++) {
          float s = data.dot(i, w[c]) + b[c];
          if (s > best) {
            best = s;
            predicted = c;
          }
        }
        if (predicted != truth) {
          double yc = counter;
          data.add(i, 1f, w[truth], yc, averaged ? u[truth] : null);
          data.add(i, -1f, w[predicted], -yc, averaged ? u[predicted] : null);
          if (bias) {
            b[truth] = b[truth] + 1f;
            b[predicted] = b[predicted] - 1f;
            beta[truth] = beta[truth] + yc;
            beta[predicted] = beta[predicted] - yc;
          }
          mistakes++;
          updateLog.add(i);
        }
        counter++;
      }
      epochs++;
      mistakesPerEpoch.add(mistakes);
      converged = mistakes == 0;
    }
    Run run = new Run();
    if (averaged) {
      run.w = new float[k][data.dimension];
      run.b = new float[k];
      for (int c = 0; c < k; c++) {
        for (int j = 0; j < data.dimension; j++) {
          run.w[c][j] = (float) ((double) w[c][j] - u[c][j] / counter);
        }
        run.b[c] = (float) ((double) b[c] - beta[c] / counter);
      }
    } else {
      run.w = w;
      run.b = b;
    }
    run.mistakesPerEpoch = toArray(mistakesPerEpoch);
    run.updatesPerEpoch = toArray(mistakesPerEpoch);
    run.updateLog = toArray(updateLog);
    run.epochs = epochs;
    run.converged = converged;
    return run;
  }

  /**
   * The multi-class passive-aggressive learners (Crammer et al. 2006, section 7: the max-loss
   * update with the 0-1 cost; the bias a feature of value 1). w_c = 0, b_c = 0. On every visit, in
   * float: s_c = dot(w_c, x) + b_c; a mistake when the smallest c with the largest s_c is not
   * class(x); r = the smallest c != class(x) with the largest s_c; {@code loss = 1 - (s_true - s_r)};
   * when loss &gt; 0 and k &gt;= 2: {@code q = 2 (n + 1)} with the bias, else {@code q = 2 n}, where
   * {@code n = n + x[j] * x[j]} left to right over the stored entries; when q &gt; 0, tau as in
   * {@link ReferenceLearners#passiveAggressive} for that q, then {@code w_true[j] = w_true[j] + tau * x[j]},
   * {@code w_r[j] = w_r[j] + (-tau) * x[j]} and with the bias {@code b_true = b_true + tau},
   * {@code b_r = b_r - tau}: an update.
   */
  public static Run passiveAggressive(Data data, ReferenceLearners.PassiveAggressive variant, float c, int maxEpochs,
      long seed, boolean shuffle, boolean bias) {
    int n = data.size();
    int k = data.k;
    float[][] w = new float[k][data.dimension];
    float[] b = new float[k];
    Random rnd = new Random(seed);
    List<Integer> mistakesPerEpoch = new ArrayList<>();
    List<Integer> updatesPerEpoch = new ArrayList<>();
    List<Integer> updateLog = new ArrayList<>();
    boolean converged = false;
    int epochs = 0;
    while (epochs < maxEpochs && !converged) {
      int[] order = order(n, rnd, shuffle);
      int mistakes = 0;
      int updates = 0;
      for (int t = 0; t < n; t++) {
        int i = order[t];
        int truth = data.classes[i];
        float[] s = new float[k];
        for (int cl = 0; cl < k; cl++) {
          s[cl] = data.dot(i, w[cl]) + b[cl];
        }
        int predicted = 0;
        for (int cl = 1; cl < k; cl++) {
          if (s[cl] > s[predicted]) {
            predicted = cl;
          }
        }
        if (predicted != truth) {
          mistakes++;
        }
        int r = -1;
        for (int cl = 0; cl < k; cl++) {
          if (cl != truth && (r == -1 || s[cl] > s[r])) {
            r = cl;
          }
        }
        if (r == -1) {
          continue;
        }
        float loss = 1f - (s[truth] - s[r]);
        if (loss > 0f) {
          float norm = data.squaredNorm(i);
          if (bias) {
            norm = norm + 1f;
          }
          float q = 2f * norm;
          if (q > 0f) {
            float tau;
            if (variant == ReferenceLearners.PassiveAggressive.PA) {
              tau = loss / q;
            } else if (variant == ReferenceLearners.PassiveAggressive.PA1) {
              tau = Math.min(c, loss / q);
            } else {
              tau = loss / (q + 1f / (2f * c));
            }
            data.add(i, tau, w[truth], 0d, null);
            data.add(i, -tau, w[r], 0d, null);
            if (bias) {
              b[truth] = b[truth] + tau;
              b[r] = b[r] - tau;
            }
            updates++;
            updateLog.add(i);
          }
        }
      }
      epochs++;
      mistakesPerEpoch.add(mistakes);
      updatesPerEpoch.add(updates);
      converged = updates == 0;
    }
    Run run = new Run();
    run.w = w;
    run.b = b;
    run.mistakesPerEpoch = toArray(mistakesPerEpoch);
    run.updatesPerEpoch = toArray(updatesPerEpoch);
    run.updateLog = toArray(updateLog);
    run.epochs = epochs;
    run.converged = converged;
    return run;
  }

  /**
   * One-vs-rest: for every class c, an independent binary run of the algorithm on the labels
   * {@code y = +1 if class(x) == c else -1}, with its own {@code new Random(seed)} (so every run
   * sees the same order) and its own stopping. Row c of the result is that run's model. A visit
   * (epoch e, position t) is a mistake (update) of the combined run when some class's run made a
   * mistake (update) there; an epoch of the combined run is as long as the longest class's.
   */
  public static Run oneVsRest(Binary algorithm, Data data, int maxEpochs, long seed, boolean shuffle, boolean bias,
      float tau) {
    return oneVsRest(algorithm, data, maxEpochs, seed, shuffle, bias, tau, 1f);
  }

  /**
   * {@link #oneVsRest(Binary, Data, int, long, boolean, boolean, float)} with the aggressiveness C
   * of the passive-aggressive learners, whose binary runs are those of
   * {@link ReferenceLearners#passiveAggressive}.
   */
  public static Run oneVsRest(Binary algorithm, Data data, int maxEpochs, long seed, boolean shuffle, boolean bias,
      float tau, float aggressiveness) {
    int k = data.k;
    BinaryRun[] runs = new BinaryRun[k];
    float ck = aggressiveness;
    int epochs = 0;
    for (int c = 0; c < k; c++) {
      runs[c] = binary(algorithm, data, c, maxEpochs, seed, shuffle, bias, tau, ck);
      epochs = Math.max(epochs, runs[c].mistakeAt.size());
    }
    Run run = new Run();
    run.w = new float[k][];
    run.b = new float[k];
    run.classMistakesPerEpoch = new int[k][epochs];
    run.classUpdatesPerEpoch = new int[k][epochs];
    run.converged = true;
    run.halted = true;
    for (int c = 0; c < k; c++) {
      run.w[c] = runs[c].w;
      run.b[c] = runs[c].b;
      run.converged &= runs[c].converged;
      run.halted &= runs[c].halted;
      for (int e = 0; e < runs[c].mistakeAt.size(); e++) {
        run.classMistakesPerEpoch[c][e] = count(runs[c].mistakeAt.get(e));
        run.classUpdatesPerEpoch[c][e] = count(runs[c].updateAt.get(e));
      }
    }
    run.mistakesPerEpoch = new int[epochs];
    run.updatesPerEpoch = new int[epochs];
    List<Integer> updateLog = new ArrayList<>();
    for (int e = 0; e < epochs; e++) {
      int visited = 0;
      int[] order = null;
      for (BinaryRun r : runs) {
        if (e < r.mistakeAt.size() && r.mistakeAt.get(e).length >= visited) {
          visited = r.mistakeAt.get(e).length;
          order = r.orders.get(e);
        }
      }
      for (int t = 0; t < visited; t++) {
        boolean mistake = false;
        boolean update = false;
        for (BinaryRun r : runs) {
          if (e < r.mistakeAt.size() && t < r.mistakeAt.get(e).length) {
            mistake |= r.mistakeAt.get(e)[t];
            update |= r.updateAt.get(e)[t];
          }
        }
        if (mistake) {
          run.mistakesPerEpoch[e]++;
        }
        if (update) {
          run.updatesPerEpoch[e]++;
          updateLog.add(order[t]);
        }
      }
    }
    run.updateLog = toArray(updateLog);
    run.epochs = epochs;
    return run;
  }

  /** One binary run, with what happened at every visit (epoch, position) it made. */
  private static final class BinaryRun {
    float[] w;
    float b;
    boolean converged;
    boolean halted;
    final List<int[]> orders = new ArrayList<>();
    final List<boolean[]> mistakeAt = new ArrayList<>();
    final List<boolean[]> updateAt = new ArrayList<>();
  }

  /**
   * The binary learners of docs/learners.md, for class c against the rest: the perceptron
   * (update when y a <= 0), PLA (halts as soon as n consecutive visits made no update), the margin
   * perceptron (update when y a <= tau), averaged (CIML Algorithm 7 in double) and pocket (after
   * every update count the training errors; pocket (w, b) on a strict improvement; starts with
   * (0, 0) and n errors), and the passive-aggressive learners (those of
   * {@link ReferenceLearners#passiveAggressive}, with aggressiveness ck).
   */
  private static BinaryRun binary(Binary algorithm, Data data, int c, int maxEpochs, long seed, boolean shuffle,
      boolean bias, float tau, float ck) {
    boolean pa = algorithm == Binary.PA || algorithm == Binary.PA1 || algorithm == Binary.PA2;
    int n = data.size();
    float[] w = new float[data.dimension];
    float b = 0f;
    double[] u = new double[data.dimension];
    double beta = 0;
    long counter = 1;
    float[] pocketW = new float[data.dimension];
    float pocketB = 0f;
    int pocketErrors = n;
    float threshold = algorithm == Binary.MARGIN ? tau : 0f;
    Random rnd = new Random(seed);
    BinaryRun run = new BinaryRun();
    int visitsWithoutUpdate = 0;
    int epochs = 0;
    while (epochs < maxEpochs && !run.converged && !run.halted) {
      int[] order = order(n, rnd, shuffle);
      if (shuffle) {
        visitsWithoutUpdate = 0;
      }
      boolean[] mistakeAt = new boolean[n];
      boolean[] updateAt = new boolean[n];
      int updates = 0;
      int visits = 0;
      for (int t = 0; t < n && !run.halted; t++) {
        int i = order[t];
        float y = data.classes[i] == c ? 1f : -1f;
        float a = data.dot(i, w) + b;
        mistakeAt[t] = y * a <= 0f;
        if (pa) {
          float loss = 1f - y * a;
          float q = data.squaredNorm(i);
          if (bias) {
            q = q + 1f;
          }
          if (loss > 0f && q > 0f) {
            float step;
            if (algorithm == Binary.PA) {
              step = loss / q;
            } else if (algorithm == Binary.PA1) {
              step = Math.min(ck, loss / q);
            } else {
              step = loss / (q + 1f / (2f * ck));
            }
            data.add(i, step * y, w, 0d, null);
            if (bias) {
              b = b + step * y;
            }
            updateAt[t] = true;
            updates++;
          }
        } else if (y * a <= threshold) {
          data.add(i, y, w, (double) y * counter, algorithm == Binary.AVERAGED ? u : null);
          if (bias) {
            b = b + y;
            beta = beta + (double) y * counter;
          }
          updateAt[t] = true;
          updates++;
          visitsWithoutUpdate = 0;
          if (algorithm == Binary.POCKET) {
            int e = 0;
            for (int j = 0; j < n; j++) {
              float yj = data.classes[j] == c ? 1f : -1f;
              if (yj * (data.dot(j, w) + b) <= 0f) {
                e++;
              }
            }
            if (e < pocketErrors) {
              pocketW = w.clone();
              pocketB = b;
              pocketErrors = e;
            }
          }
        } else {
          visitsWithoutUpdate++;
          run.halted = algorithm == Binary.PLA && visitsWithoutUpdate >= n;
        }
        counter++;
        visits++;
      }
      epochs++;
      run.orders.add(order);
      run.mistakeAt.add(Arrays.copyOf(mistakeAt, visits));
      run.updateAt.add(Arrays.copyOf(updateAt, visits));
      run.converged = visits == n && updates == 0;
    }
    if (algorithm == Binary.AVERAGED) {
      run.w = new float[data.dimension];
      for (int j = 0; j < data.dimension; j++) {
        run.w[j] = (float) ((double) w[j] - u[j] / counter);
      }
      run.b = (float) ((double) b - beta / counter);
    } else if (algorithm == Binary.POCKET) {
      run.w = pocketW;
      run.b = pocketB;
    } else {
      run.w = w;
      run.b = b;
    }
    return run;
  }

  /** 0..n-1, shuffled from the top when asked: {@code swap(order[i], order[rnd.nextInt(i+1)])}, i = n-1 down to 1. */
  static int[] order(int n, Random rnd, boolean shuffle) {
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    if (shuffle) {
      for (int i = n - 1; i > 0; i--) {
        int j = rnd.nextInt(i + 1);
        int tmp = order[i];
        order[i] = order[j];
        order[j] = tmp;
      }
    }
    return order;
  }

  private static int count(boolean[] flags) {
    int count = 0;
    for (boolean f : flags) {
      if (f) {
        count++;
      }
    }
    return count;
  }

  private static int[] toArray(List<Integer> list) {
    int[] a = new int[list.size()];
    for (int i = 0; i < a.length; i++) {
      a[i] = list.get(i);
    }
    return a;
  }
}
