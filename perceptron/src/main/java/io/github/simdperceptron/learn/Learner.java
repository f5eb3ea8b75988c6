package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.learn.internal.SeededRandom;
import io.github.simdperceptron.learn.internal.TrainingLoop;
import java.util.Objects;
import java.util.stream.IntStream;

/**
 * Every way to train a perceptron: the batch fits (static; each returns a {@link FitResult}) and
 * the online learner (an instance: one example, or one pass over a dataset, at a time). The
 * algorithms and the one training loop they share are specified step by step in docs/learners.md.
 *
 * <pre>{@code
 * FitResult<BinaryModel> r = Learner.fit(Algorithm.AVERAGED, data, options);          // binary
 * FitResult<MulticlassModel> m = Learner.fitMulticlass(Algorithm.AVERAGED, data, options);
 * FitResult<MulticlassModel> o = Learner.fitOneVsRest(Algorithm.POCKET, data, options);
 * Learner<MulticlassModel> online = Learner.multiclass(Algorithm.AVERAGED, d, labels, options);
 * online.learn(x, "cat");
 * String label = online.model().predict(x);
 * }</pre>
 *
 * <p>An online learner is made from zero or from a trained model (warm start): a binary learner
 * ({@link #binary}) or the multi-class perceptron ({@link #multiclass}), like scikit-learn's
 * {@code partial_fit}. It learns as the batch fits do: k calls of {@link #partialFit} equal a fit
 * of k epochs with the same options when that fit does not stop early. The options' bias, shuffle,
 * seed, tau, vote cap and prefetch apply; epochs and early stopping do not. The classes are fixed
 * when the learner is made; a label outside them is refused. Every input is validated before the
 * state changes, so a call that throws leaves the learner as it was. Not thread-safe.
 */
public final class Learner<M extends Model> {
  static {
    TrainingLoop.install(new LoopBridge());
  }

  private final UpdateRule<M> rule;
  private final Labels labels;
  private final int dimension;
  private final TrainingOptions options;
  private final SeededRandom rnd;
  private long visits;
  private long mistakes;

  private Learner(UpdateRule<M> rule, int dimension, Labels labels, TrainingOptions options) {
    this.rule = rule;
    this.labels = labels;
    this.dimension = dimension;
    this.options = options;
    this.rnd = new SeededRandom(options.seed());
  }

  /**
   * Trains a binary perceptron from zero weights. The model is a {@link LinearModel}, or a
   * {@link VotedModel} for {@link Algorithm#VOTED}. Throws {@link IllegalArgumentException} when
   * the data has more than two classes. Nothing passed in is modified.
   */
  public static FitResult<BinaryModel> fit(Algorithm algorithm, Dataset data, TrainingOptions options) {
    return fit(algorithm, data, options, null);
  }

  /**
   * Trains a binary perceptron starting from a model's weights and bias (warm start; null for
   * zero). The warm model is immutable, so a failed fit leaves it as it was. Its dimension and
   * classes must match the data's.
   */
  public static FitResult<BinaryModel> fit(Algorithm algorithm, Dataset data, TrainingOptions options,
      LinearModel warmStart) {
    Objects.requireNonNull(algorithm, "algorithm");
    Objects.requireNonNull(data, "data");
    Objects.requireNonNull(options, "options");
    Labels labels = data.labels();
    if (labels.size() > 2) {
      throw new IllegalArgumentException("a binary learner needs at most 2 classes, the data has "
          + labels.size() + ": " + labels + "; use a multi-class learner");
    }
    if (warmStart != null) {
      warmStart.checkDimension(data);
      if (!warmStart.labels().equals(labels)) {
        throw new IllegalArgumentException("the warm-start model's classes " + warmStart.labels()
            + " differ from the data's " + labels);
      }
    }
    return Trainer.fit(binaryRule(algorithm, data.dimension(), options, labels, warmStart), data, options);
  }

