package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.io.internal.FormatException;
import io.github.simdperceptron.learn.internal.SeededRandom;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.stream.IntStream;

/**
 * A linear learner's training that can be continued exactly: the model, and everything the one
 * training loop keeps between epochs. Training E1 epochs, then E2 more with {@link #train} (on the
 * same data, also after {@link #writeTo} and {@link #readFrom}) gives the model of one run of
 * E1 + E2 epochs, bit for bit (docs/online.md). What it keeps: the epochs run, the state of the
 * generator that shuffles the examples, each learner's stopping status and its run of visits
 * without an update (cyclic PLA), the current weight rows and biases (the pocket's and the
 * averaged model's are not the current ones), and the averaged learners' counters and running
 * sums u, beta (CIML Algorithm 7). The pocket is the model's rows; its errors are counted again
 * on the data of the next run. Learners: binary PERCEPTRON, PLA, POCKET, AVERAGED, MARGIN;
 * one-vs-rest of each (not VOTED); the multi-class PERCEPTRON and AVERAGED; binary VOTED, whose
 * record (the voted model) goes on, its stored rows referring to the data rows they were taken
 * from. No validation split (early stopping returns the best epoch's model, not the one training
 * ends in).
 *
 * <p>A next run may bring data of a larger dimension (the new features' weights start at zero)
 * and, for a multi-class learner, new classes (appended after the known ones, their rows at zero,
 * their learners fresh). Not thread-safe. Its bytes in a model file are {@link TrainingStateFormat}'s.
 */
public final class TrainingState {
  /** The form of the learner: one binary learner, one per class against the rest, or the multi-class perceptron. */
  public enum Form { BINARY, ONE_VS_REST, MULTICLASS }

  final Form form;
  final Algorithm algorithm;
  TrainingOptions options;
  Labels labels;
  int dimension;
  int epochs;
  long generator;
  /** {@link TrainingRows#fingerprint} of the data of the last run, 0 before one. */
  long fingerprint;
  byte[] status = new byte[0];
  int[] clean = new int[0];
  /** The current weight rows (row-major, one per class; binary: one) and biases; null before the first run. */
  float[][] w;
  float[] b;
  /** The averaged learners' counters (binary and multi-class: one; one-vs-rest: one per class) and sums. */
  long[] counts = new long[0];
  double[][] u;
  double[] beta;
  /** The voted learner's stored rows: per row, the row of the last run's data it was taken from, or -1. */
  int[] votedRows;
  /** Whether the data of the next run is that of the last one (a voted learner then refers to its stored rows). */
  private boolean sameData;
  Model model;

  private TrainingState(Form form, Algorithm algorithm, TrainingOptions options) {
    this.form = form;
    this.algorithm = algorithm;
    this.options = options;
    this.generator = seeded(options.seed());
  }

  /**
   * A training not started yet: {@code form} of {@code algorithm} with the options' seed, shuffle,
   * bias and tau; the options' epochs count as none run ({@link #options()}). Throws an
   * {@link IllegalArgumentException} naming the argument for the voted perceptron, an algorithm
   * the form has no learner of, or a validation split.
   */
  public static TrainingState start(Form form, Algorithm algorithm, TrainingOptions options) {
    Objects.requireNonNull(form, "form");
    Objects.requireNonNull(algorithm, "algorithm");
    Objects.requireNonNull(options, "options");
    check(form, algorithm, options);
    return new TrainingState(form, algorithm, options.toBuilder().maxEpochs(1).build());
  }

  private static void check(Form form, Algorithm algorithm, TrainingOptions options) {
    if (form == Form.MULTICLASS) {
      algorithm.require(Algorithm::multiclass, "of the multi-class perceptron must be ", "");
    }
    if (options.validationFraction() > 0) {
      throw new IllegalArgumentException("options: a training with a validation split cannot be continued exactly"
          + " (early stopping returns the best epoch's model, not the one training ends in)");
    }
  }

