package io.github.simdperceptron.reference;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Random;

/**
 * The literal twins of the binary learners, transcribed from {@code docs/learners.md} (which fixes
 * every choice; read it first). Each method repeats the epoch loop on purpose, so that it reads
 * like the pseudocode and no learner's behaviour hides in a shared abstraction.
 *
 * <p>Common to all: one {@code new Random(seed)} per run; at the start of every epoch the order is
 * 0..n-1, shuffled when asked by {@code for i = n-1 down to 1: swap(order[i], order[rnd.nextInt(i+1)])};
 * the activation is {@code a = dot(w, x_i) + b} with the dot summed left to right in float over the
 * stored entries of the row; a mistake is {@code y a <= 0}; an update is
 * {@code w[j] = w[j] + y * x[j]} and, with the bias, {@code b = b + y}; at most {@code maxEpochs}
 * epochs, and the run stops after an epoch without updates ({@code converged}).
 *
 * <p>It is longer than 600 lines because of that repetition: seven learners, each one loop that
 * reads on its own, and splitting them across classes would only scatter the common rules above.
 */
public final class ReferenceLearners {
  private ReferenceLearners() {}

  /** The perceptron (582669 Algorithm 2.10; with the bias CIML Algorithm 5). */
  public static ReferenceRun perceptron(ReferenceData d, int maxEpochs, long seed, boolean shuffle, boolean bias) {
    checkArguments(d, maxEpochs);
    int n = d.size();
    float[] w = new float[d.dimension()];
    float b = 0f;
    Random rnd = new Random(seed);
    IntLog updateLog = new IntLog();
    IntLog mistakesPerEpoch = new IntLog();
    IntLog updatesPerEpoch = new IntLog();
    boolean converged = false;
    int epochs = 0;
    while (epochs < maxEpochs && !converged) {
      int[] order = order(n, rnd, shuffle);
      int updates = 0;
      for (int t = 0; t < n; t++) {
        int i = order[t];
        float y = d.labels[i];
        float a = dot(d, i, w) + b;
        if (y * a <= 0f) {
          add(d, i, y, w);
          if (bias) {
            b = b + y;
          }
          updates++;
          updateLog.add(i);
        }
      }
      epochs++;
      mistakesPerEpoch.add(updates);
      updatesPerEpoch.add(updates);
      converged = updates == 0;
    }
    ReferenceRun run = new ReferenceRun();
    run.w = w;
    run.b = b;
    run.updateLog = updateLog.toArray();
    run.mistakesPerEpoch = mistakesPerEpoch.toArray();
    run.updatesPerEpoch = updatesPerEpoch.toArray();
    run.epochs = epochs;
    run.converged = converged;
    return run;
  }

  /**
   * Cyclic PLA: the perceptron, halting in the middle of an epoch as soon as n consecutive
   * visits (counted across epoch boundaries without shuffling, within one epoch with it) made no
   * update ({@code halted}). {@code converged}
   * is set only when a complete epoch made no update.
   */
  public static ReferenceRun pla(ReferenceData d, int maxEpochs, long seed, boolean shuffle, boolean bias) {
    checkArguments(d, maxEpochs);
    int n = d.size();
    float[] w = new float[d.dimension()];
    float b = 0f;
    Random rnd = new Random(seed);
    IntLog updateLog = new IntLog();
    IntLog mistakesPerEpoch = new IntLog();
    IntLog updatesPerEpoch = new IntLog();
    boolean converged = false;
    boolean halted = false;
    int visitsWithoutUpdate = 0;
    int epochs = 0;
    while (epochs < maxEpochs && !converged && !halted) {
      int[] order = order(n, rnd, shuffle);
      if (shuffle) {
        visitsWithoutUpdate = 0;
      }
      int updates = 0;
      int visits = 0;
      for (int t = 0; t < n && !halted; t++) {
        int i = order[t];
        float y = d.labels[i];
        float a = dot(d, i, w) + b;
        if (y * a <= 0f) {
          add(d, i, y, w);
          if (bias) {
            b = b + y;
          }
          updates++;
          updateLog.add(i);
          visitsWithoutUpdate = 0;
        } else {
          visitsWithoutUpdate++;
          halted = visitsWithoutUpdate >= n;
        }
        visits++;
      }
      epochs++;
      mistakesPerEpoch.add(updates);
      updatesPerEpoch.add(updates);
      converged = visits == n && updates == 0;
    }
    ReferenceRun run = new ReferenceRun();
    run.w = w;
    run.b = b;
    run.updateLog = updateLog.toArray();
    run.mistakesPerEpoch = mistakesPerEpoch.toArray();
    run.updatesPerEpoch = updatesPerEpoch.toArray();
    run.epochs = epochs;
    run.converged = converged;
    run.halted = halted;
    return run;
  }

