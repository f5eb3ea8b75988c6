package io.github.simdperceptron.learn.calibration;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.learn.Model;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.function.Function;

/**
 * Fits a {@link Calibration} on scores the model did not train on: a held-out part of the data
 * ({@link #split}, then {@link #fit}), or out-of-fold scores ({@link #crossValidated}, as LIBSVM's
 * {@code -b 1} does). A method of null takes {@link Calibration#defaultMethod}.
 */
public final class Calibrator {
  private Calibrator() {}

  /**
   * Splits data into {rest, held out}: round(n * fraction) rows (at least 1, at most n - 1) chosen
   * by a shuffle seeded with {@code seed} are held out; both parts keep the rows' order and the
   * data's labels. data is not modified. Throws {@link IllegalArgumentException} for a fraction
   * outside (0, 1) or data too small to leave rows on both sides.
   */
  public static Dataset[] split(Dataset data, double fraction, long seed) {
    Objects.requireNonNull(data, "data");
    if (!(fraction > 0 && fraction < 1)) {
      throw new IllegalArgumentException("fraction: " + fraction + " (expected more than 0 and less than 1)");
    }
    int n = data.size();
    int held = Math.max(1, (int) Math.round(n * fraction));
    if (held >= n) {
      throw new IllegalArgumentException("fraction: " + fraction + " of " + n + " rows leaves no row to train on");
    }
    int[] perm = permutation(n, seed);
    int[] heldOut = Arrays.copyOf(perm, held);
    int[] rest = Arrays.copyOfRange(perm, held, n);
    Arrays.sort(heldOut);
    Arrays.sort(rest);
    return new Dataset[] {data.subset(rest), data.subset(heldOut)};
  }

  /**
   * Fits a calibration of model on the held-out rows: their raw scores against their classes
   * (matched to the model's classes by name; a row of a class the model lacks is left out).
   * Neither argument is modified. Throws {@link IllegalArgumentException} when the model has fewer
   * than two classes, the method does not fit its scores (Platt: one score; the others: one per
   * class), the dimensions differ, or no row is left.
   */
  public static Calibration fit(Model model, Dataset heldOut, Calibration.Method method) {
    Objects.requireNonNull(model, "model");
    Objects.requireNonNull(heldOut, "heldOut");
    Calibration.Method m = check(model, method);
    model.checkDimension(heldOut);
    float[][] scores = model.scoreRows(heldOut);
    int[] truth = truth(model.labels(), heldOut);
    return fitKnown(m, model.labels().size(), scores, truth);
  }

  /**
   * Fits a calibration on cross-validated scores: the rows are shuffled (seeded) into
   * {@code folds} parts of sizes differing by at most one; for each part, {@code fit} trains a
   * model on the other parts and scores that part. The calibration is fitted on all these
   * out-of-fold scores, and belongs with the model {@code fit} trains on all of data (which the
   * caller trains). data is not modified. Throws {@link IllegalArgumentException} for fewer than
   * 2 folds or more folds than rows, and as {@link #fit(Model, Dataset, Calibration.Method)}.
   */
  public static Calibration crossValidated(Dataset data, int folds, long seed,
      Function<Dataset, ? extends Model> fit, Calibration.Method method) {
    Objects.requireNonNull(data, "data");
    Objects.requireNonNull(fit, "fit");
    int n = data.size();
    if (folds < 2 || folds > n) {
      throw new IllegalArgumentException("folds: " + folds + " (expected 2 to the " + n + " rows)");
    }
    int[] perm = permutation(n, seed);
    List<float[]> scores = new ArrayList<>();
    List<Integer> truth = new ArrayList<>();
    Calibration.Method m = null;
    Labels labels = null;
    for (int f = 0; f < folds; f++) {
      int from = (int) ((long) n * f / folds);
      int to = (int) ((long) n * (f + 1) / folds);
      int[] out = Arrays.copyOfRange(perm, from, to);
      int[] in = new int[n - out.length];
      System.arraycopy(perm, 0, in, 0, from);
      System.arraycopy(perm, to, in, from, n - to);
      Arrays.sort(out);
      Arrays.sort(in);
      Model model = fit.apply(data.subset(in));
      if (labels == null) {
        m = check(model, method);
        labels = model.labels();
      } else if (!labels.equals(model.labels()) || model.scoreCount() != (m == Calibration.Method.PLATT ? 1
          : labels.size())) {
        throw new IllegalArgumentException("fit: the model of fold " + f + " has classes " + model.labels()
            + ", that of fold 0 " + labels);
      }
      Dataset part = data.subset(out);
      float[][] s = model.scoreRows(part);
      int[] t = truth(labels, part);
      for (int i = 0; i < s.length; i++) {
        scores.add(s[i]);
        truth.add(t[i]);
      }
    }
    return fitKnown(m, labels.size(), scores.toArray(new float[0][]), truth.stream().mapToInt(Integer::intValue)
        .toArray());
  }

  /** The method to use for model (method, or the default), checked against its scores. */
  private static Calibration.Method check(Model model, Calibration.Method method) {
    int k = model.labels().size();
    if (k < 2) {
      throw new IllegalArgumentException("model: " + k + " class " + model.labels() + ", nothing to calibrate"
          + " (expected at least 2 classes)");
    }
    Calibration.Method m = method == null ? Calibration.defaultMethod(model.scoreCount()) : method;
    boolean fits = m == Calibration.Method.PLATT ? model.scoreCount() == 1 : model.scoreCount() == k;
    if (!fits) {
      throw new IllegalArgumentException("method: " + m.label() + " takes " + (m == Calibration.Method.PLATT
          ? "one binary score" : "one score per class") + ", the model gives " + model.scoreCount());
    }
    return m;
  }

  /** Fits on the rows whose class is known (truth >= 0). */
  private static Calibration fitKnown(Calibration.Method m, int classes, float[][] scores, int[] truth) {
    int known = 0;
    for (int t : truth) {
      known += t >= 0 ? 1 : 0;
    }
    if (known == 0) {
      throw new IllegalArgumentException("heldOut: no row of a class the model knows");
    }
    float[][] s = new float[known][];
    int[] t = new int[known];
    for (int i = 0, j = 0; i < truth.length; i++) {
      if (truth[i] >= 0) {
        s[j] = scores[i];
        t[j++] = truth[i];
      }
    }
    return Calibration.fit(m, classes, s, t);
  }

  /** Each row's class as an index into labels, by name; -1 for a class labels lacks. */
  static int[] truth(Labels labels, Dataset data) {
    int[] toModel = data.labels().names().stream().mapToInt(labels::indexOf).toArray();
    int[] t = new int[data.size()];
    for (int i = 0; i < t.length; i++) {
      t[i] = toModel[data.classOf(i)];
    }
    return t;
  }

  /** 0..n-1 shuffled by Fisher-Yates from the top with {@code new Random(seed)}. */
  private static int[] permutation(int n, long seed) {
    int[] perm = new int[n];
    Arrays.setAll(perm, i -> i);
    Random rnd = new Random(seed);
    for (int i = n - 1; i > 0; i--) {
      int j = rnd.nextInt(i + 1);
      int t = perm[i];
      perm[i] = perm[j];
      perm[j] = t;
    }
    return perm;
  }
}