  /**
   * The multi-class perceptron (one weight row per class; on a mistake x is added to the true
   * class's row and subtracted from the predicted one's): {@link Algorithm#PERCEPTRON}, or
   * {@link Algorithm#AVERAGED} for its averaged form, or a passive-aggressive learner
   * ({@link Algorithm#PA}, {@link Algorithm#PA1}, {@link Algorithm#PA2}: on a loss
   * {@code 1 - (s_true - s_r) > 0}, with r the highest-scoring wrong class, the true row gains
   * {@code tau x} and row r loses it; docs/learners.md) ({@link Algorithm#multiclass()}). Other
   * algorithms throw an {@link IllegalArgumentException} naming the option. Class values are
   * whatever the dataset holds (numbers or strings); the model keeps them. Nothing passed in is
   * modified.
   */
  public static FitResult<MulticlassModel> fitMulticlass(Algorithm algorithm, Dataset data, TrainingOptions options) {
    Objects.requireNonNull(algorithm, "algorithm");
    Objects.requireNonNull(data, "data");
    Objects.requireNonNull(options, "options");
    return Trainer.fit(multiclassRule(algorithm, data.dimension(), options, data.labels(), null),
        ClassWeights.sparse(data), options);
  }

  /**
   * One-vs-rest: one binary learner of the given algorithm per class (class c against all others),
   * trained in one pass per example over the shared example order; prediction by the largest
   * score. Without early stopping, on integer-valued data, the model's row c and bias c equal bit
   * for bit those of {@code fit(algorithm, data relabelled c-vs-rest, options)}, and the report's
   * {@link TrainingReport#classMistakesPerEpoch()} row c that run's mistakes; on real-valued data
   * they agree unless an activation falls within rounding of the threshold. Takes the algorithms
   * with {@link Algorithm#oneVsRest()}; VOTED throws an {@link IllegalArgumentException} naming the
   * option. Nothing passed in is modified.
   */
  public static FitResult<MulticlassModel> fitOneVsRest(Algorithm algorithm, Dataset data, TrainingOptions options) {
    Objects.requireNonNull(algorithm, "algorithm");
    Objects.requireNonNull(data, "data");
    Objects.requireNonNull(options, "options");
    OneVsRestRule rule = OneVsRestRule.of(algorithm, data.dimension(), options, data.labels());
    return Trainer.fit(rule, ClassWeights.sparse(data), options);
  }

  /**
   * One-vs-rest on multi-label rows: class c's learner sees {@code y = +1} on every row whose
   * classes include c and {@code -1} on the others, all K in one pass as {@link #fitOneVsRest}.
   * {@code classesOf.apply(i)} gives row i's classes (indices into {@code data.labels()}, at least
   * one); it is called once per row. Takes the algorithms of {@link #fitOneVsRest} but POCKET, and
   * no validation split (its rows would be renumbered); an {@link IllegalArgumentException} names
   * the argument otherwise. Nothing passed in is modified.
   */
  public static FitResult<MulticlassModel> fitMultiLabel(Algorithm algorithm, Dataset data,
      java.util.function.IntFunction<int[]> classesOf, TrainingOptions options) {
    Objects.requireNonNull(algorithm, "algorithm");
    Objects.requireNonNull(data, "data");
    Objects.requireNonNull(classesOf, "classesOf");
    Objects.requireNonNull(options, "options");
    int n = data.size();
    int[] labelPtr = new int[n + 1];
    int[] labelClasses = new int[n];
    int at = 0;
    for (int i = 0; i < n; i++) {
      int[] cs = Objects.requireNonNull(classesOf.apply(i), "classesOf");
      if (cs.length == 0) {
        throw new IllegalArgumentException("classesOf: row " + i + " has no class");
      }
      if (at + cs.length > labelClasses.length) {
        labelClasses = java.util.Arrays.copyOf(labelClasses, Math.max(at + cs.length, 2 * labelClasses.length));
      }
      for (int c : cs) {
        if (c < 0 || c >= data.labels().size()) {
          throw new IllegalArgumentException("classesOf: row " + i + ": class " + c + " is not in [0, "
              + data.labels().size() + ")");
        }
        labelClasses[at++] = c;
      }
      labelPtr[i + 1] = at;
    }
    if (options.validationFraction() > 0) {
      throw new IllegalArgumentException("options: early stopping (a validation split) is not available for"
          + " multi-label rows");
    }
    OneVsRestRule rule = OneVsRestRule.multiLabel(algorithm, data.dimension(), options, data.labels(), labelPtr,
        java.util.Arrays.copyOf(labelClasses, labelPtr[n]));
    return Trainer.fit(rule, ClassWeights.sparse(data), options);
  }