  /**
   * Pocket with ratchet: the perceptron's (w, b) evolve as in {@link #perceptron}; the pocket
   * starts as (0, 0) with E = n errors; after every update e = #{i : y_i (dot(w, x_i) + b) &lt;= 0}
   * is counted over the whole training set and, if e &lt; E (strict), the pocket becomes a copy of
   * (w, b) and E = e. Returns the pocket, with E in {@code pocketErrors}.
   */
  public static ReferenceRun pocket(ReferenceData d, int maxEpochs, long seed, boolean shuffle, boolean bias) {
    checkArguments(d, maxEpochs);
    int n = d.size();
    float[] w = new float[d.dimension()];
    float b = 0f;
    float[] pocketW = new float[d.dimension()];
    float pocketB = 0f;
    int pocketErrors = n;
    Random rnd = new Random(seed);
    IntLog updateLog = new IntLog();
    IntLog mistakesPerEpoch = new IntLog();
    IntLog updatesPerEpoch = new IntLog();
    boolean converged = false;
    int epochs = 0;
    while (epochs < maxEpochs && !converged) {
      int[] order = order(n, rnd, shuffle);
      int updates = 0;
      for (int t = 0; t < n; t++) {
        int i = order[t];
        float y = d.labels[i];
        float a = dot(d, i, w) + b;
        if (y * a <= 0f) {
          add(d, i, y, w);
          if (bias) {
            b = b + y;
          }
          updates++;
          updateLog.add(i);
          int e = errors(d, w, b);
          if (e < pocketErrors) {
            pocketW = w.clone();
            pocketB = b;
            pocketErrors = e;
          }
        }
      }
      epochs++;
      mistakesPerEpoch.add(updates);
      updatesPerEpoch.add(updates);
      converged = updates == 0;
    }
    ReferenceRun run = new ReferenceRun();
    run.w = pocketW;
    run.b = pocketB;
    run.pocketErrors = pocketErrors;
    run.updateLog = updateLog.toArray();
    run.mistakesPerEpoch = mistakesPerEpoch.toArray();
    run.updatesPerEpoch = updatesPerEpoch.toArray();
    run.epochs = epochs;
    run.converged = converged;
    return run;
  }

  /**
   * The voted perceptron (Freund and Schapire). The current (v, b, c) starts as (0, 0, 0); on a
   * mistake, when c > 0, (copy of v, b, c) is appended to the list, then v, b are updated and
   * c = 1; otherwise c = c + 1. At the end (v, b, c) is appended when c > 0.
   *
   * <p>A mistake that would make the list plus the current vector exceed {@code voteCap} vectors
   * ends training before that update ({@code voteCapReached}); the mistake is counted in
   * {@code mistakesPerEpoch}, not in {@code updatesPerEpoch} nor the update log. Use
   * {@link Integer#MAX_VALUE} for no cap. {@code w, b} of the run are the last current (v, b).
   *
   * @throws IllegalArgumentException if voteCap &lt; 1
   */
  public static ReferenceRun voted(ReferenceData d, int maxEpochs, long seed, boolean shuffle, boolean bias,
      int voteCap) {
    checkArguments(d, maxEpochs);
    if (voteCap < 1) {
      throw new IllegalArgumentException("voteCap must be >= 1, got " + voteCap);
    }
    int n = d.size();
    List<float[]> votedW = new ArrayList<>();
    List<Float> votedB = new ArrayList<>();
    List<Integer> votedC = new ArrayList<>();
    float[] v = new float[d.dimension()];
    float b = 0f;
    int c = 0;
    Random rnd = new Random(seed);
    IntLog updateLog = new IntLog();
    IntLog mistakesPerEpoch = new IntLog();
    IntLog updatesPerEpoch = new IntLog();
    boolean converged = false;
    boolean voteCapReached = false;
    int epochs = 0;
    while (epochs < maxEpochs && !converged && !voteCapReached) {
      int[] order = order(n, rnd, shuffle);
      int mistakes = 0;
      int updates = 0;
      for (int t = 0; t < n && !voteCapReached; t++) {
        int i = order[t];
        float y = d.labels[i];
        float a = dot(d, i, v) + b;
        if (y * a <= 0f) {
          mistakes++;
          long vectorsAfter = votedW.size() + (c > 0 ? 1 : 0) + 1;
          if (vectorsAfter > voteCap) {
            voteCapReached = true;
          } else {
            if (c > 0) {
              votedW.add(v.clone());
              votedB.add(b);
              votedC.add(c);
            }
            add(d, i, y, v);
            if (bias) {
              b = b + y;
            }
            c = 1;
            updates++;
            updateLog.add(i);
          }
        } else {
          c = c + 1;
        }
      }
      epochs++;
      mistakesPerEpoch.add(mistakes);
      updatesPerEpoch.add(updates);
      converged = !voteCapReached && updates == 0;
    }
    if (c > 0) {
      votedW.add(v.clone());
      votedB.add(b);
      votedC.add(c);
    }
    ReferenceRun run = new ReferenceRun();
    run.w = v;
    run.b = b;
    run.votedW = votedW;
    run.votedB = votedB;
    run.votedC = votedC;
    run.voteCapReached = voteCapReached;
    run.updateLog = updateLog.toArray();
    run.mistakesPerEpoch = mistakesPerEpoch.toArray();
    run.updatesPerEpoch = updatesPerEpoch.toArray();
    run.epochs = epochs;
    run.converged = converged;
    return run;
  }

