package io.github.simdperceptron.learn.kernel;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.FitResult;
import io.github.simdperceptron.learn.TrainingOptions;
import io.github.simdperceptron.learn.internal.OptionException;
import io.github.simdperceptron.learn.internal.TrainingLoop;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Objects;

/**
 * A kernel perceptron's training that can be continued exactly: training E1 epochs, then E2 more
 * with {@link #train} on the same rows (also after {@link #writeTo} and {@link #readFrom}) gives
 * the model of one {@link KernelLearner} fit of E1 + E2 epochs, bit for bit, for every algorithm
 * and form the kernel learner trains (docs/online.md). What it keeps besides the epochs, the
 * example order's generator and the stopping: the support vectors and their current
 * coefficients and biases, the averaged forms' running sums and counter, the budget's removal
 * stream, the voted form's log, and the training engine's state (every training row's scores,
 * which rows have a cached kernel column, the updates not yet committed), so that the engine goes
 * on summing in the order the uninterrupted run sums. The cache's byte budget is fixed at the
 * first run (a quarter of that JVM's heap) and kept, so that the columns it holds are the same.
 *
 * <p>A run on other rows goes on from the model so far ({@link #train}): its support vectors are
 * held before the new rows, so that they keep scoring and the budget may remove them. The bits
 * are those of the same vector width (a file moved to a machine with other SIMD registers
 * continues, but not bit for bit). No validation split. Not thread-safe.
 */
public final class KernelTrainingState {
  final Algorithm algorithm;
  final boolean averagedForm;
  final KernelModel.Function kernel;
  final int budget;
  TrainingOptions options;
  final KernelSettings settings;
  TrainingLoop.Continuation loop;
  /** The rows of the last run as given: their fingerprint ({@link TrainingLoop#fingerprint}) and count. */
  long fingerprint;
  int rows;
  /** The training's classes (those of every run so far, in order of appearance) and dimension. */
  Labels labels;
  int trainingDimension;
  /** Support vectors of the runs on other rows before the last run's, held before its rows, or null for none. */
  Dataset prefixRows;
  /** The rule of the last run, or null when the state was read and the next run restores {@link #restored}. */
  private KernelRule rule;
  KernelRuleState restored;
  /** The rule's state for the file, taken once after a run. */
  private KernelRuleState captured;
  KernelModel model;
  String learner;

  KernelTrainingState(Algorithm algorithm, boolean averagedForm, KernelModel.Function kernel, int budget,
      TrainingOptions options, KernelSettings settings, TrainingLoop.Continuation loop) {
    this.algorithm = algorithm;
    this.averagedForm = averagedForm;
    this.kernel = kernel;
    this.budget = budget;
    this.options = options;
    this.settings = settings;
    this.loop = loop;
  }

  /**
   * A training not started yet of {@code algorithm} (its averaged form when {@code averagedForm}:
   * MARGIN, PA, PA1, PA2) with the kernel, the budget (0: none) and the options' seed, shuffle,
   * bias, tau and aggressiveness; the options' epochs count as none run. Throws
   * {@link OptionException} as {@link KernelLearner#fit} and {@link KernelLearner#fitAveraged} do,
   * and {@link IllegalArgumentException} for a validation split (early stopping returns the best
   * epoch's model, not the one training ends in).
   */
  public static KernelTrainingState start(Algorithm algorithm, boolean averagedForm, KernelModel.Function kernel,
      int budget, TrainingOptions options) {
    return start(algorithm, averagedForm, kernel, budget, options,
        KernelSettings.DEFAULT.cacheBytes(KernelSettings.DEFAULT.cacheBudget()));
  }

