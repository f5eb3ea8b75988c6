package io.github.simdperceptron.reference;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The literal twin of the kernel perceptron in dual form, transcribed from
 * docs/kernel-perceptron.md: every score is {@code sum_s alpha[s][c] * K(x_i, sv_s) + b[c]}, summed
 * in float over the support vectors in the order they were created, every kernel value computed
 * afresh from {@link ReferenceKernels} (the reference dot product). One {@code new Random(seed)};
 * each epoch's order is 0..n-1, shuffled when asked by
 * {@code for i = n-1 down to 1: swap(order[i], order[rnd.nextInt(i+1)])}; a run stops after an
 * epoch without mistakes. No budget. Deliberately naive: O(n |S| d) per epoch.
 */
public final class ReferenceKernelPerceptron {
  private ReferenceKernelPerceptron() {}

  /** The kernels, each value computed afresh by {@link ReferenceKernels}. */
  public enum Kernel {
    /** x . s. */
    LINEAR {
      @Override
      public float value(float[] x, float[] s, float gamma, int degree, float coef0) {
        return ReferenceKernels.linear(x, s);
      }
    },
    /** (gamma x.s + coef0)^degree. */
    POLY {
      @Override
      public float value(float[] x, float[] s, float gamma, int degree, float coef0) {
        return ReferenceKernels.poly(x, s, gamma, coef0, degree);
      }
    },
    /** exp(-gamma |x - s|^2). */
    RBF {
      @Override
      public float value(float[] x, float[] s, float gamma, int degree, float coef0) {
        return ReferenceKernels.rbf(x, s, gamma);
      }
    };

    /** K(x, s) with these parameters (those the kernel does not use are ignored). */
    public abstract float value(float[] x, float[] s, float gamma, int degree, float coef0);
  }

  /** What a run did. */
  public static final class Run {
    /** The training rows that became support vectors, in creation order. */
    public int[] supportVectors;
    /** The coefficients [sv][score] (1 score for k &lt;= 2, else k): the last ones, or averaged. */
    public float[][] alpha;
    /** The biases, one per score (0 without the bias), chosen as alpha is. */
    public float[] b;
    /** Mistakes per epoch. */
    public int[] mistakesPerEpoch;
    /** Updates per epoch ({@link #fitMargin} only; the perceptron's equal its mistakes). */
    public int[] updatesPerEpoch;
    /** The training row of every update, in visit order. */
    public int[] updateLog;
  }

