package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.internal.DataAccess;

/**
 * Pocket with ratchet: a copy of the weights (w, b) with the fewest training errors offered so
 * far, replaced only on a strict improvement. The errors are counted with the batch-margin kernel,
 * {@code #{i : y_i (dot(w, x_i) + b) <= 0}}, O(n d) per offer. Shared by the binary pocket and
 * each class of pocket one-vs-rest.
 */
final class Pocket {
  /** The class whose examples are +1 (one-vs-rest), or -1 for the data's own binary labels. */
  private final int positive;
  final float[] w;
  float b;
  /** The training errors of the pocketed (w, b); set when known without counting, else the first offer counts them. */
  int errors = Integer.MAX_VALUE;

  /** A pocket holding a copy of (w, b) with its errors not counted yet (the first offer counts them). */
  Pocket(float[] w, float b, int positive) {
    this.w = w.clone();
    this.b = b;
    this.positive = positive;
  }

  /** Counts the training errors of (w, b), margins being n floats of scratch; pockets a copy on a strict improvement. */
  void offer(Dataset data, float[] w, float b, float[] margins) {
    int e = errors(data, w, b, margins);
    if (e < errors) {
      System.arraycopy(w, 0, this.w, 0, w.length);
      this.b = b;
      errors = e;
    }
  }

  /** The training errors of the pocketed (w, b), margins being n floats of scratch. */
  int errors(Dataset data, float[] margins) {
    return errors(data, w, b, margins);
  }

  private int errors(Dataset data, float[] w, float b, float[] margins) {
    DataAccess.margins(data, w, b, margins);
    int e = 0;
    for (int i = 0; i < margins.length; i++) {
      float y = positive < 0 ? data.label(i) : data.classOf(i) == positive ? 1f : -1f;
      if (y * margins[i] <= 0f) {
        e++;
      }
    }
    return e;
  }
}
