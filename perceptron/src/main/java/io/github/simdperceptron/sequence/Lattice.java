package io.github.simdperceptron.sequence;

import io.github.simdperceptron.kernel.internal.ClassScores;
import io.github.simdperceptron.kernel.internal.ViterbiSteps;

/**
 * Decodes sentences: the best tag sequence under {@link TagWeights}, by first-order Viterbi (exact)
 * or greedily left to right. A sentence is n tokens whose feature ids are
 * {@code ids[tokenPtr[tok + t], tokenPtr[tok + t + 1])} for t in [0, n); token t's emission
 * scores are the K-class kernel's scores of those ids ({@link ClassScores#scores}, binary row).
 *
 * <p>Viterbi: {@code delta_0 = start + e_0}; {@code delta_t[c] = max_j (delta_{t-1}[j] + trans[j][c]) + e_t[c]}
 * ({@link ViterbiSteps#step}, with the bounds {@link TagWeights#rowMax} and {@link TagWeights#rowMin}); the last tag
 * maximises {@code delta_{n-1}[c] + end[c]}; every arg
 * max takes the smallest index on ties. Greedy: tag t maximises
 * {@code (t == 0 ? start[c] : trans[tag_{t-1}][c]) + e_t[c]}, plus {@code end[c]} on the last
 * token. The scratch grows with the longest sentence seen; not thread-safe: one per thread.
 */
final class Lattice {
  private final int kp;
  private final float[] emit;
  private float[] prev;
  private float[] cur;
  private final int[] stepBack;
  private final int[] rows;
  private int[] back = new int[0];
  /** The compact emission weights of the sentence being decoded, or null for the dense ones. */
  private Emissions emissions;
  /** Scratch of {@link Emissions#scores}. */
  private int[] denseRows = new int[Features.MAX_PER_TOKEN];
  /** The emission scores of the sentence being decoded, token t's at [t * kp, (t + 1) * kp), or null. */
  private float[] given;

  Lattice(int kp) {
    this.kp = kp;
    this.emit = new float[kp];
    this.prev = new float[kp];
    this.cur = new float[kp];
    this.stepBack = new int[kp];
    this.rows = new int[kp];
  }

  /** Writes the best tags of the sentence into out[0, n). Only out (and the scratch) is modified. */
  void decode(TagWeights m, boolean viterbi, int[] ids, int[] tokenPtr, int tok, int n, int[] out) {
    decode(m, null, viterbi, ids, tokenPtr, tok, n, out);
  }

  /**
   * As {@link #decode(TagWeights, boolean, int[], int[], int, int, int[])}, the emission scores
   * from {@code e} (the same bits as from the dense weights it was made of) when it is not null;
   * m's dense emission weights are then not read.
   */
  void decode(TagWeights m, Emissions e, boolean viterbi, int[] ids, int[] tokenPtr, int tok, int n, int[] out) {
    emissions = e;
    given = null;
    if (viterbi) {
      viterbi(m, ids, tokenPtr, tok, n, out);
    } else {
      greedy(m, ids, tokenPtr, tok, n, out);
    }
  }

  /**
   * As {@link #decode(TagWeights, boolean, int[], int[], int, int, int[])}, token t's emission
   * scores given as {@code scores[t * kp, (t + 1) * kp)}; m's emission weights are not read.
   */
  void decode(TagWeights m, boolean viterbi, float[] scores, int n, int[] out) {
    emissions = null;
    given = scores;
    if (viterbi) {
      viterbi(m, null, null, 0, n, out);
    } else {
      greedy(m, null, null, 0, n, out);
    }
    given = null;
  }

  /** Token t's emission scores into {@link #emit}: given, or those of its ids. */
  private void emit(TagWeights m, int[] ids, int[] tokenPtr, int tok, int t) {
    if (given != null) {
      System.arraycopy(given, t * kp, emit, 0, kp);
    } else {
      emit(m, ids, tokenPtr[tok + t], tokenPtr[tok + t + 1]);
    }
  }

  /** The emission scores of the ids [from, to) into {@link #emit}. */
  private void emit(TagWeights m, int[] ids, int from, int to) {
    if (emissions != null) {
      if (denseRows.length < to - from) {
        denseRows = new int[to - from];
      }
      emissions.scores(ids, from, to, denseRows, emit);
    } else {
      ClassScores.scores(m.emission, ids, null, from, to, emit);
    }
  }

  private void viterbi(TagWeights m, int[] ids, int[] tokenPtr, int tok, int n, int[] out) {
    int k = m.k;
    if (back.length < n * kp) {
      back = new int[Math.max(n * kp, 2 * back.length)];
    }
    emit(m, ids, tokenPtr, tok, 0);
    sum(m.start, 0, emit, prev, 0, k);
    for (int t = 1; t < n; t++) {
      emit(m, ids, tokenPtr, tok, t);
      ViterbiSteps.step(m.transitions, prev, emit, cur, stepBack, rows);
      System.arraycopy(stepBack, 0, back, t * kp, k);
      float[] swap = prev;
      prev = cur;
      cur = swap;
    }
    int best = bestLast(prev, m.end, k);
    // Counted up: a loop counted down to 0 here had C2 drop its compiled code on a loop-limit check.
    for (int q = 1; q <= n; q++) {
      out[n - q] = best;
      best = back[(n - q) * kp + best];
    }
  }

  // The loops over the tags live in methods of their own: a loop of k iterations in viterbi (or in
  // the tagger's emission scores) would have the JIT compiler replace its method on the stack,
  // and compile it again when it is called.

  /** {@code out[at + c] = a[from + c] + b[c]} for c in [0, n). Only out is modified. */
  static void sum(float[] a, int from, float[] b, float[] out, int at, int n) {
    for (int c = 0; c < n; c++) {
      out[at + c] = a[from + c] + b[c];
    }
  }

  /** The c in [0, k) that maximises {@code delta[c] + end[c]}, the smallest on ties. */
  private static int bestLast(float[] delta, float[] end, int k) {
    int best = 0;
    float bestScore = delta[0] + end[0];
    for (int c = 1; c < k; c++) {
      float s = delta[c] + end[c];
      if (s > bestScore) {
        bestScore = s;
        best = c;
      }
    }
    return best;
  }

  private void greedy(TagWeights m, int[] ids, int[] tokenPtr, int tok, int n, int[] out) {
    int k = m.k;
    int previous = -1;
    for (int t = 0; t < n; t++) {
      emit(m, ids, tokenPtr, tok, t);
      int best = 0;
      float bestScore = Float.NEGATIVE_INFINITY;
      for (int c = 0; c < k; c++) {
        float s = (previous < 0 ? m.start[c] : m.trans[previous * kp + c]) + emit[c];
        if (t == n - 1) {
          s = s + m.end[c];
        }
        if (c == 0 || s > bestScore) {
          bestScore = s;
          best = c;
        }
      }
      out[t] = best;
      previous = best;
    }
  }
}