  /**
   * The averaged perceptron (CIML Algorithm 7, the sums in double): w = 0, b = 0, u = 0, beta = 0,
   * c = 1; on a mistake w, b are updated and {@code u[j] = u[j] + y*c * x[j]},
   * {@code beta = beta + y*c} (y*c formed exactly in double); then, mistake or not, c = c + 1. The
   * model: {@code w[j] = (float)(w[j] - u[j] / c)}, {@code b = (float)(b - beta / c)}, which is the
   * mean of the c weight vectors w_0 = 0, w_1, ..., w_{c-1} held before the first and after every
   * visit. u, beta and the final c are returned too.
   */
  public static ReferenceRun averaged(ReferenceData d, int maxEpochs, long seed, boolean shuffle, boolean bias) {
    checkArguments(d, maxEpochs);
    int n = d.size();
    float[] w = new float[d.dimension()];
    float b = 0f;
    double[] u = new double[d.dimension()];
    double beta = 0d;
    long c = 1;
    Random rnd = new Random(seed);
    IntLog updateLog = new IntLog();
    IntLog mistakesPerEpoch = new IntLog();
    IntLog updatesPerEpoch = new IntLog();
    boolean converged = false;
    int epochs = 0;
    while (epochs < maxEpochs && !converged) {
      int[] order = order(n, rnd, shuffle);
      int updates = 0;
      for (int t = 0; t < n; t++) {
        int i = order[t];
        float y = d.labels[i];
        float a = dot(d, i, w) + b;
        if (y * a <= 0f) {
          double yc = (double) y * (double) c;
          add(d, i, y, w);
          add(d, i, yc, u);
          if (bias) {
            b = b + y;
            beta = beta + yc;
          }
          updates++;
          updateLog.add(i);
        }
        c = c + 1;
      }
      epochs++;
      mistakesPerEpoch.add(updates);
      updatesPerEpoch.add(updates);
      converged = updates == 0;
    }
    float[] average = new float[w.length];
    for (int j = 0; j < w.length; j++) {
      average[j] = (float) ((double) w[j] - u[j] / c);
    }
    ReferenceRun run = new ReferenceRun();
    run.w = average;
    run.b = (float) ((double) b - beta / c);
    run.u = u;
    run.beta = beta;
    run.c = c;
    run.updateLog = updateLog.toArray();
    run.mistakesPerEpoch = mistakesPerEpoch.toArray();
    run.updatesPerEpoch = updatesPerEpoch.toArray();
    run.epochs = epochs;
    run.converged = converged;
    return run;
  }