  static BinaryRule binaryRule(Algorithm algorithm, int d, TrainingOptions o, Labels labels,
      LinearModel warm) {
    return switch (algorithm) {
      case POCKET -> new PocketRule(d, o, labels, warm);
      case VOTED -> new VotedRule(d, o, labels, warm);
      case AVERAGED -> new AveragedRule(d, o, labels, warm);
      case PA, PA1, PA2 -> new PassiveAggressiveRule(algorithm, d, o, labels, warm);
      default -> new BinaryRule(algorithm, d, o, labels, warm);
    };
  }

  /** The direct multi-class rule of an algorithm; refuses an algorithm it has no form of. */
  static UpdateRule<MulticlassModel> multiclassRule(Algorithm algorithm, int dimension,
      TrainingOptions options, Labels labels, MulticlassModel warm) {
    algorithm.require(Algorithm::multiclass, "of the multi-class perceptron must be ",
        " (for another per class use fitOneVsRest)");
    if (algorithm.passiveAggressive()) {
      return new MulticlassPassiveAggressiveRule(algorithm, dimension, options, labels, warm);
    }
    return new MulticlassRule(dimension, options.bias(), labels, algorithm == Algorithm.AVERAGED, warm);
  }

  /**
   * A binary learner from zero weights for the given classes (at most two names; the first is the
   * negative class, e.g. {@code Labels.of(List.of("-1", "1"))}). Throws an
   * {@link IllegalArgumentException} naming the option for an algorithm that needs the whole
   * training set (PLA, pocket).
   */
  public static Learner<BinaryModel> binary(Algorithm algorithm, int dimension, Labels labels,
      TrainingOptions options) {
    return binary(algorithm, dimension, labels, options, null);
  }

  /** A binary learner that continues from a trained model's weights, bias and classes. The model is not modified. */
  public static Learner<BinaryModel> binary(Algorithm algorithm, LinearModel warmStart, TrainingOptions options) {
    Objects.requireNonNull(warmStart, "warmStart");
    return binary(algorithm, warmStart.dimension(), warmStart.labels(), options, warmStart);
  }

  private static Learner<BinaryModel> binary(Algorithm algorithm, int dimension, Labels labels,
      TrainingOptions options, LinearModel warm) {
    check(algorithm, dimension, labels, options);
    algorithm.require(Algorithm::online, "of an online learner must be ",
        " (the others need the whole training set; use Learner.fit)");
    if (labels.size() > 2) {
      throw new IllegalArgumentException("a binary learner needs at most 2 classes, got " + labels);
    }
    return new Learner<>(binaryRule(algorithm, dimension, options, labels, warm), dimension, labels,
        options);
  }

  /**
   * The multi-class perceptron from zero weights, {@link Algorithm#PERCEPTRON} or
   * {@link Algorithm#AVERAGED}, or a multi-class passive-aggressive learner ({@link #fitMulticlass}),
   * for the given classes (e.g. {@code Labels.of(List.of("cat", "dog", "fish"))}). Throws an {@link IllegalArgumentException} naming the option for another algorithm.
   */
  public static Learner<MulticlassModel> multiclass(Algorithm algorithm, int dimension, Labels labels,
      TrainingOptions options) {
    return multiclass(algorithm, dimension, labels, options, null);
  }

  /**
   * The multi-class perceptron continuing from a trained model's weight rows, biases and classes.
   * The averaged learner starts its running average afresh, so after one {@link #partialFit} its
   * model is the average of the weights over that epoch's visits (w_0 = the model's). With the
   * options' bias off the biases start at zero. The model is not modified.
   */
  public static Learner<MulticlassModel> multiclass(Algorithm algorithm, MulticlassModel warmStart,
      TrainingOptions options) {
    Objects.requireNonNull(warmStart, "warmStart");
    return multiclass(algorithm, warmStart.dimension(), warmStart.labels(), options, warmStart);
  }

  private static Learner<MulticlassModel> multiclass(Algorithm algorithm, int dimension, Labels labels,
      TrainingOptions options, MulticlassModel warm) {
    check(algorithm, dimension, labels, options);
    return new Learner<>(multiclassRule(algorithm, dimension, options, labels, warm), dimension,
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
    return visit(Dataset.builder(dimension).add(x, label).build(), k);
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
    return visit(Dataset.builder(dimension).add(indices, values, label).build(), k);
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
    TrainingReport r = Trainer.run(rule, relabel(labels, data), null, options, 1, rnd, false).report();
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
