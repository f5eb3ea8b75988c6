package io.github.simdperceptron.learn.kernel;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.kernel.internal.ClassScores;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.Model;
import java.util.Arrays;
import java.util.Objects;

/**
 * A kernel perceptron's classifier in dual form: support vectors s (rows of the training data, as
 * they came, dense or sparse) with coefficients, and a kernel K.
 *
 * <p>Binary (at most two classes): {@code score(x) = sum_s alpha_s K(s, x) + b}, class 1 when
 * positive. K classes: {@code score_c(x) = sum_s alpha_{s,c} K(s, x) + b_c}, the arg max (ties
 * to the smallest index). The averaged model's coefficients are the running coefficients
 * averaged over every visit of training. The voted model keeps every intermediate classifier as
 * the list of updates (support vector, class added, class subtracted) with the number of visits
 * it survived; each votes for its class (binary: its sign, {@code sgn(0) = -1}) with that weight,
 * votes summed in double, and the class with most votes wins.
 *
 * <p>Prediction of many rows ({@link #predictClasses}) computes the kernel values of a block of
 * rows against all support vectors as one Gram block (docs/kernel-perceptron.md). Immutable; it
 * holds its support vectors, never the set it was trained on.
 */
public final class KernelModel implements Model {

  /**
   * A kernel: its {@link KernelKind} ({@code linear} x.s, {@code poly} (gamma x.s +
   * coef0)^degree, or {@code rbf} exp(-gamma |x - s|^2) computed as exp(-gamma (|x|^2 + |s|^2 -
   * 2 x.s))) with its parameters. Immutable.
   */
  public static final class Function {
    private final KernelKind kind;
    private final float gamma;
    private final int degree;
    private final float coef0;
    private final boolean usesNorms;

    private Function(KernelKind kind, float gamma, int degree, float coef0) {
      this.kind = kind;
      this.gamma = gamma;
      this.degree = degree;
      this.coef0 = coef0;
      this.usesNorms = kind.usesNorms();
    }

    /** The linear kernel x.s: the dual form of the perceptron itself. */
    public static Function linear() {
      return new Function(KernelKind.LINEAR, 1f, 1, 0f);
    }

    /** The polynomial kernel (gamma x.s + coef0)^degree; gamma &gt; 0 and coef0 finite, degree in [1, 16]. */
    public static Function poly(double gamma, int degree, double coef0) {
      checkGamma(gamma);
      if (degree < 1 || degree > 16) {
        throw new IllegalArgumentException("degree must be in [1, 16], got " + degree);
      }
      if (!Double.isFinite(coef0) || !Float.isFinite((float) coef0)) {
        throw new IllegalArgumentException("coef0 must be finite, got " + coef0);
      }
      return new Function(KernelKind.POLY, (float) gamma, degree, (float) coef0);
    }

    /** The Gaussian kernel exp(-gamma |x - s|^2); gamma &gt; 0. */
    public static Function rbf(double gamma) {
      checkGamma(gamma);
      return new Function(KernelKind.RBF, (float) gamma, 1, 0f);
    }

    /**
     * The kernel of a name ({@code linear}, {@code poly}, {@code rbf}, any case) with its
     * parameters; those the kernel does not use are ignored.
     */
    public static Function of(String name, double gamma, int degree, double coef0) {
      return of(KernelKind.of(name), gamma, degree, coef0);
    }

    /** The kernel of a kind with its parameters; those the kernel does not use are ignored. */
    public static Function of(KernelKind kind, double gamma, int degree, double coef0) {
      Objects.requireNonNull(kind, "kind");
      return kind.function(gamma, degree, coef0);
    }

    /**
     * scikit-learn's {@code gamma="scale"}: 1 / (d * Var(X)), the variance of all n * d feature
     * values of the dataset (zeros of sparse rows included), in double; 1 when that variance is 0.
     */
    public static double scaleGamma(Dataset data) {
      Objects.requireNonNull(data, "data");
      double sum = 0;
      double sumSq = 0;
      for (int i = 0; i < data.size(); i++) {
        float[] x = data.denseRow(i);
        for (float v : x) {
          sum += v;
          sumSq += (double) v * v;
        }
      }
      double count = (double) data.size() * data.dimension();
      double mean = sum / count;
      double var = sumSq / count - mean * mean;
      return var > 0 ? 1.0 / (data.dimension() * var) : 1.0;
    }

