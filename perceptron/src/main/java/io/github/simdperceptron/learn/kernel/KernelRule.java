package io.github.simdperceptron.learn.kernel;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.kernel.internal.ClassScores;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.TrainingOptions;
import io.github.simdperceptron.learn.internal.TrainingLoop;
import java.util.Arrays;

/**
 * The kernel perceptron's update rule in dual form, binary or K-class (docs/kernel-perceptron.md):
 * a visit asks the engine ({@link TrainingScores}) for its row's scores; a mistake
 * ({@code y * score <= 0}, or an arg max that is not the true class) adds the row's kernel to the
 * true class's score and subtracts it from the predicted one's (binary: adds y times it), making
 * the row a support vector if it is none, and tells the engine. This class keeps the last
 * coefficients ({@link Algorithm#PERCEPTRON}); {@link AveragedKernelRule} and
 * {@link VotedKernelRule} change what the model is; {@link MarginKernelRule} and
 * {@link PassiveAggressiveKernelRule} update by the margin, with a step of their own, and keep
 * the last coefficients or (their averaged form) those of every visit averaged. An optional
 * {@link Budget} caps the support vectors. The rule trains on one dataset, bound at its first
 * visit.
 */
class KernelRule extends TrainingLoop.DatasetRule<KernelModel> {
  final Algorithm algorithm;
  final KernelModel.Function kernel;
  final Labels labels;
  final int k;
  final int kp;
  final boolean bias;
  private final Budget budget;
  private final KernelSettings settings;
  private final boolean averagedSums;
  /** Whether the options ask for the final model's training classes ({@link TrainingOptions#trainingClasses}). */
  private final boolean classesAsked;
  private final float[] score;
  private final float[] delta;

  /** The rows the engine holds: a prefix of earlier support vectors (none in a fit), then the visited rows. */
  private Dataset data;
  /** The rows the loop visits: visit i is row {@code prefix + i} of data. */
  private Dataset visited;
  private int prefix;
  private TrainingScores scores;
  Coefficients coefficients;
  /** The model {@link #model} or {@link #finalModel} returned last, and its training classes or null. */
  private KernelModel lastModel;
  private int[] lastClasses;

  /**
   * A rule for the classes of labels with the options' bias, the budget's removals (null: no
   * budget), and the averaged sums when {@code averagedSums}; the engine sized by settings.
   */
  KernelRule(Algorithm algorithm, KernelModel.Function kernel, Budget budget, Labels labels, TrainingOptions options,
      KernelSettings settings, boolean averagedSums) {
    this.algorithm = algorithm;
    this.kernel = kernel;
    this.labels = labels;
    this.k = KernelModel.classes(labels);
    this.kp = ClassScores.paddedClasses(k);
    this.bias = options.bias();
    this.budget = budget;
    this.settings = settings;
    this.averagedSums = averagedSums;
    this.classesAsked = options.trainingClasses();
    this.score = new float[kp];
    this.delta = new float[kp];
  }

  /** Binds the rule to its training set at the first visit; the kernel perceptron trains on one set. */
  private void bind(Dataset train) {
    bind(train, train, 0);
  }

  /** Binds the engine to rows, whose rows from {@code prefix} on are the visited ones. */
  private void bind(Dataset rows, Dataset visits, int prefix) {
    if (data != null) {
      throw new IllegalStateException("the kernel perceptron trains on one dataset; got another after "
          + visited.size() + " rows");
    }
    data = rows;
    visited = visits;
    this.prefix = prefix;
    coefficients = new Coefficients(rows.size(), kp, bias, averagedSums);
    scores = new TrainingScores(rows, kernel, k, kp, settings, coefficients);
  }

  @Override
  public final int visit(Dataset train, int visit) {
    if (train != visited) {
      bind(train);
    }
    int i = prefix + visit;
    scores.scoresOf(i, score);
    for (int cl = 0; cl < k; cl++) {
      score[cl] += coefficients.bias(cl);
    }
    int plus;
    int minus;
    if (k == 1) {
      float y = data.label(i);
      float margin = y * score[0];
      plus = y > 0f ? 1 : 0;
      minus = 1 - plus;
      if (!marginal()) {
        if (margin > 0f) {
          return correct();
        }
      } else {
        return marginalUpdate(i, plus, minus, margin, margin <= 0f);
      }
    } else {
      plus = data.classOf(i);
      minus = DualScores.argMax(score, k);
      if (marginal()) {
        boolean mistake = plus != minus;
        int r = mistake ? minus : runnerUp(plus);
        return marginalUpdate(i, plus, r, score[plus] - score[r], mistake);
      }
      if (plus == minus) {
        return correct();
      }
    }
    update(i, plus, minus, 1f);
    coefficients.visited();
    return TrainingLoop.MISTAKE | TrainingLoop.UPDATED;
  }

