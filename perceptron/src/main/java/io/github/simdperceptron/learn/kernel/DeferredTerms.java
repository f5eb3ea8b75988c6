package io.github.simdperceptron.learn.kernel;

import io.github.simdperceptron.kernel.Kernel;
import io.github.simdperceptron.kernel.internal.ClassCoefs;
import io.github.simdperceptron.kernel.internal.FloatRows;
import io.github.simdperceptron.kernel.internal.GramBlocks;
import java.util.Arrays;

/**
 * The terms of updates from cached columns not yet added to every training row's committed
 * scores, in order: step times a column, to be added to one class's scores (one term per class an
 * update changes). A visit adds them to its own row's scores ({@link #addTo}); a commit, or a
 * flush when {@code cap} are waiting, adds them to every row's in one pass ({@link #flushInto}),
 * each row's scores receiving the same additions in the same order as if each had been added at
 * once: one pass over the scores for many updates instead of one per class each.
 */
final class DeferredTerms {
  private static final boolean FMA = Kernel.usesFma();

  private final int cap;
  private final int k;
  private final int kp;
  private final float[][] column;
  private final int[] classOf;
  private final float[] step;
  private int count;
  /** The flush's columns (one per run of terms from the same column) and their coefficients (kp a column). */
  private final float[][] flushColumn;
  private final float[] flushCoef;
  /** flushCoef as the kernel's column scores take it. */
  private final ClassCoefs flushCoefs;

  /** Room for cap terms of k classes (kp padded). */
  DeferredTerms(int cap, int k, int kp) {
    this.cap = cap;
    this.k = k;
    this.kp = kp;
    this.column = new float[cap][];
    this.classOf = new int[cap];
    this.step = new float[cap];
    this.flushColumn = new float[cap][];
    this.flushCoef = new float[cap * kp];
    this.flushCoefs = new ClassCoefs(flushCoef, kp, k);
  }

  /** Terms waiting. */
  int count() {
    return count;
  }

  /** Adds the term {@code step * column} to class cl's scores; returns whether cap terms now wait (flush them). */
  boolean add(float[] column, int cl, float step) {
    this.column[count] = column;
    this.classOf[count] = cl;
    this.step[count] = step;
    count++;
    return count == cap;
  }

  /**
   * Adds the waiting terms, in order, to the scores of the row at layout position t, at
   * out[off, off + k): {@code out[off + class] += step * column[t]} (fused when the kernel uses
   * FMA), the addition an update from a cached column makes to every row's scores for each class
   * whose coefficient it changes. Only out is modified.
   */
  void addTo(float[] out, int off, int t) {
    for (int e = 0; e < count; e++) {
      int at = off + classOf[e];
      out[at] = FMA ? Math.fma(column[e][t], step[e], out[at]) : column[e][t] * step[e] + out[at];
    }
  }

  /**
   * Adds the waiting terms to every row's scores f (class-major, class c's at
   * {@code f[c * positions, (c + 1) * positions)}, rows of positions floats), in order, as the kernel's column scores
   * ({@link GramBlocks#columnScores}) with f as the running sums, and forgets them: one column per
   * run of terms from the same column (an update's terms, one per class it changes), its
   * coefficient of each class the term's step or 0. Every row's score of a class receives the
   * terms of that class in their order, each fused when the kernel uses FMA, as {@link #addTo}
   * adds them (a coefficient of 0 adds a zero, which changes no score but a zero's sign). The
   * same pass, started from the biases, scores the training rows at the end of the fit
   * ({@link TrainingClasses}), which so runs code the fit has compiled. Only f is modified.
   */
  void flushInto(FloatRows f, int positions) {
    int runs = 0;
    for (int e = 0; e < count; e++) {
      int cl = classOf[e];
      if (runs == 0 || flushColumn[runs - 1] != column[e] || flushCoef[(runs - 1) * kp + cl] != 0f) {
        flushColumn[runs] = column[e];
        Arrays.fill(flushCoef, runs * kp, (runs + 1) * kp, 0f);
        runs++;
      }
      flushCoef[(runs - 1) * kp + cl] = step[e];
    }
    GramBlocks.columnScores(flushColumn, runs, 0, positions, flushCoefs, f);
    Arrays.fill(flushColumn, 0, runs, null);
    Arrays.fill(column, 0, count, null);
    count = 0;
  }
}
