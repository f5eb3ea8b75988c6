package io.github.simdperceptron.cli;

import io.github.simdperceptron.kernel.internal.ClassScores;
import io.github.simdperceptron.kernel.internal.ViterbiSteps;
import java.util.Random;

/**
 * Runs the tagger's vector kernels (the emission scores, the Viterbi step) on small generated
 * arrays in a background thread while {@code tag predict} reads the tagger file, so that the JIT
 * has compiled them when the text arrives: vector code that has not been compiled yet runs a
 * hundred times slower, and the JIT spends its time compiling the Vector API's fallback code
 * meanwhile. It stops when the tagger has been read. Nothing it computes is kept or printed.
 */
final class TagWarmup extends WarmupThread {
  private static final int TAGS = 48;
  private static final int ROWS = 64;
  private static final int PER_TOKEN = 16;
  /** Calls of each kernel at most: far more than the JIT needs; the reading of the tagger ends it first. */
  static final int CALLS = 20000;

  private volatile int callsDone;

  private TagWarmup() {
    super("perceptron-tag-warmup");
  }

  /** Starts when a warm-up is {@link #allowed()}; null otherwise. */
  static TagWarmup start() {
    if (!allowed()) {
      return null;
    }
    TagWarmup w = new TagWarmup();
    w.begin();
    return w;
  }

  /** How many calls of the kernels ran to their end (for tests). */
  int callsDone() {
    return callsDone;
  }

  @Override
  void work() {
    try {
      Random r = new Random(3);
      int k = TAGS;
      int kp = ClassScores.paddedClasses(k);
      float[] w = new float[ROWS * kp];
      for (int i = 0; i < w.length; i++) {
        w[i] = r.nextInt(9) - 4;
      }
      int[] rows = new int[PER_TOKEN];
      for (int i = 0; i < rows.length; i++) {
        rows[i] = r.nextInt(ROWS);
      }
      float[] trans = new float[k * kp];
      for (int i = 0; i < trans.length; i++) {
        trans[i] = r.nextInt(9) - 4;
      }
      float[] rowMax = new float[k];
      float[] rowMin = new float[k];
      ViterbiSteps.rowBounds(trans, k, kp, rowMax, rowMin);
      float[] start = new float[kp];
      for (int i = 0; i < k; i++) {
        start[i] = 64 * (r.nextInt(9) - 4);
      }
      float[] prev = new float[kp];
      float[] emit = new float[kp];
      float[] delta = new float[kp];
      int[] back = new int[kp];
      int[] kept = new int[k];
      for (int i = 0; i < CALLS && !stopping(); i++) {
        ClassScores.scores(w, kp, rows, null, 0, 1 + i % PER_TOKEN, emit);
        System.arraycopy(start, 0, prev, 0, kp);
        ViterbiSteps.step(prev, k, trans, kp, rowMax, rowMin, emit, delta, back, kept);
        callsDone = i + 1;
      }
    } catch (RuntimeException | StackOverflowError e) {
      // A warm-up that fails changes nothing: the real tagging reports its own errors.
    }
  }
}