  /**
   * Trains on dense rows with class indices in [0, k). With k &lt;= 2 it is binary: y = +1 for
   * class 1 and -1 for class 0, a mistake when {@code y * score <= 0}, the update
   * {@code alpha[s] += y, b += y}. With k &gt; 2 the predicted class is the first arg max of the
   * scores, and a mistake adds 1 to the true class's coefficient and bias and subtracts 1 from the
   * predicted one's. Averaged: the CIML counter c (visits + 1), {@code beta += delta * c} in
   * double at every update, the model {@code (float) (alpha - beta / c)}.
   */
  public static Run fit(float[][] x, int[] classes, int k, Kernel kernel, float gamma, int degree, float coef0,
      boolean averaged, int maxEpochs, long seed, boolean shuffle, boolean bias) {
    int n = x.length;
    int scores = k <= 2 ? 1 : k;
    List<Integer> sv = new ArrayList<>();
    List<float[]> alpha = new ArrayList<>();
    List<double[]> beta = new ArrayList<>();
    int[] slotOf = new int[n];
    for (int i = 0; i < n; i++) {
      slotOf[i] = -1;
    }
    float[] b = new float[scores];
    double[] betaB = new double[scores];
    long counter = 1;
    Random rnd = new Random(seed);
    List<Integer> mistakesPerEpoch = new ArrayList<>();
    List<Integer> updateLog = new ArrayList<>();
    boolean converged = false;
    int epochs = 0;
    while (epochs < maxEpochs && !converged) {
      int[] order = ReferenceMulticlass.order(n, rnd, shuffle);
      int mistakes = 0;
      for (int t = 0; t < n; t++) {
        int i = order[t];
        float[] score = new float[scores];
        for (int c = 0; c < scores; c++) {
          float sum = 0f;
          for (int s = 0; s < sv.size(); s++) {
            sum = sum + alpha.get(s)[c] * kernel.value(x[i], x[sv.get(s)], gamma, degree, coef0);
          }
          score[c] = sum + b[c];
        }
        float[] delta = new float[scores];
        if (scores == 1) {
          float y = classes[i] == 1 ? 1f : -1f;
          if (y * score[0] > 0f) {
            counter++;
            continue;
          }
          delta[0] = y;
        } else {
          int predicted = 0;
          for (int c = 1; c < scores; c++) {
            if (score[c] > score[predicted]) {
              predicted = c;
            }
          }
          if (predicted == classes[i]) {
            counter++;
            continue;
          }
          delta[classes[i]] = 1f;
          delta[predicted] = -1f;
        }
        if (slotOf[i] < 0) {
          slotOf[i] = sv.size();
          sv.add(i);
          alpha.add(new float[scores]);
          beta.add(new double[scores]);
        }
        for (int c = 0; c < scores; c++) {
          if (delta[c] != 0f) {
            alpha.get(slotOf[i])[c] = alpha.get(slotOf[i])[c] + delta[c];
            beta.get(slotOf[i])[c] = beta.get(slotOf[i])[c] + delta[c] * (double) counter;
            if (bias) {
              b[c] = b[c] + delta[c];
              betaB[c] = betaB[c] + delta[c] * (double) counter;
            }
          }
        }
        mistakes++;
        updateLog.add(i);
        counter++;
      }
      epochs++;
      mistakesPerEpoch.add(mistakes);
      converged = mistakes == 0;
    }
    Run run = new Run();
    run.supportVectors = sv.stream().mapToInt(Integer::intValue).toArray();
    run.alpha = new float[sv.size()][scores];
    run.b = new float[scores];
    for (int c = 0; c < scores; c++) {
      for (int s = 0; s < sv.size(); s++) {
        run.alpha[s][c] = averaged ? (float) ((double) alpha.get(s)[c] - beta.get(s)[c] / counter) : alpha.get(s)[c];
      }
      run.b[c] = averaged ? (float) ((double) b[c] - betaB[c] / counter) : b[c];
    }
    run.mistakesPerEpoch = mistakesPerEpoch.stream().mapToInt(Integer::intValue).toArray();
    run.updateLog = updateLog.stream().mapToInt(Integer::intValue).toArray();
    return run;
  }
  /** The rules that update by the margin. */
  public enum MarginRule {
    /** Step 1 when the margin is at most tau. */
    MARGIN,
    /** Step loss / q when the loss 1 - margin is positive. */
    PA,
    /** Step min(C, loss / q). */
    PA1,
    /** Step loss / (q + 1 / (2C)). */
    PA2
  }

  /**
   * The margin kernel perceptron and the passive-aggressive kernel learners on dense rows with
   * class indices in [0, k), the last coefficients kept. Scores as in {@link #fit}. With k &lt;= 2
   * (y = +1 for class 1, -1 for class 0) the margin is {@code y * score} and a mistake a margin
   * &lt;= 0; with k &gt; 2 a mistake is a first arg max that is not the true class, r is the first
   * class other than the true one with the largest score, and the margin is
   * {@code score[true] - score[r]}. The step, in float: MARGIN 1 when margin &lt;= tau, else none;
   * PA, PA1, PA2 with {@code loss = 1 - margin} &gt; 0 and
   * {@code q = m * (K(x_i, x_i) + 1)} with the bias ({@code m * K(x_i, x_i)} without), m = 1 for
   * k &lt;= 2 and 2 otherwise, when q &gt; 0: {@code loss / q}, {@code min(C, loss / q)},
   * {@code loss / (q + 1f / (2f * C))}. A step t changes x_i's coefficient (making x_i a support
   * vector if it is none) and the bias: by {@code y t} for k &lt;= 2, else by t for the true class and
   * -t for r. A run stops after an epoch without updates.
   */
  public static Run fitMargin(float[][] x, int[] classes, int k, Kernel kernel, float gamma, int degree, float coef0,
      MarginRule rule, float tau, float c, int maxEpochs, long seed, boolean shuffle, boolean bias) {
    return fitMargin(x, classes, k, kernel, gamma, degree, coef0, rule, tau, c, false, maxEpochs, seed, shuffle, bias);
  }