  /**
   * The margin perceptron: the perceptron with the update condition {@code y a <= tau}; mistakes
   * are still counted with {@code y a <= 0}. tau = 0 is the perceptron.
   *
   * @throws IllegalArgumentException if tau is negative or NaN
   */
  public static ReferenceRun margin(ReferenceData d, int maxEpochs, long seed, boolean shuffle, boolean bias,
      float tau) {
    checkArguments(d, maxEpochs);
    if (!(tau >= 0f)) {
      throw new IllegalArgumentException("tau must be >= 0, got " + tau);
    }
    int n = d.size();
    float[] w = new float[d.dimension()];
    float b = 0f;
    Random rnd = new Random(seed);
    IntLog updateLog = new IntLog();
    IntLog mistakesPerEpoch = new IntLog();
    IntLog updatesPerEpoch = new IntLog();
    boolean converged = false;
    int epochs = 0;
    while (epochs < maxEpochs && !converged) {
      int[] order = order(n, rnd, shuffle);
      int mistakes = 0;
      int updates = 0;
      for (int t = 0; t < n; t++) {
        int i = order[t];
        float y = d.labels[i];
        float a = dot(d, i, w) + b;
        if (y * a <= 0f) {
          mistakes++;
        }
        if (y * a <= tau) {
          add(d, i, y, w);
          if (bias) {
            b = b + y;
          }
          updates++;
          updateLog.add(i);
        }
      }
      epochs++;
      mistakesPerEpoch.add(mistakes);
      updatesPerEpoch.add(updates);
      converged = updates == 0;
    }
    ReferenceRun run = new ReferenceRun();
    run.w = w;
    run.b = b;
    run.updateLog = updateLog.toArray();
    run.mistakesPerEpoch = mistakesPerEpoch.toArray();
    run.updatesPerEpoch = updatesPerEpoch.toArray();
    run.epochs = epochs;
    run.converged = converged;
    return run;
  }

  /** The passive-aggressive variants of Crammer, Dekel, Keshet, Shalev-Shwartz and Singer (2006). */
  public enum PassiveAggressive {
    /** tau = loss / q. */
    PA,
    /** PA-I: tau = min(C, loss / q). */
    PA1,
    /** PA-II: tau = loss / (q + 1 / (2C)). */
    PA2
  }