  /**
   * Continues from a trained model alone (a file without a training state): its weights and
   * biases are the current ones, and everything else starts afresh (the averaged sums and
   * counters, the pocket, the stopping, the example order from the seed), so the next run is not
   * the one an uninterrupted training would make. {@code learner} names it as
   * {@link TrainingReport#algorithm()} does ({@code AVERAGED}, {@code OVR(POCKET)},
   * {@code MULTICLASS(PERCEPTRON)}); {@code options} are the model's. The model is not modified.
   */
  public static TrainingState fromModel(Model model, String learner, TrainingOptions options) {
    Objects.requireNonNull(model, "model");
    TrainingState s = of(learner, options);
    s.labels = model.labels();
    s.dimension = model.dimension();
    s.model = model;
    if (model instanceof VotedModel) {
      throw new IllegalArgumentException("model: a voted model without its training state cannot be continued (the"
          + " vector it trains on is not among the ones that vote); train it again with the state kept");
    }
    if (model instanceof LinearModel) {
      LinearModel m = (LinearModel) model;
      s.w = new float[][] {m.weights()};
      s.b = new float[] {options.bias() ? m.bias() : 0f};
    } else if (model instanceof MulticlassModel && s.form != Form.BINARY) {
      MulticlassModel m = (MulticlassModel) model;
      s.w = m.weights();
      s.b = options.bias() ? m.biases() : new float[m.classes()];
    } else {
      throw new IllegalArgumentException("model: a " + model.getClass().getSimpleName() + " cannot be trained as "
          + learner);
    }
    s.counts = new long[s.form == Form.ONE_VS_REST ? s.labels.size() : 1];
    Arrays.fill(s.counts, 1L);
    s.status = new byte[s.form == Form.ONE_VS_REST ? s.labels.size() : 1];
    s.clean = new int[s.status.length];
    if (s.algorithm == Algorithm.AVERAGED) {
      s.u = new double[s.w.length][s.dimension];
      s.beta = new double[s.w.length];
    }
    return s;
  }

  /** The state of a learner named as the report names it, with the options' epochs counted as run. */
  static TrainingState of(String learner, TrainingOptions options) {
    Objects.requireNonNull(learner, "learner");
    Objects.requireNonNull(options, "options");
    Form form = Form.BINARY;
    String name = learner;
    if (learner.startsWith("OVR(") && learner.endsWith(")")) {
      form = Form.ONE_VS_REST;
      name = learner.substring(4, learner.length() - 1);
    } else if (learner.startsWith("MULTICLASS(") && learner.endsWith(")")) {
      form = Form.MULTICLASS;
      name = learner.substring(11, learner.length() - 1);
    }
    Algorithm algorithm;
    try {
      algorithm = Algorithm.valueOf(name);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("learner: " + FormatException.quote(learner) + " is not a linear learner (e.g. AVERAGED,"
          + " OVR(POCKET), MULTICLASS(PERCEPTRON))");
    }
    if (form == Form.ONE_VS_REST) {
      algorithm.require(Algorithm::oneVsRest, "of one-vs-rest must be ", "");
    }
    check(form, algorithm, options);
    return new TrainingState(form, algorithm, options);
  }