  /**
   * {@link #fitMargin(float[][], int[], int, Kernel, float, int, float, MarginRule, float, float, int, long, boolean,
   * boolean)}, and with {@code averaged} its averaged form: the CIML counter (visits + 1, counting
   * every visit, with or without an update), at every update {@code beta += delta * counter} in
   * double beside each coefficient and bias change, and the model
   * {@code (float) (alpha - beta / counter)} for every coefficient and bias. The updates are the
   * same as without averaging.
   */
  public static Run fitMargin(float[][] x, int[] classes, int k, Kernel kernel, float gamma, int degree, float coef0,
      MarginRule rule, float tau, float c, boolean averaged, int maxEpochs, long seed, boolean shuffle, boolean bias) {
    int n = x.length;
    int scores = k <= 2 ? 1 : k;
    List<Integer> sv = new ArrayList<>();
    List<float[]> alpha = new ArrayList<>();
    List<double[]> beta = new ArrayList<>();
    int[] slotOf = new int[n];
    for (int i = 0; i < n; i++) {
      slotOf[i] = -1;
    }
    float[] b = new float[scores];
    double[] betaB = new double[scores];
    long counter = 1;
    Random rnd = new Random(seed);
    List<Integer> mistakesPerEpoch = new ArrayList<>();
    List<Integer> updatesPerEpoch = new ArrayList<>();
    List<Integer> updateLog = new ArrayList<>();
    boolean converged = false;
    int epochs = 0;
    while (epochs < maxEpochs && !converged) {
      int[] order = ReferenceMulticlass.order(n, rnd, shuffle);
      int mistakes = 0;
      int updates = 0;
      for (int t = 0; t < n; t++) {
        int i = order[t];
        float[] score = new float[scores];
        for (int cl = 0; cl < scores; cl++) {
          float sum = 0f;
          for (int s = 0; s < sv.size(); s++) {
            sum = sum + alpha.get(s)[cl] * kernel.value(x[i], x[sv.get(s)], gamma, degree, coef0);
          }
          score[cl] = sum + b[cl];
        }
        float y = classes[i] == 1 ? 1f : -1f;
        float margin;
        int r = -1;
        boolean mistake;
        if (scores == 1) {
          margin = y * score[0];
          mistake = margin <= 0f;
        } else {
          int predicted = 0;
          for (int cl = 1; cl < scores; cl++) {
            if (score[cl] > score[predicted]) {
              predicted = cl;
            }
          }
          mistake = predicted != classes[i];
          for (int cl = 0; cl < scores; cl++) {
            if (cl != classes[i] && (r == -1 || score[cl] > score[r])) {
              r = cl;
            }
          }
          margin = score[classes[i]] - score[r];
        }
        if (mistake) {
          mistakes++;
        }
        float step = 0f;
        if (rule == MarginRule.MARGIN) {
          if (margin <= tau) {
            step = 1f;
          }
        } else {
          float loss = 1f - margin;
          if (loss > 0f) {
            float self = kernel.value(x[i], x[i], gamma, degree, coef0);
            if (bias) {
              self = self + 1f;
            }
            float q = scores == 1 ? self : 2f * self;
            if (q > 0f) {
              if (rule == MarginRule.PA) {
                step = loss / q;
              } else if (rule == MarginRule.PA1) {
                step = Math.min(c, loss / q);
              } else {
                step = loss / (q + 1f / (2f * c));
              }
            }
          }
        }
        if (step == 0f) {
          counter++;
          continue;
        }
        float[] delta = new float[scores];
        if (scores == 1) {
          delta[0] = y * step;
        } else {
          delta[classes[i]] = step;
          delta[r] = -step;
        }
        if (slotOf[i] < 0) {
          slotOf[i] = sv.size();
          sv.add(i);
          alpha.add(new float[scores]);
          beta.add(new double[scores]);
        }
        for (int cl = 0; cl < scores; cl++) {
          if (delta[cl] != 0f) {
            alpha.get(slotOf[i])[cl] = alpha.get(slotOf[i])[cl] + delta[cl];
            beta.get(slotOf[i])[cl] = beta.get(slotOf[i])[cl] + delta[cl] * (double) counter;
            if (bias) {
              b[cl] = b[cl] + delta[cl];
              betaB[cl] = betaB[cl] + delta[cl] * (double) counter;
            }
          }
        }
        updates++;
        updateLog.add(i);
        counter++;
      }
      epochs++;
      mistakesPerEpoch.add(mistakes);
      updatesPerEpoch.add(updates);
      converged = updates == 0;
    }
    Run run = new Run();
    run.supportVectors = sv.stream().mapToInt(Integer::intValue).toArray();
    run.alpha = new float[sv.size()][scores];
    run.b = new float[scores];
    for (int cl = 0; cl < scores; cl++) {
      for (int s = 0; s < sv.size(); s++) {
        run.alpha[s][cl] = averaged ? (float) ((double) alpha.get(s)[cl] - beta.get(s)[cl] / counter)
            : alpha.get(s)[cl];
      }
      run.b[cl] = averaged ? (float) ((double) b[cl] - betaB[cl] / counter) : b[cl];
    }
    run.mistakesPerEpoch = mistakesPerEpoch.stream().mapToInt(Integer::intValue).toArray();
    run.updatesPerEpoch = updatesPerEpoch.stream().mapToInt(Integer::intValue).toArray();
    run.updateLog = updateLog.stream().mapToInt(Integer::intValue).toArray();
    return run;
  }
}
