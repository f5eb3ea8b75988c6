package io.github.simdperceptron.learn.kernel;

import io.github.simdperceptron.kernel.internal.SvPanels;
import java.util.Arrays;

/**
 * The predicted classes of the training rows under a model taken from training, computed from
 * the kernel columns of its support vectors against every training row (no Gram block of the
 * whole set; docs/kernel-perceptron.md): from the cache and, for support vectors whose first
 * update is still pending, from one Gram block of all rows against the pending block (as a
 * commit, apart from the cache and the committed scores, so training goes on unchanged), or in
 * batches of cached columns and Gram blocks of the others. A column holds the bits the model's
 * own Gram block gives for the row and the support vector (the same chain over the features, the
 * same finish with the same norms), and the scores are summed by the model's own code, so the
 * classes are those of {@link KernelModel#predictClasses}.
 */
final class TrainingClasses {
  private TrainingClasses() {}

  /**
   * The classes of the training rows of {@code scores} under the model that scores as
   * {@code model}, whose support vectors are the training rows {@code svRows[0, m)} in slot
   * order: when every column is cached or pending, or with {@code inBatches} in any case; else
   * null. Neither the cache nor the committed scores change.
   */
  static int[] of(TrainingScores scores, DualScores model, int[] svRows, int m, boolean inBatches) {
    int positions = scores.positions();
    float[][] columns = columns(scores, svRows, m);
    float[] s;
    if (columns != null) {
      s = new float[positions * model.paddedScores()];
      model.scoresFromColumns(columns, positions, s);
    } else if (inBatches) {
      s = scoresInBatches(scores, model, svRows, m);
    } else {
      return null;
    }
    int[] byPosition = model.classesOfScores(s, positions);
    int[] classes = new int[scores.size()];
    for (int t = 0; t < classes.length; t++) {
      classes[t] = byPosition[scores.positionOf(t)];
    }
    return classes;
  }

  /**
   * The kernel columns of the support vectors svRows[0, m) in slot order (K(x_t, S[s]) for every
   * training row t, at t's layout position: {@link TrainingScores#rowAt} gives the row of a
   * position), from the cache and, for support vectors whose first update is still pending, from
   * one Gram block of all rows against the pending block ({@link TrainingScores#pendingColumns},
   * as a commit); null when a column is in neither.
   */
  static float[][] columns(TrainingScores scores, int[] svRows, int m) {
    PendingBlock pending = scores.pending();
    float[][] columns = new float[m][];
    // The support vectors whose first update is still pending, and their pending indices.
    int[] slots = new int[Math.min(m, pending.count())];
    int[] pendingIndices = new int[slots.length];
    int missing = 0;
    for (int s = 0; s < m; s++) {
      columns[s] = scores.cachedColumn(svRows[s]);
      if (columns[s] == null) {
        int u = pending.indexOf(svRows[s]);
        if (u < 0) {
          return null;
        }
        slots[missing] = s;
        pendingIndices[missing++] = u;
      }
    }
    if (missing == 0) {
      return columns;
    }
    float[][] byPending = new float[pending.count()][];
    for (int e = 0; e < missing; e++) {
      columns[slots[e]] = new float[scores.positions()];
      byPending[pendingIndices[e]] = columns[slots[e]];
    }
    scores.pendingColumns(byPending, false);
    return columns;
  }

  /**
   * The training rows' scores as {@link DualScores#scoresFromColumns} gives them from every
   * support vector's column (at each row's layout position, kp a row), with the columns taken in
   * batches of support vectors in slot order: a batch holds cached columns and at most width
   * others, computed as one block against every training row
   * ({@link TrainingScores#blockColumns}, the commits' Gram block and finish, so the same bits as
   * a commit's column); each batch's columns are added to the running class sums in order, so
   * each row's chain of each class is the one a single call with every column runs. The rows
   * still pending are computed this way too. Neither the cache nor the committed scores change.
   * Not for the voted form.
   */
  static float[] scoresInBatches(TrainingScores scores, DualScores model, int[] svRows, int m) {
    int positions = scores.positions();
    int width = scores.width();
    KernelRows rows = scores.rows();
    float[] sums = model.columnSums(positions);
    float[] block = new float[width * scores.dimension()];
    SvPanels svBlock = new SvPanels(block, scores.dimension(), width, width);
    float[] norms = new float[width];
    int[] packed = new int[width];
    Arrays.fill(packed, -1);
    float[][] computed = new float[width][];
    float[][] batch = new float[m][];
    for (int s = 0; s < m; ) {
      int first = s;
      int lanes = 0;
      for (; s < m; s++) {
        int row = svRows[s];
        float[] column = scores.cachedColumn(row);
        if (column == null) {
          if (lanes == width) {
            break;
          }
          rows.pack(row, packed[lanes], block, width, lanes);
          packed[lanes] = row;
          norms[lanes] = rows.norm(row);
          if (computed[lanes] == null) {
            computed[lanes] = new float[positions];
          }
          column = computed[lanes++];
        }
        batch[s - first] = column;
      }
      if (lanes > 0) {
        scores.blockColumns(svBlock, norms, lanes, Arrays.copyOf(computed, lanes), false);
      }
      model.addColumnScores(batch, first, s - first, sums, positions);
    }
    float[] out = new float[positions * model.paddedScores()];
    model.scoresOfSums(sums, positions, out);
    return out;
  }
}
