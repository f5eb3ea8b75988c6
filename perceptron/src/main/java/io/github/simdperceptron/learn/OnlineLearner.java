package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.DenseDataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.data.SparseDataset;
import java.util.Objects;
import java.util.stream.IntStream;

/**
 * Learns one example, or one pass over a dataset, at a time, like scikit-learn's
 * {@code partial_fit}, from zero or from a trained model (warm start): a binary learner
 * ({@link #binary}) or the multi-class perceptron ({@link #multiclass}). Both learn as the batch
 * learners do (docs/learners.md): k calls of {@link #partialFit} equal a fit of k epochs with the
 * same options when that fit does not stop early. The options' bias, shuffle, seed, tau, vote cap
 * and prefetch apply; epochs and early stopping do not. The classes are fixed when the learner is
 * made; a label outside them is refused.
 *
 * <pre>{@code
 * OnlineLearner<MulticlassModel> learner = OnlineLearner.multiclass(Algorithm.AVERAGED, d, labels, options);
 * learner.learn(x, "cat");
 * String label = learner.model().predict(x);
 * }</pre>
 *
 * <p>Every input is validated before the state changes, so a call that throws leaves the learner
 * as it was. Not thread-safe.
 */
public final class OnlineLearner<M extends Model> {
  private final UpdateRule<M> rule;
  private final Labels labels;
  private final int dimension;
  private final TrainingOptions options;
  private final SeededRandom rnd;
  private long visits;
  private long mistakes;

  private OnlineLearner(UpdateRule<M> rule, int dimension, Labels labels, TrainingOptions options) {
    this.rule = rule;
    this.labels = labels;
    this.dimension = dimension;
    this.options = options;
    this.rnd = new SeededRandom(options.seed());
  }

  /**
   * A binary learner from zero weights for the given classes (at most two names; the first is the
   * negative class, e.g. {@code Labels.of(List.of("-1", "1"))}). Throws {@link OptionException}
   * for an algorithm that needs the whole training set (PLA, pocket).
   */
  public static OnlineLearner<BinaryModel> binary(Algorithm algorithm, int dimension, Labels labels,
      TrainingOptions options) {
    return binary(algorithm, dimension, labels, options, null);
  }

  /** A binary learner that continues from a trained model's weights, bias and classes. The model is not modified. */
  public static OnlineLearner<BinaryModel> binary(Algorithm algorithm, LinearModel warmStart, TrainingOptions options) {
    Objects.requireNonNull(warmStart, "warmStart");
    return binary(algorithm, warmStart.dimension(), warmStart.labels(), options, warmStart);
  }

  private static OnlineLearner<BinaryModel> binary(Algorithm algorithm, int dimension, Labels labels,
      TrainingOptions options, LinearModel warm) {
    check(algorithm, dimension, labels, options);
    algorithm.require(Algorithm::online, "of an online learner must be ",
        " (the others need the whole training set; use BinaryLearner.fit)");
    if (labels.size() > 2) {
      throw new IllegalArgumentException("a binary learner needs at most 2 classes, got " + labels);
    }
    return new OnlineLearner<>(BinaryLearner.rule(algorithm, dimension, options, labels, warm), dimension, labels,
        options);
  }

  /**
   * The multi-class perceptron from zero weights, {@link Algorithm#PERCEPTRON} or
   * {@link Algorithm#AVERAGED}, for the given classes (e.g. {@code Labels.of(List.of("cat", "dog",
   * "fish"))}). Throws {@link OptionException} for another algorithm.
   */
  public static OnlineLearner<MulticlassModel> multiclass(Algorithm algorithm, int dimension, Labels labels,
      TrainingOptions options) {
    return multiclass(algorithm, dimension, labels, options, null);
  }

  /**
   * The multi-class perceptron continuing from a trained model's weight rows, biases and classes.
   * The averaged learner starts its running average afresh, so after one {@link #partialFit} its
   * model is the average of the weights over that epoch's visits (w_0 = the model's). With the
   * options' bias off the biases start at zero. The model is not modified.
   */
  public static OnlineLearner<MulticlassModel> multiclass(Algorithm algorithm, MulticlassModel warmStart,
      TrainingOptions options) {
    Objects.requireNonNull(warmStart, "warmStart");
    return multiclass(algorithm, warmStart.dimension(), warmStart.labels(), options, warmStart);
  }