  /**
   * Runs up to {@code epochs} more epochs on data, as one run that had not stopped would go on
   * (none when every learner has stopped), and returns that run's model and report; this state
   * then stands for the training so far. The data's classes must be among the model's for a
   * binary learner; a multi-class learner takes new ones (appended in the data's order). Data of a
   * smaller dimension than the model's is taken as sparse rows of the model's dimension, of a
   * larger one grows the model (not a voted one's). On data other than the last run's (a
   * fingerprint of the rows tells) the learners that had stopped learn again. Nothing passed in is modified.
   */
  public FitResult<Model> train(Dataset data, int epochs) {
    Objects.requireNonNull(data, "data");
    if (epochs < 1) {
      throw new IllegalArgumentException("epochs must be >= 1, got " + epochs);
    }
    if (data.size() == 0) {
      throw new IllegalArgumentException("data: no examples");
    }
    boolean first = w == null;
    if (first) {
      labels = data.labels();
      dimension = data.dimension();
      if (form == Form.BINARY && labels.size() > 2) {
        throw new IllegalArgumentException("data: a binary learner needs at most 2 classes, the data has "
            + labels.size() + ": " + labels + "; use a multi-class learner");
      }
      options = options.toBuilder().maxEpochs(epochs).build();
    } else {
      grow(data);
      options = options.toBuilder().maxEpochs(options.maxEpochs() + epochs).build();
    }
    Dataset train = relabel(data.dimension() < dimension ? TrainingRows.widen(data, dimension) : data);
    long print = TrainingRows.fingerprint(train);
    sameData = !first && print == fingerprint;
    if (!first && !sameData) {
      // Other data: a learner that stopped on the earlier data learns again.
      status = new byte[0];
      clean = new int[0];
    }
    fingerprint = print;
    SeededRandom rnd = new SeededRandom(options.seed());
    rnd.restore(generator);
    UpdateRule<? extends Model> rule = rule(first);
    Dataset rows = form == Form.BINARY ? train : ClassWeights.sparse(train);
    FitResult<? extends Model> fit = Trainer.resume(rule, rows, options, epochs, rnd,
        stopping(rule, train.size()));
    capture(rule);
    if (fit.report().voteCapReached()) {
      status[0] |= Stopping.CAPPED;
    }
    generator = rnd.state();
    this.epochs += fit.report().epochs();
    model = fit.model();
    return new FitResult<>(fit.model(), fit.report(), options);
  }

  /**
   * An online pass over examples that come one at a time (a stream): each one is predicted by the
   * current model, counted as a progressive mistake or not, then learnt; {@link Pass#finish()}
   * ends the pass as an epoch ends. A pass over examples x_1..x_n equals {@link #train} of one
   * epoch on the dataset of x_1..x_n when the options do not shuffle, bit for bit, except when
   * those rows are those of the previous run (then {@link #train} keeps which learners had stopped,
   * and a pass, which cannot know, lets them all learn). The model's classes and dimension are
   * fixed during a pass. Only the learners that need no whole training set:
   * {@link Algorithm#online()} (not PLA, pocket; voted has no state). Throws
   * {@link IllegalStateException} before the first run, {@link IllegalArgumentException} for
   * another algorithm.
   */
  public Pass pass() {
    if (w == null) {
      throw new IllegalStateException("no training has run yet: a pass continues a trained model");
    }
    algorithm.require(a -> a.online() && a != Algorithm.VOTED, "of an online pass must be ",
        " (the others need the whole training set, or keep its rows; use train)");
    return new Pass();
  }

  /** An online pass ({@link #pass()}); not thread-safe. */
  public final class Pass {
    private final UpdateRule<? extends Model> rule;
    private final TrainingRows.Fingerprint print = new TrainingRows.Fingerprint(labels);
    private long examples;
    private long mistakes;

    private Pass() {
      rule = rule(false);
      status = new byte[0];
      clean = new int[0];
      rule.stopping = stopping(rule, Integer.MAX_VALUE);
      rule.epochStarting();
    }

    /**
     * Predicts, counts and learns example i of data (classes among the model's, by name; dimension
     * at most the model's); returns whether the model before the update got it wrong. Not modified.
     */
    public boolean learn(Dataset data, int i) {
      Objects.requireNonNull(data, "data");
      return learnAll(data.subset(new int[] {i})) != 0;
    }