  /**
   * The binary passive-aggressive learners (Crammer et al. 2006, figure 1), the bias a feature of
   * value 1. On every visit, in float: {@code a = dot(w, x) + b}; a mistake when {@code y a <= 0};
   * {@code loss = 1 - y a}; when loss &gt; 0: {@code q = s + 1} with the bias, else {@code q = s},
   * where {@code s = s + x[j] * x[j]} left to right over the stored entries; when q &gt; 0:
   * PA {@code tau = loss / q}, PA-I {@code tau = min(C, loss / q)}, PA-II
   * {@code tau = loss / (q + 1 / (2 C))} (the last denominator as {@code q + 1f / (2f * C)}), then
   * {@code t = tau * y}, {@code w[j] = w[j] + t * x[j]} and with the bias {@code b = b + t}: an update.
   *
   * @throws IllegalArgumentException if c is not &gt; 0
   */
  public static ReferenceRun passiveAggressive(ReferenceData d, PassiveAggressive variant, float c, int maxEpochs,
      long seed, boolean shuffle, boolean bias) {
    checkArguments(d, maxEpochs);
    Objects.requireNonNull(variant, "variant");
    if (!(c > 0f)) {
      throw new IllegalArgumentException("c must be > 0, got " + c);
    }
    int n = d.size();
    float[] w = new float[d.dimension()];
    float b = 0f;
    Random rnd = new Random(seed);
    IntLog updateLog = new IntLog();
    IntLog mistakesPerEpoch = new IntLog();
    IntLog updatesPerEpoch = new IntLog();
    boolean converged = false;
    int epochs = 0;
    while (epochs < maxEpochs && !converged) {
      int[] order = order(n, rnd, shuffle);
      int mistakes = 0;
      int updates = 0;
      for (int t = 0; t < n; t++) {
        int i = order[t];
        float y = d.labels[i];
        float a = dot(d, i, w) + b;
        if (y * a <= 0f) {
          mistakes++;
        }
        float loss = 1f - y * a;
        if (loss > 0f) {
          float q = squaredNorm(d, i);
          if (bias) {
            q = q + 1f;
          }
          if (q > 0f) {
            float tau;
            if (variant == PassiveAggressive.PA) {
              tau = loss / q;
            } else if (variant == PassiveAggressive.PA1) {
              tau = Math.min(c, loss / q);
            } else {
              tau = loss / (q + 1f / (2f * c));
            }
            add(d, i, tau * y, w);
            if (bias) {
              b = b + tau * y;
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
    ReferenceRun run = new ReferenceRun();
    run.w = w;
    run.b = b;
    run.updateLog = updateLog.toArray();
    run.mistakesPerEpoch = mistakesPerEpoch.toArray();
    run.updatesPerEpoch = updatesPerEpoch.toArray();
    run.epochs = epochs;
    run.converged = converged;
    return run;
  }

  /**
   * The voted score of a dense x: {@code sum_k c_k * sgn(dot(v_k, x) + b_k)}, each dot in float
   * left to right, the sum in double, then cast to float. sgn(z) = +1 if z > 0, else -1.
   */
  public static float votedScore(ReferenceRun run, float[] x) {
    Objects.requireNonNull(run, "run");
    Objects.requireNonNull(x, "x");
    double score = 0d;
    for (int k = 0; k < run.votedW.size(); k++) {
      float[] v = run.votedW.get(k);
      float s = 0f;
      for (int j = 0; j < v.length; j++) {
        s = s + v[j] * x[j];
      }
      float a = s + run.votedB.get(k);
      score = score + (double) run.votedC.get(k) * (a > 0f ? 1d : -1d);
    }
    return (float) score;
  }

  private static void checkArguments(ReferenceData d, int maxEpochs) {
    Objects.requireNonNull(d, "d");
    if (maxEpochs < 0) {
      throw new IllegalArgumentException("maxEpochs must be >= 0, got " + maxEpochs);
    }
  }

  /** 0..n-1, then, when shuffling, the Fisher-Yates pass of docs/learners.md. */
  private static int[] order(int n, Random rnd, boolean shuffle) {
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    if (shuffle) {
      for (int i = n - 1; i >= 1; i--) {
        int j = rnd.nextInt(i + 1);
        int tmp = order[i];
        order[i] = order[j];
        order[j] = tmp;
      }
    }
    return order;
  }

  /** s = s + w[j] * x[j] over the stored entries of row i, left to right, in float. */
  private static float dot(ReferenceData d, int i, float[] w) {
    float s = 0f;
    if (d.rows != null) {
      float[] x = d.rows[i];
      for (int j = 0; j < x.length; j++) {
        s = s + w[j] * x[j];
      }
    } else {
      int[] idx = d.indices[i];
      float[] val = d.values == null ? null : d.values[i];
      for (int p = 0; p < idx.length; p++) {
        float x = val == null ? 1f : val[p];
        s = s + w[idx[p]] * x;
      }
    }
    return s;
  }

  /** s = s + x[j] * x[j] over the stored entries of row i, left to right, in float. */
  private static float squaredNorm(ReferenceData d, int i) {
    float s = 0f;
    if (d.rows != null) {
      float[] x = d.rows[i];
      for (int j = 0; j < x.length; j++) {
        s = s + x[j] * x[j];
      }
    } else {
      int[] idx = d.indices[i];
      float[] val = d.values == null ? null : d.values[i];
      for (int p = 0; p < idx.length; p++) {
        float x = val == null ? 1f : val[p];
        s = s + x * x;
      }
    }
    return s;
  }

  /** w[j] = w[j] + y * x[j] over the stored entries of row i. */
  private static void add(ReferenceData d, int i, float y, float[] w) {
    if (d.rows != null) {
      float[] x = d.rows[i];
      for (int j = 0; j < x.length; j++) {
        w[j] = w[j] + y * x[j];
      }
    } else {
      int[] idx = d.indices[i];
      float[] val = d.values == null ? null : d.values[i];
      for (int p = 0; p < idx.length; p++) {
        float x = val == null ? 1f : val[p];
        w[idx[p]] = w[idx[p]] + y * x;
      }
    }
  }

  /** u[j] = u[j] + yc * (double) x[j] over the stored entries of row i. */
  private static void add(ReferenceData d, int i, double yc, double[] u) {
    if (d.rows != null) {
      float[] x = d.rows[i];
      for (int j = 0; j < x.length; j++) {
        u[j] = u[j] + yc * (double) x[j];
      }
    } else {
      int[] idx = d.indices[i];
      float[] val = d.values == null ? null : d.values[i];
      for (int p = 0; p < idx.length; p++) {
        float x = val == null ? 1f : val[p];
        u[idx[p]] = u[idx[p]] + yc * (double) x;
      }
    }
  }

  /** #{i : y_i (dot(w, x_i) + b) <= 0} over the whole set. */
  private static int errors(ReferenceData d, float[] w, float b) {
    int e = 0;
    for (int i = 0; i < d.size(); i++) {
      float a = dot(d, i, w) + b;
      if (d.labels[i] * a <= 0f) {
        e++;
      }
    }
    return e;
  }

  /** A growable int array (the update log can hold millions of entries). */
  private static final class IntLog {
    private int[] values = new int[16];
    private int size;

    void add(int value) {
      if (size == values.length) {
        values = Arrays.copyOf(values, size * 2);
      }
      values[size++] = value;
    }

    int[] toArray() {
      return Arrays.copyOf(values, size);
    }
  }
}