    private static void checkGamma(double gamma) {
      if (!(gamma > 0) || !Float.isFinite((float) gamma) || (float) gamma == 0f) {
        throw new IllegalArgumentException("gamma must be a positive finite float, got " + gamma);
      }
    }

    /** The kind of kernel. */
    public KernelKind kind() {
      return kind;
    }

    /** {@code linear}, {@code poly} or {@code rbf}: the kind's {@link KernelKind#fileName()}. */
    public String name() {
      return kind.fileName();
    }

    /** gamma (1 for linear). */
    public float gamma() {
      return gamma;
    }

    /** The polynomial's degree (1 for the others). */
    public int degree() {
      return degree;
    }

    /** The polynomial's coef0 (0 for the others). */
    public float coef0() {
      return coef0;
    }

    /**
     * Whether every float sum of training and prediction is exact on integer data whose partial
     * sums stay below 2^24: the linear kernel, and the polynomial one with integer gamma and
     * coef0. Then the kernel perceptron and its literal twin agree bit for bit.
     */
    public boolean exactOnIntegers() {
      return kind.exact(this);
    }

    /** Finishes Gram values in place: g[gOff, gOff + m) from dot products to kernel values. Only g is modified. */
    void finish(float[] g, int gOff, int m, float xNorm, float[] svNorms) {
      kind.finish(this, g, gOff, m, xNorm, svNorms);
    }

    /** Whether {@link #finish} needs the squared norms of the row and the support vectors. */
    boolean usesNorms() {
      return usesNorms;
    }

    @Override
    public boolean equals(Object o) {
      if (!(o instanceof Function)) {
        return false;
      }
      Function f = (Function) o;
      return kind == f.kind && Float.compare(gamma, f.gamma) == 0 && degree == f.degree
          && Float.compare(coef0, f.coef0) == 0;
    }

    @Override
    public int hashCode() {
      return Objects.hash(kind.fileName(), gamma, degree, coef0);
    }

    /** e.g. {@code rbf(gamma=0.0102)}, {@code poly(gamma=1, degree=3, coef0=1)}, {@code linear}. */
    @Override
    public String toString() {
      return kind.describe(this);
    }
  }

  private final Function kernel;
  private final Algorithm algorithm;
  /** Whether a margin or passive-aggressive model's coefficients are averaged over the visits. */
  private final boolean averagedForm;
  private final Labels labels;
  private final Dataset sv;
  private final int k;
  private final int kp;
  /** Plain and averaged models: the coefficients, m x kp; null for voted. */
  private final float[] coef;
  /** kp biases (zeros for voted). */
  private final float[] bias;
  /** Voted models: the classifiers; null for the others. */
  private final Votes votes;
  /** How rows are scored: Gram blocks against the support vectors, or training's kernel columns. */
  private final DualScores scoring;

  /**
   * Trusted constructor of a plain or averaged model: the arrays are owned by the model from now
   * on; coef is m x kp, bias kp.
   */
  KernelModel(Function kernel, Algorithm algorithm, Labels labels, Dataset sv, float[] coef, float[] bias) {
    this(kernel, algorithm, false, labels, sv, coef, bias, null);
  }

  /**
   * Trusted constructor of a plain or averaged model, or (averagedForm) of a margin or
   * passive-aggressive model with averaged coefficients; as above.
   */
  KernelModel(Function kernel, Algorithm algorithm, boolean averagedForm, Labels labels, Dataset sv, float[] coef,
      float[] bias) {
    this(kernel, algorithm, averagedForm, labels, sv, coef, bias, null);
  }

  /** Trusted constructor of a voted model, which owns votes from now on. */
  KernelModel(Function kernel, Labels labels, Dataset sv, Votes votes) {
    this(kernel, Algorithm.VOTED, false, labels, sv, null, new float[ClassScores.paddedClasses(classes(labels))],
        votes);
  }