    /**
     * Learns every example of data in order, as {@link #learn(Dataset, int)} for i = 0, 1, ...
     * would, bit for bit, with the rows relabelled and converted once for the whole batch instead
     * of once an example; returns the batch's progressive mistakes. The batch is checked first
     * (dimension, every class among the model's) and nothing is learnt when a check fails. Not
     * modified.
     */
    public long learnAll(Dataset data) {
      Objects.requireNonNull(data, "data");
      if (data.dimension() > dimension) {
        throw new IllegalArgumentException("data: dimension " + data.dimension() + " is above the model's "
            + dimension + " (a pass does not grow the model; train --resume does)");
      }
      int n = data.size();
      Dataset rows = data;
      // Rows of the model's dimension whose classes are the model's (a server's batch) are learnt as they are.
      if (data.dimension() < dimension || !data.labels().equals(labels)) {
        int[] toModel = new int[data.labels().size()];
        for (int c = 0; c < toModel.length; c++) {
          toModel[c] = indexOf(labels, data.labels().name(c));
        }
        int[] classes = new int[n];
        for (int i = 0; i < n; i++) {
          int k = toModel[data.classOf(i)];
          if (k < 0) {
            throw new IllegalArgumentException("data: row " + i + ": class '" + data.labels().name(data.classOf(i))
                + "' is not one of the model's " + labels);
          }
          classes[i] = k;
        }
        rows = data.dimension() < dimension ? TrainingRows.widen(data, dimension) : data;
        rows = rows.withLabels(labels, classes);
      }
      if (form != Form.BINARY) {
        rows = ClassWeights.sparse(rows);
      }
      long before = mistakes;
      for (int i = 0; i < n; i++) {
        print.add(rows, i);
        int outcome = rule.visit(rows, i);
        if (form == Form.BINARY || form == Form.MULTICLASS) {
          // Index 0, as learn(data, i) records each example as the only row of its own dataset.
          rule.stopping.record(0, outcome);
        }
        examples++;
        if ((outcome & UpdateRule.MISTAKE) != 0) {
          mistakes++;
        }
      }
      return mistakes - before;
    }

    /** Examples learnt in this pass. */
    public long examples() {
      return examples;
    }

    /** Progressive mistakes in this pass: examples the model got wrong just before learning them. */
    public long mistakes() {
      return mistakes;
    }

    /** The current model (a snapshot). */
    public Model model() {
      return rule.model();
    }

    /**
     * The state so far, the pass going on: {@link TrainingState#model()} and the state are those
     * after the examples learnt; an epoch is not counted, and no learner stops.
     */
    public TrainingState checkpoint() {
      capture(rule);
      model = rule.model();
      return TrainingState.this;
    }

    /** Ends the pass as an epoch ends (a learner without an update in it stops); returns the state. */
    public TrainingState finish() {
      rule.stopping.examples((int) Math.min(examples, Integer.MAX_VALUE));
      rule.stopping.epochFinished();
      capture(rule);
      model = rule.finalModel();
      fingerprint = print.value();
      epochs++;
      options = options.toBuilder().maxEpochs(options.maxEpochs() + 1).build();
      return TrainingState.this;
    }
  }

  /** The rule of this learner, from zero on the first run, else from the state. */
  private UpdateRule<? extends Model> rule(boolean first) {
    if (form == Form.BINARY) {
      BinaryRule rule = Learner.binaryRule(algorithm, dimension, options, labels,
          first ? null : new LinearModel(w[0], b[0], labels));
      if (!first) {
        restore(rule);
      }
      return rule;
    }
    if (form == Form.MULTICLASS) {
      // The learner's own choice of rule, so that every direct multi-class algorithm resumes as it trains.
      UpdateRule<MulticlassModel> rule = Learner.multiclassRule(algorithm, dimension, options, labels,
          first ? null : new MulticlassModel(w, b, labels));
      if (!first) {
        restore(classWeights(rule));
        if (rule instanceof MulticlassRule) {
          ((MulticlassRule) rule).c = counts[0];
        }
      }
      return rule;
    }
    OneVsRestRule rule = OneVsRestRule.of(algorithm, dimension, options, labels);
    if (!first) {
      restore(rule.weights);
      System.arraycopy(counts, 0, rule.count, 0, counts.length);
      if (rule instanceof OneVsRestRule.Pocketed) {
        ((OneVsRestRule.Pocketed) rule).restorePockets((MulticlassModel) model);
      }
    }
    return rule;
  }