  /** {@link #start} with the engine sized by settings (a byte budget for the cache, not -1). */
  static KernelTrainingState start(Algorithm algorithm, boolean averagedForm, KernelModel.Function kernel,
      int budget, TrainingOptions options, KernelSettings settings) {
    Objects.requireNonNull(algorithm, "algorithm");
    Objects.requireNonNull(kernel, "kernel");
    Objects.requireNonNull(options, "options");
    if (options.validationFraction() > 0) {
      throw new IllegalArgumentException("options: a training with a validation split cannot be continued exactly"
          + " (early stopping returns the best epoch's model, not the one training ends in)");
    }
    if (averagedForm && !KernelModel.hasAveragedForm(algorithm)) {
      throw new OptionException("algorithm", algorithm, "of the averaged margin kernel learners must be MARGIN, PA,"
          + " PA1 or PA2 (AVERAGED is the averaged perceptron)");
    }
    KernelTrainingState s = new KernelTrainingState(algorithm, averagedForm, kernel, budget,
        options.toBuilder().maxEpochs(1).build(), settings, new TrainingLoop.Continuation(options.seed()));
    KernelLearner.check(algorithm, budget);
    return s;
  }

  /**
   * Runs up to {@code epochs} more epochs on data, as one fit that had not stopped would go on
   * (none once the learner has stopped: an epoch without an update), and returns that run's model
   * and report; this state then stands for the training so far. On the last run's rows (a
   * fingerprint of the rows and their classes tells) the training goes on exactly. On other rows
   * it goes on from the model so far: the support vectors are kept, with their coefficients,
   * sums and counter, before the new rows; every new row's scores start as they give them; the
   * classes are merged (new ones appended; a binary model's are fixed) and the dimension is the
   * larger; the learner learns again, and the example order's generator goes on. Nothing passed
   * in is modified.
   */
  public FitResult<KernelModel> train(Dataset data, int epochs) {
    Objects.requireNonNull(data, "data");
    if (epochs < 1) {
      throw new IllegalArgumentException("epochs must be >= 1, got " + epochs);
    }
    if (data.size() == 0) {
      throw new IllegalArgumentException("data: no examples");
    }
    long print = TrainingLoop.fingerprint(data);
    boolean first = rule == null && restored == null;
    Dataset visits;
    if (first) {
      labels = data.labels();
      trainingDimension = data.dimension();
      visits = data;
      rule = newRule(data);
      options = options.toBuilder().maxEpochs(epochs).build();
    } else {
      if (sameRows(data, print)) {
        visits = TrainingRowSets.view(data, labels, trainingDimension);
        if (restored != null) {
          KernelRule fresh = newRule(visits);
          Dataset all = prefixRows == null ? visits : TrainingRowSets.combine(prefixRows, visits, trainingDimension);
          fresh.restore(all, visits, restored.prefix, restored);
          rule = fresh;
          restored = null;
        } else {
          rule.continueOn(visits);
        }
      } else {
        visits = otherRows(data);
      }
      options = options.toBuilder().maxEpochs(options.maxEpochs() + epochs).build();
    }
    fingerprint = print;
    rows = data.size();
    captured = null;
    FitResult<KernelModel> fit = TrainingLoop.resume(rule, visits, options, epochs, loop);
    model = fit.model();
    learner = fit.report().algorithm();
    return fit;
  }

  /** Whether data has the last run's rows and classes, in order (the fingerprint tells). */
  private boolean sameRows(Dataset data, long print) {
    return data.size() == rows && print == fingerprint;
  }

