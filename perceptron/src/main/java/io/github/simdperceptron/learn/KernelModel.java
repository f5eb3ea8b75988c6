package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.kernel.internal.ClassScores;
import io.github.simdperceptron.kernel.internal.GramBlocks;
import java.lang.ref.WeakReference;
import java.util.Arrays;
import java.util.Locale;
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
 * rows against all support vectors as one Gram block (docs/kernel-perceptron.md). Immutable.
 */
public final class KernelModel implements Model {

  /**
   * A kernel: {@code linear} x.s, {@code poly} (gamma x.s + coef0)^degree, or {@code rbf}
   * exp(-gamma |x - s|^2) computed as exp(-gamma (|x|^2 + |s|^2 - 2 x.s)). Immutable.
   */
  public static final class Function {
    private final String name;
    private final float gamma;
    private final int degree;
    private final float coef0;

    private Function(String name, float gamma, int degree, float coef0) {
      this.name = name;
      this.gamma = gamma;
      this.degree = degree;
      this.coef0 = coef0;
    }

    /** The linear kernel x.s: the dual form of the perceptron itself. */
    public static Function linear() {
      return new Function("linear", 1f, 1, 0f);
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
      return new Function("poly", (float) gamma, degree, (float) coef0);
    }

    /** The Gaussian kernel exp(-gamma |x - s|^2); gamma &gt; 0. */
    public static Function rbf(double gamma) {
      checkGamma(gamma);
      return new Function("rbf", (float) gamma, 1, 0f);
    }