  private KernelModel(Function kernel, Algorithm algorithm, boolean averagedForm, Labels labels, Dataset sv,
      float[] coef, float[] bias, Votes votes) {
    this.kernel = kernel;
    this.algorithm = algorithm;
    this.averagedForm = averagedForm;
    this.labels = labels;
    this.sv = sv;
    this.k = classes(labels);
    this.kp = ClassScores.paddedClasses(k);
    this.coef = coef;
    this.bias = bias;
    this.votes = votes;
    this.scoring = new DualScores(kernel, labels, sv, coef, bias, votes);
  }

  /** The number of scores of a model of these classes: 1 for at most two, else their number. */
  static int classes(Labels labels) {
    return labels.size() <= 2 ? 1 : labels.size();
  }

  /**
   * A plain or averaged kernel model from its parts (copied), e.g. read back from a model file:
   * {@code coefficients[s]} holds support vector s's coefficient per score (1 for at most two
   * classes, K otherwise), {@code biases} one per score. Arguments are not modified.
   */
  public static KernelModel of(Function kernel, Algorithm algorithm, Labels labels, Dataset supportVectors,
      float[][] coefficients, float[] biases) {
    return of(kernel, algorithm, false, labels, supportVectors, coefficients, biases);
  }

  /**
   * {@link #of(Function, Algorithm, Labels, Dataset, float[][], float[])}, and with
   * {@code averagedForm} a model of the averaged form of a margin or passive-aggressive learner
   * ({@link #averagedForm()}; algorithm MARGIN, PA, PA1 or PA2). Arguments are not modified.
   */
  public static KernelModel of(Function kernel, Algorithm algorithm, boolean averagedForm, Labels labels,
      Dataset supportVectors, float[][] coefficients, float[] biases) {
    int k = checkParts(kernel, algorithm, labels, supportVectors, biases);
    if (algorithm == Algorithm.VOTED) {
      throw new IllegalArgumentException("a voted kernel model is made by voted(...)");
    }
    if (averagedForm && !hasAveragedForm(algorithm)) {
      throw new IllegalArgumentException("the averaged form is of MARGIN, PA, PA1 or PA2, not " + algorithm);
    }
    Objects.requireNonNull(coefficients, "coefficients");
    if (coefficients.length != supportVectors.size()) {
      throw new IllegalArgumentException(coefficients.length + " coefficient rows for " + supportVectors.size()
          + " support vectors");
    }
    int kp = ClassScores.paddedClasses(k);
    float[] flat = new float[coefficients.length * kp];
    for (int s = 0; s < coefficients.length; s++) {
      Objects.requireNonNull(coefficients[s], "coefficients[" + s + "]");
      if (coefficients[s].length != k) {
        throw new IllegalArgumentException("coefficients[" + s + "] has length " + coefficients[s].length
            + ", expected " + k);
      }
      checkFinite("coefficients[" + s + "]", coefficients[s]);
      System.arraycopy(coefficients[s], 0, flat, s * kp, k);
    }
    return new KernelModel(kernel, algorithm, averagedForm, labels, supportVectors, flat, Arrays.copyOf(biases, kp));
  }

