package io.github.simdperceptron.cli;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.internal.DataAccess;
import io.github.simdperceptron.learn.LinearModel;
import io.github.simdperceptron.learn.Model;
import io.github.simdperceptron.learn.MulticlassModel;
import io.github.simdperceptron.learn.VotedModel;
import io.github.simdperceptron.learn.internal.VotedAccess;
import java.nio.file.Path;

/**
 * Refuses a model or a score that float32 arithmetic could not hold (Infinity or NaN): the
 * weights and scores are floats, so features of about 1e19 and more overflow them, and training
 * or prediction on such data would report nonsense as a result.
 */
final class Overflow {
  private static final String ADVICE = ": the feature values are too large for float32 arithmetic (it overflows"
      + " above 3.4e38); scale the features (e.g. to [-1, 1] or to unit length per example) and train again";

  private Overflow() {}

  /** Throws a {@link UsageException} naming {@code file} when a weight of the model or its score of an example of {@code data} is not finite. */
  static void check(Model model, Dataset data, Path file) {
    weights(model, file);
    if (model instanceof LinearModel) {
      LinearModel linear = (LinearModel) model;
      if (scoresBounded(maxAbs(linear.weights()), Math.abs(linear.bias()), data)) {
        return;
      }
      float[] s = linear.scores(data);
      for (int i = 0; i < s.length; i++) {
        score(s[i], i, file);
      }
    } else if (model instanceof MulticlassModel) {
      MulticlassModel m = (MulticlassModel) model;
      double maxWeight = 0;
      double maxBias = 0;
      for (int c = 0; c < m.classes(); c++) {
        maxWeight = Math.max(maxWeight, maxAbs(m.weights(c)));
        maxBias = Math.max(maxBias, Math.abs(m.biases()[c]));
      }
      if (scoresBounded(maxWeight, maxBias, data)) {
        return;
      }
      for (int i = 0; i < data.size(); i++) {
        for (float s : m.scores(data, i)) {
          score(s, i, file);
        }
      }
    } else if (model instanceof VotedModel) {
      VotedModel m = (VotedModel) model;
      if (dotsBounded(VotedAccess.parts(m), data)) {
        return;
      }
      for (int k = 0; k < m.vectors(); k++) {
        float[] s = new LinearModel(m.vector(k), m.bias(k), m.labels()).scores(data);
        for (int i = 0; i < s.length; i++) {
          score(s[i], i, file);
        }
      }
    }
  }

  private static void weights(Model model, Path file) {
    if (model instanceof LinearModel) {
      LinearModel m = (LinearModel) model;
      row(m.weights(), m.bias(), file);
    } else if (model instanceof MulticlassModel) {
      MulticlassModel m = (MulticlassModel) model;
      for (int c = 0; c < m.classes(); c++) {
        row(m.weights(c), m.biases()[c], file);
      }
    } else if (model instanceof VotedModel) {
      // A weight that overflows stays Infinity or NaN through the later updates, so the last
      // voting vector of each anchor's run stands for every vector of the run.
      VotedModel m = (VotedModel) model;
      VotedAccess.Parts p = VotedAccess.parts(m);
      int k = -1;
      int lastOfRun = -1;
      for (int e = 0; e <= p.entries.length; e++) {
        if ((e == p.entries.length || p.entries[e] < 0) && lastOfRun >= 0) {
          row(m.vector(lastOfRun), m.bias(lastOfRun), file);
          lastOfRun = -1;
        }
        if (e < p.entries.length && p.counts[e] > 0) {
          lastOfRun = ++k;
        }
      }
    }
  }

  /**
   * Whether every float dot product a voted model's scores take of a row of data, with a stored
   * mistake row or an anchor, is finite with every partial sum: {@code |x_r . x| <= ||x_r||_1 max|x|},
   * and twice that stays below the float range.
   */
  private static boolean dotsBounded(VotedAccess.Parts p, Dataset data) {
    double l1 = 0;
    for (float[] a : p.anchors) {
      if (a != null) {
        l1 = Math.max(l1, l1(a));
      }
    }
    if (p.rows != null) {
      l1 = Math.max(l1, maxRowL1(p.rows));
    }
    double max = 1;
    if (data.isSparse()) {
      float[] values = DataAccess.values(data);
      for (int t = 0; values != null && t < values.length; t++) {
        max = Math.max(max, Math.abs(values[t]));
      }
    } else {
      Dataset dense = data;
      for (int i = 0; i < dense.size(); i++) {
        float[] array = DataAccess.rowArray(dense, i);
        int offset = DataAccess.rowOffset(dense, i);
        for (int j = offset; j < offset + dense.dimension(); j++) {
          max = Math.max(max, Math.abs(array[j]));
        }
      }
    }
    return 2 * l1 * max < Float.MAX_VALUE;
  }

  /**
   * Whether every score {@code w . x + b} of a row of data, and every partial sum of its dot
   * product in any order, is finite: each is at most {@code max|w| ||x||_1 + |b|} in magnitude,
   * and twice that (room for rounding) stays below the float range. Then no row need be scored.
   */
  private static boolean scoresBounded(double maxWeight, double maxBias, Dataset data) {
    return 2 * (maxWeight * maxRowL1(data) + maxBias) < Float.MAX_VALUE;
  }

  /** The largest L1 norm of a row of {@code data}, each row read in place (no dense copy of a sparse row). */
  private static double maxRowL1(Dataset data) {
    double l1 = 0;
    if (data.isSparse()) {
      float[] values = DataAccess.values(data);
      for (int r = 0; r < data.size(); r++) {
        int from = DataAccess.rowStart(data, r);
        int to = from + data.nonZeros(r);
        double s = values == null ? to - from : 0;
        for (int t = from; values != null && t < to; t++) {
          s += Math.abs(values[t]);
        }
        l1 = Math.max(l1, s);
      }
    } else {
      for (int r = 0; r < data.size(); r++) {
        float[] array = DataAccess.rowArray(data, r);
        int offset = DataAccess.rowOffset(data, r);
        double s = 0;
        for (int j = offset; j < offset + data.dimension(); j++) {
          s += Math.abs(array[j]);
        }
        l1 = Math.max(l1, s);
      }
    }
    return l1;
  }

  private static double maxAbs(float[] x) {
    double max = 0;
    for (float v : x) {
      max = Math.max(max, Math.abs(v));
    }
    return max;
  }

  private static double l1(float[] x) {
    double s = 0;
    for (float v : x) {
      s += Math.abs(v);
    }
    return s;
  }

  private static void row(float[] w, float bias, Path file) {
    if (!Float.isFinite(bias)) {
      throw new UsageException(file + ": the bias became " + bias + ADVICE);
    }
    for (int j = 0; j < w.length; j++) {
      if (!Float.isFinite(w[j])) {
        throw new UsageException(file + ": weight " + (j + 1) + " became " + w[j] + ADVICE);
      }
    }
  }

  private static void score(float s, int example, Path file) {
    if (!Float.isFinite(s)) {
      throw new UsageException(file + ": example " + (example + 1) + " has the score " + s + ADVICE);
    }
  }
}