    /**
     * The kernel of a name ({@code linear}, {@code poly}, {@code rbf}, any case) with its
     * parameters; those the kernel does not use are ignored.
     */
    public static Function of(String name, double gamma, int degree, double coef0) {
      Objects.requireNonNull(name, "name");
      switch (name.toLowerCase(Locale.ROOT)) {
        case "linear":
          return linear();
        case "poly":
          return poly(gamma, degree, coef0);
        case "rbf":
          return rbf(gamma);
        default:
          throw new IllegalArgumentException("kernel must be linear, poly or rbf, got '" + name + "'");
      }
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

    /** {@code linear}, {@code poly} or {@code rbf}. */
    public String name() {
      return name;
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

    /** Finishes Gram values in place: g[gOff, gOff + m) from dot products to kernel values. */
    void finish(float[] g, int gOff, int m, float xNorm, float[] svNorms) {
      if (name.equals("rbf")) {
        GramBlocks.rbf(g, gOff, m, xNorm, svNorms, gamma);
      } else if (name.equals("poly")) {
        GramBlocks.poly(g, gOff, m, gamma, coef0, degree);
      }
    }

    boolean usesNorms() {
      return name.equals("rbf");
    }

    @Override
    public boolean equals(Object o) {
      if (!(o instanceof Function)) {
        return false;
      }
      Function f = (Function) o;
      return name.equals(f.name) && Float.compare(gamma, f.gamma) == 0 && degree == f.degree
          && Float.compare(coef0, f.coef0) == 0;
    }

    @Override
    public int hashCode() {
      return Objects.hash(name, gamma, degree, coef0);
    }

    /** e.g. {@code rbf(gamma=0.0102)}, {@code poly(gamma=1, degree=3, coef0=1)}, {@code linear}. */
    @Override
    public String toString() {
      switch (name) {
        case "rbf":
          return "rbf(gamma=" + gamma + ")";
        case "poly":
          return "poly(gamma=" + gamma + ", degree=" + degree + ", coef0=" + coef0 + ")";
        default:
          return name;
      }
    }
  }

  /** Rows scored at once by {@link #predictClasses}: bounds the Gram block to BLOCK x |S| floats. */
  private static final int BLOCK = 128;

  private final Function kernel;
  private final Algorithm algorithm;
  private final Labels labels;
  private final Dataset sv;
  private final int k;
  private final int kp;
  private final float[] coef;
  private final float[] bias;
  private final int[] voteSv;
  private final int[] votePlus;
  private final int[] voteMinus;
  private final long[] voteCounts;
  private final boolean voteBias;
  /** The support vectors packed for the Gram blocks, made on first use (prediction); shared with {@link #withTrainingClasses}. */
  private final SvPanels svPanels;
  /**
   * The dataset the model was trained on, when its training classes are known; else null. Weak,
   * so that a model kept after its training data is dropped does not keep the data alive.
   */
  private final WeakReference<Dataset> trainedOn;
  /** The predicted classes of trainedOn's rows, computed from training's kernel columns; else null. */
  private final int[] trainedClasses;

  /** Trusted constructor: the arrays are owned by the model from now on; coef is m x kp, bias kp. */
  KernelModel(Function kernel, Algorithm algorithm, Labels labels, Dataset sv, float[] coef, float[] bias,
      int[] voteSv, int[] votePlus, int[] voteMinus, long[] voteCounts, boolean voteBias) {
    this.kernel = kernel;
    this.algorithm = algorithm;
    this.labels = labels;
    this.sv = sv;
    this.k = labels.size() <= 2 ? 1 : labels.size();
    this.kp = ClassScores.paddedClasses(k);
    this.coef = coef;
    this.bias = bias;
    this.voteSv = voteSv;
    this.votePlus = votePlus;
    this.voteMinus = voteMinus;
    this.voteCounts = voteCounts;
    this.voteBias = voteBias;
    this.svPanels = new SvPanels(sv);
    this.trainedOn = new WeakReference<>(null);
    this.trainedClasses = null;
  }

  /** The model {@code of} with the predicted classes of its training rows: every array shared, classes owned. */
  private KernelModel(KernelModel of, Dataset trainedOn, int[] trainedClasses) {
    this.kernel = of.kernel;
    this.algorithm = of.algorithm;
    this.labels = of.labels;
    this.sv = of.sv;
    this.k = of.k;
    this.kp = of.kp;
    this.coef = of.coef;
    this.bias = of.bias;
    this.voteSv = of.voteSv;
    this.votePlus = of.votePlus;
    this.voteMinus = of.voteMinus;
    this.voteCounts = of.voteCounts;
    this.voteBias = of.voteBias;
    this.svPanels = of.svPanels;
    this.trainedOn = new WeakReference<>(trainedOn);
    this.trainedClasses = trainedClasses;
  }

  /**
   * This model, remembering the predicted classes of the rows of {@code data}, the set it was
   * trained on, as {@link #scoresFromColumns} gives them from training's kernel columns (the same
   * bits as {@link #predictClasses} computes). {@code predictClasses(data)} then returns them
   * without a Gram block.
   */
  KernelModel withTrainingClasses(Dataset data, int[] classes) {
    return new KernelModel(this, data, classes);
  }

  /**
   * A plain or averaged kernel model from its parts (copied), e.g. read back from a model file:
   * {@code coefficients[s]} holds support vector s's coefficient per score (1 for at most two
   * classes, K otherwise), {@code biases} one per score. Arguments are not modified.
   */
  public static KernelModel of(Function kernel, Algorithm algorithm, Labels labels, Dataset supportVectors,
      float[][] coefficients, float[] biases) {
    int k = checkParts(kernel, algorithm, labels, supportVectors, biases);
    if (algorithm == Algorithm.VOTED) {
      throw new IllegalArgumentException("a voted kernel model is made by voted(...)");
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
      LinearModel.checkFinite("coefficients[" + s + "]", coefficients[s]);
      System.arraycopy(coefficients[s], 0, flat, s * kp, k);
    }
    return new KernelModel(kernel, algorithm, labels, supportVectors, flat, Arrays.copyOf(biases, kp), null, null,
        null, null, false);
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
    return new KernelModel(kernel, Algorithm.VOTED, labels, supportVectors, null,
        new float[ClassScores.paddedClasses(labels.size() <= 2 ? 1 : labels.size())], updateSv.clone(), plus.clone(),
        minus.clone(), counts.clone(), bias);
  }

  private static int checkParts(Function kernel, Algorithm algorithm, Labels labels, Dataset sv, float[] biases) {
    Objects.requireNonNull(kernel, "kernel");
    Objects.requireNonNull(algorithm, "algorithm");
    Objects.requireNonNull(labels, "labels");
    Objects.requireNonNull(sv, "supportVectors");
    Objects.requireNonNull(biases, "biases");
    if (algorithm != Algorithm.PERCEPTRON && algorithm != Algorithm.AVERAGED && algorithm != Algorithm.VOTED) {
      throw new IllegalArgumentException("algorithm must be PERCEPTRON, AVERAGED or VOTED, got " + algorithm);
    }
    int k = labels.size() <= 2 ? 1 : labels.size();
    if (algorithm != Algorithm.VOTED && biases.length != k) {
      throw new IllegalArgumentException(biases.length + " biases, expected " + k);
    }
    LinearModel.checkFinite("biases", biases);
    return k;
  }

  /** The kernel. */
  public Function kernel() {
    return kernel;
  }

  /** PERCEPTRON (the last coefficients), AVERAGED or VOTED. */
  public Algorithm algorithm() {
    return algorithm;
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
    return voteSv == null ? null : voteSv.clone();
  }

  /** Voted only (else null): the class each update added the kernel to. */
  public int[] updatePlus() {
    return votePlus == null ? null : votePlus.clone();
  }

  /** Voted only (else null): the class each update subtracted the kernel from. */
  public int[] updateMinus() {
    return voteMinus == null ? null : voteMinus.clone();
  }

  /** Voted only (else null): the survival count of the classifier after t updates, t in [0, U]. */
  public long[] survivalCounts() {
    return voteCounts == null ? null : voteCounts.clone();
  }

  /** Voted only: whether the bias moved with each update. */
  public boolean votedBias() {
    return voteBias;
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
    float[] s = new float[kp];
    scoreRows(new KernelRows(one(x)), new int[] {0}, 0, 1, new float[stride()], s);
    System.arraycopy(s, 0, out, 0, k);
  }

  @Override
  public int predictClass(Dataset data, int i) {
    checkDimension(data);
    float[] s = new float[kp];
    scoreRows(new KernelRows(data), new int[] {i}, 0, 1, new float[stride()], s);
    return classOf(s, 0);
  }

  @Override
  public int predictClass(float[] x) {
    float[] s = new float[kp];
    scores(x, s);
    return classOf(s, 0);
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
    if (data == trainedOn.get()) {
      return trainedClasses.clone();
    }
    return predictClassesByGram(data);
  }

  /** Whether the model remembers the predicted classes of data's rows (for tests). */
  boolean remembersClassesOf(Dataset data) {
    return data == trainedOn.get();
  }

  /** {@link #predictClasses} through Gram blocks, whatever the model remembers. */
  int[] predictClassesByGram(Dataset data) {
    KernelRows rows = KernelRows.forBlocks(data);
    int n = data.size();
    int[] ids = new int[n];
    Arrays.setAll(ids, i -> i);
    float[] g = new float[BLOCK * stride()];
    float[] s = new float[BLOCK * kp];
    int[] out = new int[n];
    for (int lo = 0; lo < n; lo += BLOCK) {
      int hi = Math.min(n, lo + BLOCK);
      Arrays.fill(s, 0f);
      scoreRows(rows, ids, lo, hi, g, s);
      for (int t = lo; t < hi; t++) {
        out[t] = classOf(s, (t - lo) * kp);
      }
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

  private int stride() {
    return Math.max(GramBlocks.panels(sv.size()), 1) * GramBlocks.PANEL;
  }

  /**
   * The support vectors packed in panels of {@link GramBlocks#PANEL} and their squared norms, as
   * the Gram blocks take them. Packed on the first prediction, not when the model is made: a
   * trained model answers for its own training rows from training's kernel columns, and the
   * command that trains it needs no panels (14 MB for 4,521 Fashion-MNIST support vectors).
   * Thread-safe.
   */
  private static final class SvPanels {
    private final Dataset sv;
    private float[] panels;
    private float[] norms;

    SvPanels(Dataset sv) {
      this.sv = sv;
      Math.toIntExact(GramBlocks.packedLength(sv.size(), sv.dimension())); // too many to pack: refused now
    }

    /** Packs the support vectors on the first call. */
    synchronized SvPanels packed() {
      if (panels == null) {
        int m = sv.size();
        KernelRows rows = new KernelRows(sv);
        float[] p = new float[Math.toIntExact(GramBlocks.packedLength(m, sv.dimension()))];
        float[] n = new float[GramBlocks.panels(m) * GramBlocks.PANEL];
        for (int s = 0; s < m; s++) {
          rows.pack(s, p, s);
          n[s] = rows.norm(s);
        }
        norms = n;
        panels = p;
      }
      return this;
    }
  }

  /** Scores of rows[from, to) into s[(t - from) * kp ..] (zeroed by the caller), g a scratch of (to - from) x stride(). */
  private void scoreRows(KernelRows rows, int[] ids, int from, int to, float[] g, float[] s) {
    int m = sv.size();
    int stride = stride();
    SvPanels packed = svPanels.packed();
    float[] svNorms = packed.norms;
    rows.gram(ids, from, to, packed.panels, GramBlocks.panels(m), g, 0, stride);
    for (int t = from; t < to; t++) {
      int go = (t - from) * stride;
      int so = (t - from) * kp;
      kernel.finish(g, go, m, kernel.usesNorms() ? rows.norm(ids[t]) : 0f, svNorms);
      scoreFinished(g, go, s, so);
    }
  }

  /** A row's scores (s[so, so + kp)) from its kernel values against the support vectors, g[go, go + size()). */
  private void scoreFinished(float[] g, int go, float[] s, int so) {
    if (voteSv != null) {
      vote(g, go, s, so);
    } else {
      System.arraycopy(bias, 0, s, so, kp);
      GramBlocks.classScores(g, go, m(), coef, kp, s, so);
    }
  }

  private int m() {
    return sv.size();
  }

  /**
   * The scores of n rows from their kernel values, given per support vector:
   * {@code columns[s][t] = K(S[s], x_t)}, the finished kernel value of row t against support
   * vector s. Row t's scores land in {@code out[t * kp, t * kp + scoreCount())} (kp the padded
   * score count, {@code out.length >= n * kp}). A plain or averaged model sums, for each row and
   * class, {@code b_c} and then {@code K(S[s], x_t) * alpha_{s,c}} over the support vectors in
   * order, fused when the kernel uses FMA: the chain the Gram block's class scores run
   * ({@code GramBlocks.classScores}), here by the kernel's {@code GramBlocks.columnScores}, with
   * the rows in the vector lanes. A voted model gathers each row's kernel values into a Gram row
   * and votes as for a Gram block. When the columns hold the bits the Gram block computes, so do
   * the scores. Only out is modified.
   */
  void scoresFromColumns(float[][] columns, int n, float[] out) {
    int m = m();
    if (voteSv != null) {
      int stride = stride();
      float[] g = new float[stride];
      for (int t = 0; t < n; t++) {
        for (int s = 0; s < m; s++) {
          g[s] = columns[s][t];
        }
        scoreFinished(g, 0, out, t * kp);
      }
      return;
    }
    float[] sums = columnSums(n);
    addColumnScores(columns, 0, m, sums, n);
    scoresOfSums(sums, n, out);
  }

  /**
   * The start of {@link #scoresFromColumns} for a plain or averaged model whose columns come in
   * batches: class-major sums of n rows, class c's at {@code [c * n, (c + 1) * n)}, each the class's
   * bias. {@link #addColumnScores} then adds the batches in support-vector order and
   * {@link #scoresOfSums} gives the scores, the bits of one call with every column.
   */
  float[] columnSums(int n) {
    float[] sums = new float[kp * n];
    for (int c = 0; c < k; c++) {
      Arrays.fill(sums, c * n, (c + 1) * n, bias[c]);
    }
    return sums;
  }

  /**
   * Adds the kernel columns of support vectors [first, first + count) to the class-major sums of
   * {@link #columnSums} ({@code columns[u]} that of support vector first + u): each row's sum of
   * each class continues its chain over the support vectors in order. Only sums is modified.
   */
  void addColumnScores(float[][] columns, int first, int count, float[] sums, int n) {
    float[] c = first == 0 && count == m() ? coef : Arrays.copyOfRange(coef, first * kp, (first + count) * kp);
    GramBlocks.columnScores(columns, count, 0, n, c, kp, k, sums, n);
  }

  /**
   * The row-major scores of {@link #scoresFromColumns} from finished class-major sums. Only out is
   * modified.
   */
  void scoresOfSums(float[] sums, int n, float[] out) {
    for (int c = 0; c < k; c++) {
      for (int t = 0; t < n; t++) {
        out[t * kp + c] = sums[c * n + t];
      }
    }
  }

  /** The classes of n rows from their scores as {@link #scoresFromColumns} writes them. */
  int[] classesOfScores(float[] scores, int n) {
    int[] out = new int[n];
    for (int t = 0; t < n; t++) {
      out[t] = classOf(scores, t * kp);
    }
    return out;
  }

  /** The padded score count: a row's scores take this many floats in {@link #scoresFromColumns}. */
  int paddedScores() {
    return kp;
  }

  /** The scores of every row of data by Gram blocks, laid out as {@link #scoresFromColumns} lays them out (for tests). */
  float[] scoresByGram(Dataset data) {
    KernelRows rows = KernelRows.forBlocks(data);
    int n = data.size();
    int[] ids = new int[n];
    Arrays.setAll(ids, i -> i);
    float[] out = new float[n * kp];
    float[] g = new float[BLOCK * stride()];
    float[] s = new float[BLOCK * kp];
    for (int lo = 0; lo < n; lo += BLOCK) {
      int hi = Math.min(n, lo + BLOCK);
      Arrays.fill(s, 0f);
      scoreRows(rows, ids, lo, hi, g, s);
      System.arraycopy(s, 0, out, lo * kp, (hi - lo) * kp);
    }
    return out;
  }

  /** The voted scores from a row's kernel values: the votes per class (binary: the signed vote sum). */
  private void vote(float[] g, int go, float[] s, int so) {
    float[] run = new float[kp];
    float[] runBias = new float[kp];
    float[] total = new float[kp];
    double[] votes = new double[k];
    for (int t = 0; t <= voteSv.length; t++) {
      if (t > 0) {
        int u = t - 1;
        float kv = g[go + voteSv[u]];
        if (k == 1) {
          float y = votePlus[u] == 1 ? 1f : -1f;
          run[0] += y * kv;
          if (voteBias) {
            runBias[0] += y;
          }
        } else {
          run[votePlus[u]] += kv;
          run[voteMinus[u]] -= kv;
          if (voteBias) {
            runBias[votePlus[u]] += 1f;
            runBias[voteMinus[u]] -= 1f;
          }
        }
      }
      long c = voteCounts[t];
      if (c == 0) {
        continue;
      }
      if (k == 1) {
        votes[0] += run[0] + runBias[0] > 0f ? c : -c;
      } else {
        for (int cl = 0; cl < k; cl++) {
          total[cl] = run[cl] + runBias[cl];
        }
        votes[MulticlassModel.argMax(total, k)] += c;
      }
    }
    for (int c = 0; c < k; c++) {
      s[so + c] = (float) votes[c];
    }
  }

  private int classOf(float[] s, int so) {
    if (k > 1) {
      return MulticlassModel.argMax(Arrays.copyOfRange(s, so, so + k), k);
    }
    float score = s[so];
    if (labels.size() == 2) {
      return score > 0f ? 1 : 0;
    }
    return labels.binaryLabel(0) == (score > 0f ? 1f : -1f) ? 0 : -1;
  }

  @Override
  public String toString() {
    return "KernelModel(" + algorithm.canonicalName() + ", " + kernel + ", " + sv.size() + " support vectors, "
        + labels + ")";
  }
}