  /**
   * A voted kernel model from its parts (copied): update u added support vector
   * {@code updateSv[u]}'s kernel to class {@code plus[u]}'s score and subtracted it from class
   * {@code minus[u]}'s (binary: the classes are 0 and 1, the score is class 1's), with the bias
   * moving likewise when {@code bias}; classifier t (after t updates, t in [0, U]) survived
   * {@code counts[t] >= 0} visits. Arguments are not modified.
   */
  public static KernelModel voted(Function kernel, Labels labels, Dataset supportVectors, int[] updateSv, int[] plus,
      int[] minus, long[] counts, boolean bias) {
    checkParts(kernel, Algorithm.VOTED, labels, supportVectors, new float[0]);
    Objects.requireNonNull(updateSv, "updateSv");
    Objects.requireNonNull(plus, "plus");
    Objects.requireNonNull(minus, "minus");
    Objects.requireNonNull(counts, "counts");
    int u = updateSv.length;
    if (plus.length != u || minus.length != u || counts.length != u + 1) {
      throw new IllegalArgumentException(u + " updates need as many plus and minus classes and " + (u + 1)
          + " counts, got " + plus.length + ", " + minus.length + ", " + counts.length);
    }
    int classes = Math.max(2, labels.size());
    for (int t = 0; t < u; t++) {
      if (updateSv[t] < 0 || updateSv[t] >= supportVectors.size() || plus[t] < 0 || plus[t] >= classes
          || minus[t] < 0 || minus[t] >= classes || plus[t] == minus[t]) {
        throw new IllegalArgumentException("update " + t + " (sv " + updateSv[t] + ", +" + plus[t] + ", -" + minus[t]
            + ") is out of range");
      }
    }
    for (int t = 0; t <= u; t++) {
      if (counts[t] < 0) {
        throw new IllegalArgumentException("counts[" + t + "] = " + counts[t] + " is negative");
      }
    }
    return new KernelModel(kernel, labels, supportVectors,
        new Votes(updateSv.clone(), plus.clone(), minus.clone(), counts.clone(), bias, labels));
  }

  /**
   * Whether the algorithm has a kernel form, whose name a kernel model carries: all but PLA and
   * the pocket. Margin and passive-aggressive models keep their last coefficients, as the
   * perceptron's do.
   */
  public static boolean trainsKernelModels(Algorithm algorithm) {
    return algorithm != Algorithm.PLA && algorithm != Algorithm.POCKET;
  }

  /**
   * Whether the algorithm has an averaged kernel form ({@link KernelLearner#fitAveraged}): the
   * margin perceptron and the passive-aggressive learners.
   */
  public static boolean hasAveragedForm(Algorithm algorithm) {
    return algorithm == Algorithm.MARGIN || algorithm.passiveAggressive();
  }

  private static int checkParts(Function kernel, Algorithm algorithm, Labels labels, Dataset sv, float[] biases) {
    Objects.requireNonNull(kernel, "kernel");
    Objects.requireNonNull(algorithm, "algorithm");
    Objects.requireNonNull(labels, "labels");
    Objects.requireNonNull(sv, "supportVectors");
    Objects.requireNonNull(biases, "biases");
    if (!trainsKernelModels(algorithm)) {
      throw new IllegalArgumentException("algorithm must be PERCEPTRON, AVERAGED, VOTED, MARGIN, PA, PA1 or PA2, got "
          + algorithm);
    }
    int k = classes(labels);
    if (algorithm != Algorithm.VOTED && biases.length != k) {
      throw new IllegalArgumentException(biases.length + " biases, expected " + k);
    }
    checkFinite("biases", biases);
    return k;
  }

  /** Throws {@link IllegalArgumentException} naming {@code name[j]} when a value is NaN or infinite. */
  private static void checkFinite(String name, float[] values) {
    for (int j = 0; j < values.length; j++) {
      if (!Float.isFinite(values[j])) {
        throw new IllegalArgumentException(name + "[" + j + "] = " + values[j] + " is not finite");
      }
    }
  }

  /** The kernel. */
  public Function kernel() {
    return kernel;
  }

  /** The algorithm that trained it: PERCEPTRON, AVERAGED, VOTED, MARGIN, PA, PA1 or PA2. */
  public Algorithm algorithm() {
    return algorithm;
  }

  /**
   * Whether it is the averaged form of a margin or passive-aggressive learner: its coefficients
   * and biases are those of every visit averaged, as {@link Algorithm#AVERAGED}'s are (false for
   * the other algorithms, AVERAGED included).
   */
  public boolean averagedForm() {
    return averagedForm;
  }

  /**
   * The model's algorithm as files and reports name it, in lower case: the algorithm's
   * {@link Algorithm#canonicalName}, or {@code averaged-margin}, {@code averaged-pa},
   * {@code averaged-pa1}, {@code averaged-pa2} for the averaged forms.
   */
  public String algorithmName() {
    return averagedForm ? "averaged-" + algorithm.canonicalName() : algorithm.canonicalName();
  }

