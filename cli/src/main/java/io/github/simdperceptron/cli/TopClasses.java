package io.github.simdperceptron.cli;

import io.github.simdperceptron.learn.Model;

/**
 * The K classes of highest score of one example, best first (a tie goes to the lower class index,
 * as the models' predictions do), at most K and only those scoring at least a threshold when one is
 * given: what {@code predict --top} prints and {@code eval} counts for precision and recall at K.
 */
final class TopClasses {
  private final Model model;
  private final int k;
  private final float threshold;
  private final int[] best;
  private final float[] pair = new float[2];
  private int count;

  TopClasses(Model model, int k, Float threshold) {
    this.model = model;
    this.k = k;
    this.threshold = threshold == null ? Float.NEGATIVE_INFINITY : threshold;
    this.best = new int[Math.min(k, Math.max(2, model.labels().size()))];
  }

  /** The per-class scores of a binary model's score s: -s for class 0 and s for class 1 (a one-class model: its sign). */
  float[] binary(float s) {
    if (model.labels().size() == 2) {
      pair[0] = -s;
      pair[1] = s;
      return pair;
    }
    pair[0] = model.labels().binaryLabel(0) > 0 ? s : -s;
    return pair;
  }

  /** Chooses the best classes of {@code scores} (one per class; not modified); returns how many. */
  int choose(float[] scores) {
    int classes = model.labels().size();
    count = 0;
    for (int c = 0; c < classes; c++) {
      float s = scores[c];
      if (!(s >= threshold)) {
        continue;
      }
      // Insertion into the K best so far, ties after the earlier (lower) class.
      int at = count;
      while (at > 0 && scores[best[at - 1]] < s) {
        at--;
      }
      if (at >= best.length) {
        continue;
      }
      int last = Math.min(count, best.length - 1);
      System.arraycopy(best, at, best, at + 1, last - at);
      best[at] = c;
      count = Math.min(count + 1, best.length);
    }
    return count;
  }

  /** The j-th best class of the last {@link #choose}. */
  int classAt(int j) {
    return best[j];
  }

  /** Appends "name score name score ..." for {@code scores} to {@code line}. */
  void append(float[] scores, StringBuilder line) {
    int n = choose(scores);
    for (int j = 0; j < n; j++) {
      if (j > 0) {
        line.append(' ');
      }
      line.append(model.labels().name(best[j])).append(' ').append(scores[best[j]]);
    }
  }
}