  /** The K classes' weights of a direct multi-class rule. */
  private static ClassWeights classWeights(UpdateRule<? extends Model> rule) {
    return rule instanceof MulticlassRule ? ((MulticlassRule) rule).weights
        : ((MulticlassPassiveAggressiveRule) rule).weights;
  }

  /** Keeps the rule's state (copies of its arrays) and its stopping's. */
  private void capture(UpdateRule<? extends Model> rule) {
    if (rule instanceof BinaryRule) {
      save((BinaryRule) rule);
    } else if (form == Form.MULTICLASS) {
      save(classWeights(rule));
      // The passive-aggressive steps keep no counter: they depend on the weights alone.
      counts = new long[] {rule instanceof MulticlassRule ? ((MulticlassRule) rule).c : 1};
    } else {
      OneVsRestRule o = (OneVsRestRule) rule;
      save(o.weights);
      counts = o.count.clone();
    }
    status = rule.stopping.status();
    clean = rule.stopping.clean();
  }

  private Stopping stopping(UpdateRule<?> rule, int n) {
    return new Stopping(form == Form.ONE_VS_REST ? labels.size() : 1, n, rule.haltsAfterCleanCycle(),
        options.shuffle(), status, clean);
  }

  private void restore(BinaryRule rule) {
    if (rule instanceof AveragedRule) {
      AveragedRule a = (AveragedRule) rule;
      System.arraycopy(u[0], 0, a.u, 0, u[0].length);
      a.beta = beta[0];
      a.c = counts[0];
    } else if (rule instanceof PocketRule) {
      ((PocketRule) rule).restorePocket((LinearModel) model);
    } else if (rule instanceof VotedRule) {
      ((VotedRule) rule).mistakes.restore(((VotedModel) model).parts(), sameData ? votedRows : null);
    }
  }

  private void save(BinaryRule rule) {
    w = new float[][] {rule.w.clone()};
    b = new float[] {rule.b};
    if (rule instanceof AveragedRule) {
      AveragedRule a = (AveragedRule) rule;
      u = new double[][] {a.u.clone()};
      beta = new double[] {a.beta};
      counts = new long[] {a.c};
    } else {
      counts = new long[] {1L};
    }
    if (rule instanceof VotedRule) {
      votedRows = ((VotedRule) rule).mistakes.sources();
    }
  }

  /** Puts the current rows (and sums) into the feature-major weights of a rule made from zero or from them. */
  private void restore(ClassWeights cw) {
    for (int c = 0; c < cw.k; c++) {
      for (int j = 0; j < cw.d; j++) {
        cw.w[j * cw.kp + c] = w[c][j];
        if (cw.u != null) {
          cw.u[j * cw.kp + c] = u[c][j];
        }
      }
      cw.b[c] = b[c];
      if (cw.beta != null) {
        cw.beta[c] = beta[c];
      }
    }
  }

  private void save(ClassWeights cw) {
    w = new float[cw.k][cw.d];
    b = cw.b.clone();
    u = cw.u == null ? null : new double[cw.k][cw.d];
    beta = cw.beta == null ? null : cw.beta.clone();
    for (int c = 0; c < cw.k; c++) {
      for (int j = 0; j < cw.d; j++) {
        w[c][j] = cw.w[j * cw.kp + c];
        if (u != null) {
          u[c][j] = cw.u[j * cw.kp + c];
        }
      }
    }
  }

