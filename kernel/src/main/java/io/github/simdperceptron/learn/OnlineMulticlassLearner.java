package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.DenseDataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.data.SparseDataset;
import java.util.Objects;
import java.util.Random;

/**
 * The multi-class perceptron (plain or averaged) one example, or one pass over a dataset, at a
 * time, like {@link OnlineLearner} for the binary learners. The classes are fixed when the
 * learner is made; a label outside them is refused.
 *
 * <p>Every input is validated before the state changes, so a call that throws leaves the learner
 * as it was. Not thread-safe.
 */
public final class OnlineMulticlassLearner {
  private final MulticlassRule rule;
  private final Labels labels;
  private final int dimension;
  private final TrainingOptions options;
  private final SeededRandom rnd;
  private long visits;
  private long mistakes;

  private OnlineMulticlassLearner(MulticlassRule rule, int dimension, Labels labels, TrainingOptions options) {
    this.rule = rule;
    this.labels = labels;
    this.dimension = dimension;
    this.options = options;
    this.rnd = new SeededRandom(options.seed());
  }

  /**
   * A learner from zero weights: {@link Algorithm#PERCEPTRON} or {@link Algorithm#AVERAGED}, for
   * vectors of the given dimension and the given classes (e.g. {@code Labels.of(List.of("cat",
   * "dog", "fish"))}). The options' bias, shuffle and seed apply; epochs and early stopping do not.
   */
  public static OnlineMulticlassLearner create(Algorithm algorithm, int dimension, Labels labels,
      TrainingOptions options) {
    Objects.requireNonNull(algorithm, "algorithm");
    Objects.requireNonNull(labels, "labels");
    Objects.requireNonNull(options, "options");
    if (dimension < 1) {
      throw new IllegalArgumentException("dimension must be >= 1, got " + dimension);
    }
    return new OnlineMulticlassLearner(MulticlassLearner.rule(algorithm, dimension, options, labels), dimension,
        labels, options);
  }

  /**
   * A learner that continues from a trained model's weight rows, biases and classes:
   * {@link Algorithm#PERCEPTRON} or {@link Algorithm#AVERAGED}. The averaged learner starts its
   * running average afresh, so after one {@link #partialFit} its model is the average of the
   * weights over that epoch's visits (w_0 = the model's). With the options' bias off the biases
   * start at zero. The model is not modified.
   */
  public static OnlineMulticlassLearner warmStart(Algorithm algorithm, MulticlassModel model,
      TrainingOptions options) {
    Objects.requireNonNull(model, "model");
    OnlineMulticlassLearner learner = create(algorithm, model.dimension(), model.labels(), options);
    MulticlassRule rule = learner.rule;
    ClassWeights w = rule.weights;
    for (int c = 0; c < rule.k; c++) {
      float[] row = model.weights(c);
      for (int j = 0; j < w.d; j++) {
        w.w[j * w.kp + c] = row[j];
      }
    }
    if (options.bias()) {
      System.arraycopy(model.biases(), 0, rule.b, 0, rule.k);
    }
    return learner;
  }

  /** Learns one dense example with a numeric label; returns whether the weights changed. x is not modified. */
  public boolean learn(float[] x, double label) {
    return learn(x, Labels.canonical(label));
  }

  /** Learns one dense example with a class name; returns whether the weights changed. x is not modified. */
  public boolean learn(float[] x, String label) {
    int k = OnlineLearner.classIndex(labels, label);
    Dataset one = DenseDataset.builder(dimension).add(x, label).build();
    return visit(one.withLabels(labels, new int[] {k}));
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
    int k = OnlineLearner.classIndex(labels, label);
    SparseDataset.Builder b = SparseDataset.builder(dimension);
    if (values == null) {
      b.add(indices, null, label);
    } else {
      b.add(indices, values, label);
    }
    return visit(b.build().withLabels(labels, new int[] {k}));
  }

  private boolean visit(Dataset one) {
    int outcome = rule.visit(one, 0);
    visits++;
    if ((outcome & UpdateRule.MISTAKE) != 0) {
      mistakes++;
    }
    return (outcome & UpdateRule.UPDATED) != 0;
  }

  /**
   * One epoch over data (shuffled when the options say so, from this learner's own seeded stream);
   * its classes must be among the learner's. Returns that epoch's report.
   */
  public TrainingReport partialFit(Dataset data) {
    Objects.requireNonNull(data, "data");
    if (data.dimension() != dimension) {
      throw new IllegalArgumentException("the data has dimension " + data.dimension() + ", the learner " + dimension);
    }
    FitResult<MulticlassModel> r =
        Trainer.run(rule, OnlineLearner.relabel(labels, data), null, options, 1, rnd, false);
    visits += r.report().visits();
    mistakes += r.report().mistakes();
    return r.report();
  }

  /** The current model (a snapshot). */
  public MulticlassModel model() {
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