  /**
   * The visit of a rule that looks at the margin ({@link #marginal()}): margin is {@code y * score}
   * (binary) or the true class's score minus the highest-scoring wrong class's (r, as minus).
   */
  private int marginalUpdate(int i, int plus, int minus, float margin, boolean mistake) {
    float step = step(i, margin);
    int outcome = mistake ? TrainingLoop.MISTAKE : TrainingLoop.CORRECT;
    if (step != 0f) {
      update(i, plus, minus, step);
      outcome |= TrainingLoop.UPDATED;
    }
    coefficients.visited();
    return outcome;
  }

  /** The highest-scoring class other than truth (the smallest index among ties). */
  private int runnerUp(int truth) {
    int r = truth == 0 ? 1 : 0;
    for (int cl = r + 1; cl < k; cl++) {
      if (cl != truth && score[cl] > score[r]) {
        r = cl;
      }
    }
    return r;
  }

  /**
   * Whether the rule updates by the margin rather than on mistakes: then every visit asks
   * {@link #step} for the size of its update (0 for none), and a K-class update subtracts from the
   * highest-scoring wrong class. Not the perceptron's forms, whose visits are as they were.
   */
  boolean marginal() {
    return false;
  }

  /**
   * The coefficient change of a visit of example i whose margin is {@code margin} (see
   * {@link #marginalUpdate}); 0 for no update. Only for a {@link #marginal()} rule.
   */
  float step(int i, float margin) {
    throw new AssertionError("not a marginal rule");
  }

  /** K(x_i, x_i) as the engine computes kernel values, for the passive-aggressive steps. */
  final float selfKernel(int i) {
    return scores.selfKernel(i);
  }

  private int correct() {
    coefficients.visited();
    survived();
    return TrainingLoop.CORRECT;
  }

  /**
   * Adds step times example i's kernel to class plus's score and subtracts it from minus's
   * (binary: adds y step, y = +1 for plus 1).
   */
  private void update(int i, int plus, int minus, float step) {
    mistake(plus, minus);
    int slot = coefficients.slot(i);
    if (slot < 0) {
      if (budget != null && budget.full(coefficients.size())) {
        removeRandom();
      }
      slot = coefficients.add(i);
    }
    Arrays.fill(delta, 0f);
    if (k == 1) {
      delta[0] = plus == 1 ? step : -step;
    } else {
      delta[plus] = step;
      delta[minus] = -step;
    }
    coefficients.step(slot, delta, k);
    updated(slot);
    scores.add(i, delta);
  }

  /** The budget's removal: a support vector drawn from the seeded stream leaves with its coefficients. */
  private void removeRandom() {
    int r = budget.draw(coefficients.size());
    int row = coefficients.rows()[r];
    coefficients.negated(r, delta);
    scores.remove(row, delta);
    coefficients.remove(r);
  }

  /**
   * The state of this rule after its last visit ({@link KernelRuleState}): coefficients, scores,
   * cache, pending updates, the budget's stream, the voted log. Nothing here changes. Throws
   * {@link IllegalStateException} before the first visit.
   */
  final KernelRuleState capture() {
    if (data == null) {
      throw new IllegalStateException("no state before the first visit");
    }
    KernelRuleState s = new KernelRuleState();
    s.n = data.size();
    s.prefix = prefix;
    s.k = k;
    s.cacheBudget = settings.cacheBudget();
    coefficients.capture(s, k);
    scores.capture(s);
    s.removalState = budget != null ? budget.state() : 0L;
    captureLog(s);
    return s;
  }

  /**
   * Binds this rule (no visit yet, made with the settings' cache budget of s) to train, whose
   * rows are those the state was taken on, and puts the state back: the next visit goes on as the
   * rule that made s would. Throws {@link IllegalArgumentException} when s does not fit train or
   * this rule (its description says what).
   */
  final void restore(Dataset rows, Dataset visits, int prefix, KernelRuleState s) {
    if (data != null) {
      throw new IllegalStateException("the rule has visited rows already");
    }
    if (s.n != rows.size() || s.k != k) {
      throw new IllegalArgumentException("the state is of " + s.n + " rows with " + s.k + " scores each, the data has "
          + rows.size() + " rows and " + k + " scores");
    }
    bind(rows, visits, prefix);
    coefficients.restore(s, k);
    scores.restore(s);
    if (budget != null) {
      if (s.svRows.length > budget.size()) {
        throw new IllegalArgumentException(s.svRows.length + " support vectors, above the budget of " + budget.size());
      }
      budget.restore(s.removalState);
    }
    restoreLog(s);
  }

  /** Goes on visiting another dataset of the same rows (the caller has checked): the state is theirs. */
  final void continueOn(Dataset same) {
    if (data == null) {
      throw new IllegalStateException("no rows bound yet");
    }
    visited = same;
  }