  private static OnlineLearner<MulticlassModel> multiclass(Algorithm algorithm, int dimension, Labels labels,
      TrainingOptions options, MulticlassModel warm) {
    check(algorithm, dimension, labels, options);
    return new OnlineLearner<>(MulticlassLearner.rule(algorithm, dimension, options, labels, warm), dimension,
        labels, options);
  }

  private static void check(Algorithm algorithm, int dimension, Labels labels, TrainingOptions options) {
    Objects.requireNonNull(algorithm, "algorithm");
    Objects.requireNonNull(labels, "labels");
    Objects.requireNonNull(options, "options");
    if (dimension < 1) {
      throw new IllegalArgumentException("dimension must be >= 1, got " + dimension);
    }
  }

  /** Learns one dense example with a numeric label; returns whether the weights changed. x is not modified. */
  public boolean learn(float[] x, double label) {
    return learn(x, Labels.canonical(label));
  }

  /** Learns one dense example with a class name; returns whether the weights changed. x is not modified. */
  public boolean learn(float[] x, String label) {
    int k = classIndex(labels, label);
    return visit(DenseDataset.builder(dimension).add(x, label).build(), k);
  }

  /** Learns one sparse example with a numeric label; see {@link #learn(int[], float[], String)}. */
  public boolean learn(int[] indices, float[] values, double label) {
    return learn(indices, values, Labels.canonical(label));
  }

  /**
   * Learns one sparse example (indices strictly increasing in [0, dimension), values null for
   * binary) with a class name; returns whether the weights changed. Not modified.
   */
  public boolean learn(int[] indices, float[] values, String label) {
    int k = classIndex(labels, label);
    return visit(SparseDataset.builder(dimension).add(indices, values, label).build(), k);
  }

  private boolean visit(Dataset one, int k) {
    int outcome = rule.visit(one.withLabels(labels, new int[] {k}), 0);
    if ((outcome & UpdateRule.STOP) != 0) {
      throw new IllegalStateException("the voted perceptron reached its cap of " + options.voteCap() + " vectors");
    }
    visits++;
    if ((outcome & UpdateRule.MISTAKE) != 0) {
      mistakes++;
    }
    return (outcome & UpdateRule.UPDATED) != 0;
  }

  /**
   * One epoch over data (shuffled when the options say so, from this learner's own seeded
   * stream); its classes must be among the learner's. Returns that epoch's report.
   */
  public TrainingReport partialFit(Dataset data) {
    Objects.requireNonNull(data, "data");
    if (data.dimension() != dimension) {
      throw new IllegalArgumentException("the data has dimension " + data.dimension() + ", the learner " + dimension);
    }
    TrainingReport r = Trainer.run(rule, relabel(labels, data), null, options, 1, rnd).report();
    visits += r.visits();
    mistakes += r.mistakes();
    return r;
  }

  /** data with its class indices mapped to the learner's classes; every class of data must be one of them. */
  private static Dataset relabel(Labels labels, Dataset data) {
    int[] toLearner = data.labels().names().stream().mapToInt(name -> classIndex(labels, name)).toArray();
    return data.withLabels(labels, IntStream.range(0, data.size()).map(i -> toLearner[data.classOf(i)]).toArray());
  }

  /** The index of a class name (numeric names in any spelling, e.g. "1.0" for "1"); throws when absent. */
  private static int classIndex(Labels labels, String label) {
    Objects.requireNonNull(label, "label");
    int k = labels.indexOf(label);
    if (k < 0 && labels.numeric()) {
      try {
        k = labels.indexOf(Labels.canonical(Double.parseDouble(label)));
      } catch (NumberFormatException e) {
        k = -1;
      }
    }
    if (k < 0) {
      throw new IllegalArgumentException("label '" + label + "' is not one of the learner's classes " + labels);
    }
    return k;
  }

  /** The current model (a snapshot: later calls do not change it). */
  public M model() {
    return rule.model();
  }

  /** Examples visited so far. */
  public long visits() {
    return visits;
  }

  /** Mistakes made so far. */
  public long mistakes() {
    return mistakes;
  }
}
