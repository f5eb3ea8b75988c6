package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.DenseDataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.data.SparseDataset;
import java.util.Objects;
import java.util.Random;

/**
 * Learns one example, or one pass over a dataset, at a time, like scikit-learn's
 * {@code partial_fit}, and can continue from a trained model (warm start). Supports
 * {@link Algorithm#PERCEPTRON}, {@link Algorithm#MARGIN}, {@link Algorithm#AVERAGED} and
 * {@link Algorithm#VOTED}; PLA and pocket need the whole training set and are refused.
 *
 * <p>Every input is validated before the state changes, so a call that throws leaves the learner
 * as it was. Not thread-safe.
 */
public final class OnlineLearner {
  private final BinaryRule rule;
  private final Labels labels;
  private final int dimension;
  private final TrainingOptions options;
  private final SeededRandom rnd;
  private long visits;
  private long mistakes;

  private OnlineLearner(Algorithm algorithm, int dimension, Labels labels, TrainingOptions options,
      LinearModel warm) {
    Objects.requireNonNull(algorithm, "algorithm");
    Objects.requireNonNull(options, "options");
    if (!algorithm.online()) {
      throw new IllegalArgumentException(algorithm + " needs the whole training set; use BinaryLearner.fit");
    }
    if (dimension < 1) {
      throw new IllegalArgumentException("dimension must be >= 1, got " + dimension);
    }
    if (labels.size() > 2) {
      throw new IllegalArgumentException("a binary learner needs at most 2 classes, got " + labels);
    }
    this.rule = BinaryLearner.rule(algorithm, dimension, options, labels, warm);
    this.labels = labels;
    this.dimension = dimension;
    this.options = options;
    this.rnd = new SeededRandom(options.seed());
  }

  /**
   * A learner from zero weights for the given classes (two names; the first is the negative
   * class, e.g. {@code Labels.of(List.of("-1", "1"))}).
   */
  public static OnlineLearner create(Algorithm algorithm, int dimension, Labels labels, TrainingOptions options) {
    Objects.requireNonNull(labels, "labels");
    return new OnlineLearner(algorithm, dimension, labels, options, null);
  }

  /** A learner that continues from a trained model's weights, bias and classes. The model is not modified. */
  public static OnlineLearner warmStart(Algorithm algorithm, LinearModel model, TrainingOptions options) {
    Objects.requireNonNull(model, "model");
    return new OnlineLearner(algorithm, model.dimension(), model.labels(), options, model);
  }

  /** Learns one dense example with a numeric label; returns whether the weights changed. x is not modified. */
  public boolean learn(float[] x, double label) {
    return learn(x, Labels.canonical(label));
  }

  /** Learns one dense example with a class name; returns whether the weights changed. */
  public boolean learn(float[] x, String label) {
    int k = classIndex(label);
    Dataset one = DenseDataset.builder(dimension).add(x, label).build();
    return visit(one.withLabels(labels, new int[] {k}));
  }

  /**
   * Learns one sparse example (indices strictly increasing in [0, dimension), values null for
   * binary); returns whether the weights changed. Not modified.
   */
  public boolean learn(int[] indices, float[] values, double label) {
    String name = Labels.canonical(label);
    int k = classIndex(name);
    SparseDataset.Builder b = SparseDataset.builder(dimension);
    if (values == null) {
      b.add(indices, null, name);
    } else {
      b.add(indices, values, name);
    }
    return visit(b.build().withLabels(labels, new int[] {k}));
  }

  private boolean visit(Dataset one) {
    int outcome = rule.visit(one, 0);
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
    FitResult<BinaryModel> r = Trainer.run(rule, relabel(labels, data), null, options, 1, rnd, false);
    visits += r.report().visits();
    mistakes += r.report().mistakes();
    return r.report();
  }

  /** data with its class indices mapped to the learner's classes; every class of data must be one of them. */
  static Dataset relabel(Labels labels, Dataset data) {
    int[] toLearner = new int[data.labels().size()];
    for (int k = 0; k < toLearner.length; k++) {
      toLearner[k] = classIndex(labels, data.labels().name(k));
    }
    int[] classes = new int[data.size()];
    for (int i = 0; i < classes.length; i++) {
      classes[i] = toLearner[data.classOf(i)];
    }
    return data.withLabels(labels, classes);
  }

  private int classIndex(String label) {
    return classIndex(labels, label);
  }

  /** The index of a class name (numeric names in any spelling, e.g. "1.0" for "1"); throws when absent. */
  static int classIndex(Labels labels, String label) {
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

  /** The current model (a snapshot). */
  public BinaryModel model() {
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