  /**
   * Goes on with other rows: the training's support vectors so far, then data's rows (the
   * classes merged, new ones after the known, the dimension the larger), the coefficients, sums,
   * counter, budget stream and voted log carried over; every row's scores computed from the
   * support vectors; the example order's generator going on, and the learner learning again.
   * Returns the rows the loop visits.
   */
  private Dataset otherRows(Dataset data) {
    KernelRuleState was = ruleState();
    java.util.List<String> names = new java.util.ArrayList<>(labels.names());
    for (String name : data.labels().names()) {
      if (!names.contains(name)) {
        names.add(name);
      }
    }
    int kBefore = KernelModel.classes(labels);
    if (kBefore == 1 && names.size() > 2) {
      throw new IllegalArgumentException("data: classes " + data.labels().names() + ": a binary kernel model's classes"
          + " are fixed (" + labels.names() + ")");
    }
    Labels merged = Labels.of(names);
    int k = KernelModel.classes(merged);
    int d = Math.max(trainingDimension, data.dimension());
    Dataset visits = TrainingRowSets.view(data, merged, d);
    int m = model.size();
    Dataset support = m == 0 ? null : model.supportVectors();
    Dataset all = m == 0 ? visits : TrainingRowSets.combine(support, visits, d);
    KernelRuleState s = new KernelRuleState();
    s.k = k;
    s.svRows = java.util.stream.IntStream.range(0, m).toArray();
    s.alpha = widen(was.alpha, m, kBefore, k);
    s.alphaSums = was.alphaSums == null ? null : widen(was.alphaSums, m, kBefore, k);
    s.biases = java.util.Arrays.copyOf(was.biases, k);
    s.biasSums = java.util.Arrays.copyOf(was.biasSums, k);
    s.counter = was.counter;
    s.removalState = was.removalState;
    s.voteSlots = was.voteSlots;
    s.votePlus = was.votePlus;
    s.voteMinus = was.voteMinus;
    s.voteCounts = was.voteCounts;
    KernelRule fresh = newRule(all);
    fresh.warmStart(all, visits, s);
    rule = fresh;
    restored = null;
    labels = merged;
    trainingDimension = d;
    prefixRows = support;
    loop = new TrainingLoop.Continuation(loop.generator(), (byte) 0, 0, loop.epochs());
    return visits;
  }

  /** m slots of kBefore values each as slots of k (the new classes' at zero). */
  private static float[] widen(float[] v, int m, int kBefore, int k) {
    float[] out = new float[m * k];
    for (int slot = 0; slot < m; slot++) {
      System.arraycopy(v, slot * kBefore, out, slot * k, kBefore);
    }
    return out;
  }

  private static double[] widen(double[] v, int m, int kBefore, int k) {
    double[] out = new double[m * k];
    for (int slot = 0; slot < m; slot++) {
      System.arraycopy(v, slot * kBefore, out, slot * k, kBefore);
    }
    return out;
  }

  private KernelRule newRule(Dataset data) {
    return averagedForm ? KernelLearner.averagedRule(algorithm, kernel, budget, data, options, settings)
        : KernelLearner.rule(algorithm, kernel, budget, data, options, settings);
  }

  /** The model so far; null before the first run. */
  public KernelModel model() {
    return model;
  }

  /**
   * The learner as the training report names it ({@link io.github.simdperceptron.learn.TrainingReport#algorithm()},
   * e.g. {@code KERNEL(AVERAGED, rbf(gamma=0.5))}); null before the first run.
   */
  public String learner() {
    return learner;
  }

  /** The epochs run so far. */
  public int epochs() {
    return loop.epochs();
  }

  /** The options of the training so far: their epochs are the sum of the epochs every run was given. */
  public TrainingOptions options() {
    return options;
  }

  /** The budget of support vectors (0: none). */
  public int budget() {
    return budget;
  }

  /** The rule's state as the file holds it: the last run's, taken once. */
  KernelRuleState ruleState() {
    if (restored != null) {
      return restored;
    }
    if (captured == null) {
      captured = rule.capture();
    }
    return captured;
  }

  /**
   * Writes the state (not the model, its labels or its options, which the model file holds) as
   * docs/training-state.md lays it out. Throws {@link IllegalStateException} before the first run.
   */
  public void writeTo(DataOutput out) throws IOException {
    KernelTrainingStateFormat.write(this, out);
  }

  /** The number of bytes {@link #writeTo} writes. */
  public long bytes() throws IOException {
    return KernelTrainingStateFormat.bytes(this);
  }

  /**
   * Reads a state of {@code length} bytes that {@link #writeTo} wrote for {@code model}, trained as
   * {@code learner} with {@code options} (the model file's; its aggressiveness is the state's).
   * Every count and value is checked against the model and the bytes; an
   * {@link IllegalArgumentException} says which is wrong.
   */
  public static KernelTrainingState readFrom(DataInput in, int length, KernelModel model, String learner,
      TrainingOptions options) throws IOException {
    return KernelTrainingStateFormat.read(in, length, model, learner, options);
  }
}