  /** The support vectors, as rows of the training data (dense or sparse as they came). */
  public Dataset supportVectors() {
    return sv;
  }

  /** Number of support vectors. */
  public int size() {
    return sv.size();
  }

  /** Whether the model is binary (one score) rather than K-class. */
  public boolean binary() {
    return k == 1;
  }

  /** A copy of the coefficients, [support vector][score] (plain and averaged models; null for voted). */
  public float[][] coefficients() {
    if (coef == null) {
      return null;
    }
    float[][] out = new float[sv.size()][];
    for (int s = 0; s < out.length; s++) {
      out[s] = Arrays.copyOfRange(coef, s * kp, s * kp + k);
    }
    return out;
  }

  /** A copy of the biases, one per score (plain and averaged models; zeros for voted). */
  public float[] biases() {
    return Arrays.copyOf(bias, k);
  }

  /** Voted only (else null): the support vector of every update, in order. */
  public int[] updateSupportVectors() {
    return votes == null ? null : votes.sv.clone();
  }

  /** Voted only (else null): the class each update added the kernel to. */
  public int[] updatePlus() {
    return votes == null ? null : votes.plus.clone();
  }

  /** Voted only (else null): the class each update subtracted the kernel from. */
  public int[] updateMinus() {
    return votes == null ? null : votes.minus.clone();
  }

  /** Voted only (else null): the survival count of the classifier after t updates, t in [0, U]. */
  public long[] survivalCounts() {
    return votes == null ? null : votes.counts.clone();
  }

  /** Voted only: whether the bias moved with each update. */
  public boolean votedBias() {
    return votes != null && votes.bias;
  }

  @Override
  public Labels labels() {
    return labels;
  }

  @Override
  public int dimension() {
    return sv.dimension();
  }

  @Override
  public int scoreCount() {
    return k;
  }

  /**
   * Writes the scores of a dense x into {@code out[0, scoreCount())}: the binary score, the K class
   * scores, or for a voted model the votes (binary: their signed sum). Unlike the linear models it
   * allocates a Gram row of {@link #size()} floats. Only out is modified.
   */
  @Override
  public void scores(float[] x, float[] out) {
    float[] s = scoring.scoresOfRow(new KernelRows(one(x)), 0);
    System.arraycopy(s, 0, out, 0, k);
  }

  @Override
  public int predictClass(Dataset data, int i) {
    checkDimension(data);
    return scoring.classOf(scoring.scoresOfRow(new KernelRows(data), i), 0);
  }

  @Override
  public int predictClass(float[] x) {
    float[] s = new float[kp];
    scores(x, s);
    return scoring.classOf(s, 0);
  }

  @Override
  public int predictClass(int[] indices, float[] values) {
    Dataset one = Dataset.builder(dimension()).add(indices, values, 0).build();
    return predictClass(one, 0);
  }

  /** The predicted classes of all rows, scored in blocks of rows against all support vectors at once. */
  @Override
  public int[] predictClasses(Dataset data) {
    checkDimension(data);
    return scoring.predictClasses(data);
  }

  /** Every row's scores, as {@link #scores(float[], float[])} gives them, scored in blocks of rows. */
  @Override
  public float[][] scoreRows(Dataset data) {
    checkDimension(data);
    float[] all = scoring.scoresByGram(data);
    float[][] out = new float[data.size()][];
    for (int i = 0; i < out.length; i++) {
      out[i] = Arrays.copyOfRange(all, i * kp, i * kp + k);
    }
    return out;
  }

  private Dataset one(float[] x) {
    Objects.requireNonNull(x, "x");
    if (x.length != dimension()) {
      throw new IllegalArgumentException("x has length " + x.length + ", the model expects " + dimension());
    }
    return Dataset.of(new float[][] {x}, new double[] {0});
  }

  /** How the model scores rows (training's classes use it too). */
  DualScores scoring() {
    return scoring;
  }

  @Override
  public String toString() {
    return "KernelModel(" + algorithmName() + ", " + kernel + ", " + sv.size() + " support vectors, "
        + labels + ")";
  }
}