  /**
   * Binds this rule (no visit yet) to rows whose first {@code s.svRows.length} rows are support
   * vectors of an earlier training, with the coefficients, sums, counter, budget stream and voted
   * log of s (k scores a row, this rule's), and visits the rows after them (visits, the same rows
   * as those): every row's scores start as those support vectors give them, added through the
   * engine in slot order as updates are. s's scores, cache and pending updates are not used.
   */
  final void warmStart(Dataset rows, Dataset visits, KernelRuleState s) {
    int m = s.svRows.length;
    bind(rows, visits, m);
    coefficients.restore(s, k);
    if (budget != null) {
      if (m > budget.size()) {
        throw new IllegalArgumentException(m + " support vectors, above the budget of " + budget.size());
      }
      budget.restore(s.removalState);
    }
    restoreLog(s);
    for (int slot = 0; slot < m; slot++) {
      Arrays.fill(delta, 0f);
      System.arraycopy(s.alpha, slot * k, delta, 0, k);
      scores.add(s.svRows[slot], delta);
    }
  }

  /** The voted form copies its log into s. */
  void captureLog(KernelRuleState s) {}

  /** The voted form puts its log back from s. */
  void restoreLog(KernelRuleState s) {
    if (s.voteSlots != null) {
      throw new IllegalArgumentException("a voted log in the state of a " + algorithm + " rule");
    }
  }

  /** The current classifier survived a visit (the voted form counts it). */
  void survived() {}

  /** A mistake is about to add the kernel to plus's score and subtract it from minus's (the voted form logs it). */
  void mistake(int plus, int minus) {}

  /** The mistake's update went to this slot (the voted form logs it). */
  void updated(int slot) {}

  /** Whether the model is a margin or passive-aggressive rule's averaged form ({@link KernelModel#averagedForm()}). */
  boolean averagedForm() {
    return false;
  }

  /**
   * The averaged form's model over these support vectors: the coefficients and biases averaged
   * over every visit ({@link Coefficients#averagedCoefficients}); only for a rule with the sums.
   */
  final KernelModel averagedSnapshot(Dataset supportVectors) {
    return new KernelModel(kernel, algorithm, true, labels, supportVectors, coefficients.averagedCoefficients(),
        coefficients.averagedBiases());
  }

  /** Whether the final model's training classes may come in batches of columns (not for the voted form). */
  boolean batches() {
    return true;
  }

  /** The model of the current state, over these support vectors (rows of the training set in slot order). */
  KernelModel snapshot(Dataset supportVectors) {
    return new KernelModel(kernel, algorithm, labels, supportVectors, coefficients.coefficients(),
        coefficients.biases());
  }

  /** The support vectors as rows of the training set, in slot order. */
  private KernelModel snapshot() {
    if (data == null) {
      throw new IllegalStateException("no model before the first visit");
    }
    return snapshot(data.subset(Arrays.copyOf(coefficients.rows(), coefficients.size())));
  }

  /** The current model; its training classes are known when every column is cached or pending. */
  @Override
  public final KernelModel model() {
    return withTrainingClasses(snapshot(), false);
  }

  /**
   * {@link #model()}; with the options' {@link TrainingOptions#trainingClasses}, its training
   * classes computed even when the cache lacks columns: from the cached columns and Gram blocks of
   * the rest ({@link TrainingClasses#scoresInBatches}), once, at the end of the fit, rather than
   * by a Gram block of every support vector at the first request. The voted form keeps
   * {@link #model()}'s rule (its scores need every column of a row at once).
   */
  @Override
  public final KernelModel finalModel() {
    return withTrainingClasses(snapshot(), classesAsked && batches());
  }

  private KernelModel withTrainingClasses(KernelModel model, boolean inBatches) {
    lastModel = model;
    int[] all = TrainingClasses.of(scores, model.scoring(), coefficients.rows(), coefficients.size(), inBatches);
    lastClasses = all == null || prefix == 0 ? all : Arrays.copyOfRange(all, prefix, all.length);
    return model;
  }

  /** The classes of the training rows under model, when it is the model returned last and they are known; else null. */
  @Override
  public final int[] trainingClasses(KernelModel model) {
    return model == lastModel ? lastClasses : null;
  }

  @Override
  public final String name() {
    return name(algorithm, averagedForm(), kernel);
  }

  /** The report's name of a rule of algorithm (its averaged form when averagedForm) with kernel. */
  static String name(Algorithm algorithm, boolean averagedForm, KernelModel.Function kernel) {
    return "KERNEL(" + (averagedForm ? "AVERAGED-" : "") + algorithm.name() + ", " + kernel + ")";
  }

  @Override
  public final int storedVectors() {
    return coefficients == null ? 0 : coefficients.size();
  }

  /** The engine, after the first visit (for tests). */
  TrainingScores scores() {
    return scores;
  }

  /** The kernel columns of the support vectors in slot order, or null ({@link TrainingClasses#columns}; for tests). */
  float[][] trainingColumns() {
    return TrainingClasses.columns(scores, coefficients.rows(), coefficients.size());
  }

  /** The training rows' scores under model in batches ({@link TrainingClasses#scoresInBatches}; for tests). */
  float[] trainingScoresInBatches(KernelModel model) {
    return TrainingClasses.scoresInBatches(scores, model.scoring(), coefficients.rows(), coefficients.size());
  }
}
