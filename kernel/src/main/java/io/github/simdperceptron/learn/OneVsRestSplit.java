package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.kernel.internal.ClassScores;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * One-vs-rest with its classes split into contiguous parts trained at the same time, each by the
 * shared loop over the same seeded example order. The classes are independent, so every part's
 * rows are those of the whole run; the parts record the outcome of each visit, and the merge
 * rebuilds the whole run's report from them (a visit is a mistake or an update when it is one in
 * some part). The result equals the one-part run exactly, whatever the number of parts.
 */
final class OneVsRestSplit {
  /** Below about this many multiply-adds per epoch one core does the job faster than a fork. */
  static final long PARALLEL_THRESHOLD = 1L << 24;
  /**
   * A part needs this many classes. Each part fetches every example again, so the split pays only
   * when a part's arithmetic per non-zero is smaller than the whole run's (fewer padded class
   * lanes) and the cores are free; on a machine whose other core is busy the split loses:
   * {@link TrainingOptions#withThreads} caps it.
   */
  static final int MIN_CLASSES_PER_PART = 5;

  private OneVsRestSplit() {}

  /**
   * How many parts to train at once on this JVM's processors; see the next method.
   */
  static int parts(Dataset data, TrainingOptions options) {
    return parts(data, options, Runtime.getRuntime().availableProcessors());
  }

  /**
   * How many parts to train at once: one when the work is small, when there are fewer than
   * {@code 2 * MIN_CLASSES_PER_PART} classes, when a part's classes would pad to as many vector
   * lanes as all K (the part would repeat the whole arithmetic), or when the loop must see the whole model after
   * every epoch (early stopping, a progress listener); else one per processor, at most
   * {@link TrainingOptions#threads()} when that is not 0, each of at least
   * {@code MIN_CLASSES_PER_PART} classes. With {@link TrainingOptions#prefetch()} every part
   * brings its prefetch thread, so a part counts as two threads (two processors: one part).
   */
  static int parts(Dataset data, TrainingOptions options, int processors) {
    int k = data.labels().size();
    int threads = options.threadBudget(processors);
    int parts = Math.min(k / MIN_CLASSES_PER_PART, options.prefetch() ? threads / 2 : threads);
    if (parts < 2 || options.validationFraction() > 0 || options.progress() != null) {
      return 1;
    }
    // A part scores whole vectors of classes: when its classes pad to as many lanes as all K, it
    // would do the whole run's arithmetic again (e.g. 10 classes in 16-lane vectors).
    while (parts >= 2 && ClassScores.paddedClasses((k + parts - 1) / parts) >= ClassScores.paddedClasses(k)) {
      parts--;
    }
    if (parts < 2) {
      return 1;
    }
    long nonZeros = 0;
    for (int i = 0; i < data.size(); i++) {
      nonZeros += data.nonZeros(i);
    }
    return nonZeros * k < PARALLEL_THRESHOLD ? 1 : parts;
  }

  static OneVsRestRule rule(Algorithm algorithm, int dimension, TrainingOptions options, Labels labels, int first,
      int count) {
    switch (algorithm) {
      case PERCEPTRON:
      case PLA:
      case MARGIN:
        return new OneVsRestRule(algorithm, dimension, options.bias(), options.tau(), labels, first, count,
            options.shuffle());
      case AVERAGED:
        return new OneVsRestRule.Averaged(dimension, options.bias(), labels, first, count);
      case POCKET:
        return new OneVsRestRule.Pocket(dimension, options.bias(), labels, first, count);
      default:
        throw unsupported(algorithm);
    }
  }

  /** Throws {@link IllegalArgumentException} for an algorithm one-vs-rest does not run. */
  static void checkSupported(Algorithm algorithm) {
    if (!algorithm.oneVsRest()) {
      throw unsupported(algorithm);
    }
  }

  private static IllegalArgumentException unsupported(Algorithm algorithm) {
    return new IllegalArgumentException("one-vs-rest supports PERCEPTRON, PLA, MARGIN, AVERAGED and POCKET, not "
        + algorithm + ": a voted learner per class is not one weight row; AVERAGED is its linear counterpart");
  }