  /** Grows the state to the data's dimension and, for a multi-class learner, its new classes. */
  private void grow(Dataset data) {
    List<String> names = new ArrayList<>(labels.names());
    for (String name : data.labels().names()) {
      if (indexOf(labels, name) < 0) {
        if (form == Form.BINARY) {
          throw new IllegalArgumentException("data: class '" + name + "' is not one of the binary model's classes "
              + labels + "; a binary model's classes are fixed");
        }
        names.add(name);
      }
    }
    int d = Math.max(dimension, data.dimension());
    int k = names.size();
    if (d == dimension && k == labels.size()) {
      return;
    }
    if (algorithm == Algorithm.VOTED) {
      throw new IllegalArgumentException("data: dimension " + data.dimension() + " is above the voted model's "
          + dimension + "; a voted model's dimension is fixed (its stored rows have it)");
    }
    int k0 = labels.size();
    labels = Labels.of(names);
    w = grow(w, k, d);
    b = Arrays.copyOf(b, k);
    if (u != null) {
      double[][] g = new double[k][d];
      for (int c = 0; c < u.length; c++) {
        System.arraycopy(u[c], 0, g[c], 0, dimension);
      }
      u = g;
      beta = Arrays.copyOf(beta, k);
    }
    if (form == Form.ONE_VS_REST) {
      counts = Arrays.copyOf(counts, k);
      Arrays.fill(counts, k0, k, 1L);
    }
    if (model instanceof LinearModel) {
      LinearModel m = (LinearModel) model;
      model = new LinearModel(Arrays.copyOf(m.weights(), d), m.bias(), labels);
    } else if (model instanceof MulticlassModel) {
      MulticlassModel m = (MulticlassModel) model;
      model = new MulticlassModel(grow(m.weights(), k, d), Arrays.copyOf(m.biases(), k), labels);
    }
    dimension = d;
  }

  private static float[][] grow(float[][] rows, int k, int d) {
    float[][] g = new float[k][];
    for (int c = 0; c < k; c++) {
      g[c] = c < rows.length ? Arrays.copyOf(rows[c], d) : new float[d];
    }
    return g;
  }

  /** data with its classes mapped to this state's (every one of them among them). */
  private Dataset relabel(Dataset data) {
    int[] to = data.labels().names().stream().mapToInt(name -> indexOf(labels, name)).toArray();
    return data.withLabels(labels, IntStream.range(0, data.size()).map(i -> to[data.classOf(i)]).toArray());
  }

  static int indexOf(Labels labels, String name) {
    int k = labels.indexOf(name);
    if (k < 0 && labels.numeric()) {
      try {
        k = labels.indexOf(Labels.canonical(Double.parseDouble(name)));
      } catch (NumberFormatException e) {
        k = -1;
      }
    }
    return k;
  }

  /** The form of the learner. */
  public Form form() {
    return form;
  }

  /** The learner as {@link TrainingReport#algorithm()} names it: {@code AVERAGED}, {@code OVR(POCKET)}, ... */
  public String learner() {
    return form == Form.BINARY ? algorithm.name()
        : (form == Form.ONE_VS_REST ? "OVR(" : "MULTICLASS(") + algorithm.name() + ")";
  }

  /** The model so far; null before the first run. */
  public Model model() {
    return model;
  }

  /** The epochs run so far. */
  public int epochs() {
    return epochs;
  }

  /**
   * The options of the training so far: their epochs are the sum of the epochs every run was
   * given (the epochs of the one run these runs make).
   */
  public TrainingOptions options() {
    return options;
  }

  private static long seeded(long seed) {
    return new SeededRandom(seed).state();
  }

  /**
   * Writes the state (not the model, its labels or its options, which the model file holds) as
   * docs/model-format.md lays it out. Throws {@link IllegalStateException} before the first run.
   */
  public void writeTo(DataOutput out) throws IOException {
    TrainingStateFormat.write(this, out);
  }

  /** The number of bytes {@link #writeTo} writes. */
  public long bytes() {
    return TrainingStateFormat.bytes(this);
  }

  /**
   * Reads a state {@link #writeTo} wrote for {@code model}, trained by {@code learner} with
   * {@code options} (the model file's). Every count and value is checked; an
   * {@link IllegalArgumentException} says which is wrong.
   */
  public static TrainingState readFrom(DataInput in, Model model, String learner, TrainingOptions options)
      throws IOException {
    return TrainingStateFormat.read(in, model, learner, options);
  }
}
