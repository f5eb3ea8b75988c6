package io.github.simdperceptron.cli;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.internal.DataAccess;
import io.github.simdperceptron.learn.Algorithm;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The weights a training run will allocate, checked before it starts: a libsvm file sets the
 * dimension by its largest index, so one stray index (5e8, or near 2^31) makes a model of
 * gigabytes. Too large for the heap: refused; far beyond every other index: a warning.
 */
final class ModelSize {
  /** Weights below this size are not worth a warning, however sparse the data. */
  private static final long WARN_BYTES = 64L << 20;

  private ModelSize() {}

  /**
   * Refuses training whose weights would not fit in the heap left (exit 2), and warns when the
   * largest index is more than 16 times the next largest and makes the weights 64 MB or more.
   */
  static void check(Dataset data, Path file, long largestIndexLine, TrainArgs train, DataArgs args) {
    long d = data.dimension();
    long rows = train.multiclass == null ? 1 : data.labels().size();
    // Averaged keeps a double sum next to each float weight; pocket keeps a second vector; voted
    // scores with a d-long array and a row pointer per feature for its mistakes' transpose.
    long perWeight = train.algorithm == Algorithm.AVERAGED || train.algorithm == Algorithm.VOTED ? 12
        : train.algorithm == Algorithm.POCKET ? 8 : 4;
    long bytes = d * rows * perWeight;
    Runtime rt = Runtime.getRuntime();
    long left = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
    String where = "the largest feature index, " + d + (largestIndexLine > 0 ? " on line " + largestIndexLine : "");
    if (bytes > left) {
      throw new UsageException(file + ": " + where + ", makes a model of " + d + " features" + (rows > 1 ? " x "
          + rows + " classes" : "") + ": about " + human(bytes) + " to train, more than the " + human(left)
          + " of heap left; check that index, or give Java more heap (JAVA_OPTS=-Xmx...)");
    }
    if (bytes >= WARN_BYTES && data.isSparse()) {
      long next = secondLargestIndex(data, d - 1) + 1;
      if (d > 16 * next) {
        args.warn(file + ": " + where + ", is more than 16 times the next largest (" + next + ") and alone makes"
            + " the model " + human(bytes) + " instead of " + human(next * rows * perWeight)
            + "; if it is a mistake, fix that line");
      }
    }
  }

  /** The largest index below {@code max} in the data, or -1. */
  private static long secondLargestIndex(Dataset data, long max) {
    long second = -1;
    for (int i : DataAccess.indices(data)) {
      if (i < max && i > second) {
        second = i;
      }
    }
    return second;
  }

  static String human(long bytes) {
    if (bytes >= 1L << 30) {
      return String.format(Locale.ROOT, "%.1f GB", bytes / (double) (1L << 30));
    }
    if (bytes >= 1L << 20) {
      return String.format(Locale.ROOT, "%.1f MB", bytes / (double) (1L << 20));
    }
    if (bytes >= 1L << 10) {
      return String.format(Locale.ROOT, "%.1f KB", bytes / 1024.0);
    }
    return bytes + " bytes";
  }
}