  /** Trains in the given number of parts (1 to K); see the class comment. */
  static FitResult<MulticlassModel> fit(Algorithm algorithm, Dataset data, TrainingOptions options, int parts) {
    Labels labels = data.labels();
    int k = labels.size();
    boolean pla = algorithm == Algorithm.PLA;
    if (parts == 1) {
      OneVsRestRule rule = rule(algorithm, data.dimension(), options, labels, 0, k);
      FitResult<MulticlassModel> r = Trainer.fit(rule, data, options, pla);
      return new FitResult<>(r.model(),
          r.report().withClassCounts(rule.classMistakesPerEpoch(), rule.classUpdatesPerEpoch()), options);
    }
    OneVsRestRule[] rules = new OneVsRestRule[parts];
    for (int p = 0; p < parts; p++) {
      int first = (int) ((long) k * p / parts);
      int end = (int) ((long) k * (p + 1) / parts);
      rules[p] = rule(algorithm, data.dimension(), options, labels, first, end - first);
    }
    long start = System.nanoTime();
    List<FitResult<MulticlassModel>> results = IntStream.range(0, parts).parallel()
        .mapToObj(p -> Trainer.fit(rules[p], data, options, pla)).collect(Collectors.toList());
    double seconds = (System.nanoTime() - start) / 1e9;
    return merge(rules, results, data, options, seconds);
  }

  private static FitResult<MulticlassModel> merge(OneVsRestRule[] rules, List<FitResult<MulticlassModel>> results,
      Dataset data, TrainingOptions options, double seconds) {
    int d = data.dimension();
    int k = data.labels().size();
    float[] w = new float[k * d];
    float[] b = new float[k];
    int epochs = 0;
    for (int p = 0; p < rules.length; p++) {
      MulticlassModel part = results.get(p).model();
      for (int c = 0; c < rules[p].k; c++) {
        System.arraycopy(part.weights(c), 0, w, (rules[p].first + c) * d, d);
        b[rules[p].first + c] = part.biases()[c];
      }
      epochs = Math.max(epochs, results.get(p).report().epochs());
    }
    int[] mistakes = new int[epochs];
    int[] updates = new int[epochs];
    Trainer.IntList log = new Trainer.IntList();
    long visits = 0;
    for (int e = 0; e < epochs; e++) {
      int length = 0;
      for (OneVsRestRule r : rules) {
        if (e < r.visitedPerEpoch.size()) {
          length = Math.max(length, r.visitedPerEpoch.get(e).length);
        }
      }
      visits += length;
      for (int t = 0; t < length; t++) {
        int outcome = 0;
        int example = -1;
        for (OneVsRestRule r : rules) {
          if (e < r.visitedPerEpoch.size() && t < r.visitedPerEpoch.get(e).length) {
            outcome |= r.outcomesPerEpoch.get(e)[t];
            example = r.visitedPerEpoch.get(e)[t];
          }
        }
        if ((outcome & UpdateRule.MISTAKE) != 0) {
          mistakes[e]++;
        }
        if ((outcome & UpdateRule.UPDATED) != 0) {
          updates[e]++;
          if (options.recordUpdates()) {
            log.add(example);
          }
        }
      }
    }
    boolean converged = true;
    boolean halted = true;
    int[][] classMistakes = new int[k][];
    int[][] classUpdates = new int[k][];
    for (int p = 0; p < rules.length; p++) {
      TrainingReport r = results.get(p).report();
      if (r.epochs() == epochs) {
        converged &= r.converged();
      }
      halted &= r.halted();
      int[][] m = rules[p].classMistakesPerEpoch();
      int[][] u = rules[p].classUpdatesPerEpoch();
      for (int c = 0; c < rules[p].k; c++) {
        classMistakes[rules[p].first + c] = Arrays.copyOf(m[c], epochs);
        classUpdates[rules[p].first + c] = Arrays.copyOf(u[c], epochs);
      }
    }
    MulticlassModel model = MulticlassModel.wrap(w, b, data.labels());
    TrainingReport report = new TrainingReport(rules[0].name(), mistakes, updates, new double[0], converged, halted,
        false, false, 0, PostFitFigures.of(model, data, options.bias(), true), seconds, visits, log.toArray());
    return new FitResult<>(model, report.withClassCounts(classMistakes, classUpdates), options);
  }
}
