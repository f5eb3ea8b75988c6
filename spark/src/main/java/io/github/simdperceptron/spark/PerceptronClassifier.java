package io.github.simdperceptron.spark;

import static org.apache.spark.sql.functions.col;

import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.spark.Blocks.Block;
import io.github.simdperceptron.spark.Blocks.Summary;
import io.github.simdperceptron.spark.Mixing.Layout;
import io.github.simdperceptron.spark.Mixing.Mix;
import io.github.simdperceptron.spark.Mixing.Partial;
import io.github.simdperceptron.spark.Mixing.Spec;
import io.github.simdperceptron.spark.Mixing.Weights;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.ml.classification.Classifier;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.param.BooleanParam;
import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.LongParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.param.ParamValidators;
import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.ml.util.DefaultParamsWritable;
import org.apache.spark.ml.util.Identifiable$;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.ml.util.MetadataUtils$;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.storage.StorageLevel;
import scala.Option;
import scala.Tuple2;

/**
 * The perceptrons as a Spark ML classifier, trained by iterative parameter mixing (McDonald, Hall
 * and Mann 2010) with the project's kernel on every executor.
 *
 * <p>Training. Each partition's rows become one kernel dataset (dense or CSR), cached in the
 * executors' memory. Epoch t = 0..maxIter-1 broadcasts the weights w^(t) (zero at t = 0); the
 * p-th non-empty partition runs one epoch of the kernel's learner from w^(t) over its rows, in the
 * order of {@code Random(partitionSeed(seed, t, p))}, giving w_p; the driver mixes, per weight row r,
 * <pre>
 *   w_r^(t+1) = sum_p c_pr w_pr / sum_p c_pr
 * </pre>
 * with c_pr = 1 ({@code mixing = "uniform"}) or the updates partition p made to row r in the
 * epoch ({@code "updates"}, the paper's weighting by mistakes; for the perceptron and the averaged
 * perceptron updates are mistakes; the direct multi-class perceptron weights all its rows by the
 * partition's updates, each of which moves two rows). Sums are taken in double, in partition order, in a tree of
 * fan-in ceil(sqrt(P)), so the same seed and partitioning give the same model. The averaged
 * variant mixes each partition's averaged weights and starts the next epoch from the mixture.
 * Training stops early after an epoch in which no partition updated its weights (they would not
 * change again).
 *
 * <p>Classes. The labels are any finite numbers (0/1, -1/+1, 1..K, ...): the model's classes are
 * their distinct values in ascending order and its prediction column holds the label value itself.
 * A label column with nominal metadata (e.g. from {@code StringIndexer}) fixes K classes 0..K-1,
 * and a label outside them is an error. Two classes train one binary learner; more train
 * one-vs-rest (one binary learner per class, any algorithm) or the direct multi-class perceptron
 * ({@code multiclass = "direct"}, perceptron or averaged).
 *
 * <p>With one partition the model equals, bit for bit, the single-machine sequence of
 * docs/spark.md: per epoch t, one epoch of the kernel learner with seed partitionSeed(seed, t, 0)
 * from the previous epoch's model.
 */
public final class PerceptronClassifier
    extends Classifier<Vector, PerceptronClassifier, PerceptronClassificationModel>
    implements DefaultParamsWritable {
  private static final long serialVersionUID = 1L;
  /** More distinct labels than this is almost surely a regression target, not classes. */
  static final int MAX_CLASSES = 10_000;
  private static final List<String> ALGORITHMS = List.of("perceptron", "averaged", "margin");
  private static final List<String> MULTICLASS = List.of("oneVsRest", "direct");
  private static final List<String> MIXING = List.of("uniform", "updates");

  private String uid;
  private final Param<String> algorithm;
  private final IntParam maxIter;
  private final LongParam seed;
  private final BooleanParam fitIntercept;
  private final DoubleParam tau;
  private final Param<String> multiclass;
  private final Param<String> mixing;

  /** An estimator with a random uid and the default params. */
  public PerceptronClassifier() {
    this(Identifiable$.MODULE$.randomUID("perceptron"));
  }

  /** An estimator with this uid (Spark's copy and load use it). */
  public PerceptronClassifier(String uid) {
    this(Uids.enter(uid), 0);
  }

  private PerceptronClassifier(String uid, int unused) {
    this.uid = uid;
    Uids.leave();
    algorithm = new Param<>(this, "algorithm", "the learner: " + ALGORITHMS, ParamValidators.inArray(ALGORITHMS));
    maxIter = new IntParam(this, "maxIter", "epochs (passes over the data), >= 1", ParamValidators.gtEq(1));
    seed = new LongParam(this, "seed", "the seed of the example orders");
    fitIntercept = new BooleanParam(this, "fitIntercept", "whether a bias is learned");
    tau = new DoubleParam(this, "tau", "the margin perceptron's threshold: update when y a <= tau, >= 0",
        ParamValidators.gtEq(0));
    multiclass = new Param<>(this, "multiclass", "more than two classes: " + MULTICLASS,
        ParamValidators.inArray(MULTICLASS));
    mixing = new Param<>(this, "mixing", "how partitions' weights are combined: " + MIXING,
        ParamValidators.inArray(MIXING));
    setDefault(algorithm, "averaged");
    setDefault(maxIter, 10);
    setDefault(seed, 0L);
    setDefault(fitIntercept, true);
    setDefault(tau, 0.0);
    setDefault(multiclass, "oneVsRest");
    setDefault(mixing, "uniform");
  }

  @Override
  public String uid() {
    return uid != null ? uid : Uids.pending();
  }

  /** The learner: "perceptron", "averaged" (the default) or "margin". */
  public Param<String> algorithm() {
    return algorithm;
  }

  /** Epochs, at least 1 (default 10). */
  public IntParam maxIter() {
    return maxIter;
  }

  /** The seed every partition's example order derives from (default 0); see {@link #partitionSeed}. */
  public LongParam seed() {
    return seed;
  }

  /** Whether a bias b is learned (default true). */
  public BooleanParam fitIntercept() {
    return fitIntercept;
  }

  /** The margin perceptron's tau >= 0 (default 0): it updates when y (w.x + b) <= tau. */
  public DoubleParam tau() {
    return tau;
  }

  /** With more than two classes: "oneVsRest" (the default) or "direct" (the multi-class perceptron). */
  public Param<String> multiclass() {
    return multiclass;
  }

  /** "uniform" (the default) or "updates": each partition weighted by the updates it made. */
  public Param<String> mixing() {
    return mixing;
  }

  /** The learner: see {@link #algorithm()}. */
  public String getAlgorithm() {
    return $(algorithm);
  }

  /** The number of epochs: see {@link #maxIter()}. */
  public int getMaxIter() {
    return (Integer) $(maxIter);
  }

  /** The seed: see {@link #seed()}. */
  public long getSeed() {
    return (Long) $(seed);
  }

  /** Whether a bias is learned: see {@link #fitIntercept()}. */
  public boolean getFitIntercept() {
    return (Boolean) $(fitIntercept);
  }

  /** The margin perceptron's tau: see {@link #tau()}. */
  public double getTau() {
    return (Double) $(tau);
  }

  /** The multi-class strategy: see {@link #multiclass()}. */
  public String getMulticlass() {
    return $(multiclass);
  }

  /** The mixing of the partitions' weights: see {@link #mixing()}. */
  public String getMixing() {
    return $(mixing);
  }

  /** Sets the learner; see {@link #algorithm()}. */
  public PerceptronClassifier setAlgorithm(String value) {
    return (PerceptronClassifier) set(algorithm, value);
  }

  /** Sets the number of epochs; see {@link #maxIter()}. */
  public PerceptronClassifier setMaxIter(int value) {
    return (PerceptronClassifier) set(maxIter, value);
  }

  /** Sets the seed; see {@link #seed()}. */
  public PerceptronClassifier setSeed(long value) {
    return (PerceptronClassifier) set(seed, value);
  }

  /** Sets whether a bias is learned; see {@link #fitIntercept()}. */
  public PerceptronClassifier setFitIntercept(boolean value) {
    return (PerceptronClassifier) set(fitIntercept, value);
  }

  /** Sets the margin perceptron's tau; see {@link #tau()}. */
  public PerceptronClassifier setTau(double value) {
    return (PerceptronClassifier) set(tau, value);
  }

  /** Sets the multi-class strategy; see {@link #multiclass()}. */
  public PerceptronClassifier setMulticlass(String value) {
    return (PerceptronClassifier) set(multiclass, value);
  }

  /** Sets the mixing of the partitions' weights; see {@link #mixing()}. */
  public PerceptronClassifier setMixing(String value) {
    return (PerceptronClassifier) set(mixing, value);
  }

  /**
   * The seed of the example order of the p-th non-empty partition (p = 0, 1, ... in partition
   * order) in epoch t: a SplitMix64 hash of (seed, t, p). That partition visits its rows in the
   * order of the kernel learner's shuffle with the options' {@code seed(partitionSeed(...))}.
   */
  public static long partitionSeed(long seed, int epoch, int partition) {
    return mix64(mix64(seed) ^ (((long) epoch << 32) | (partition & 0xFFFF_FFFFL)));
  }

  private static long mix64(long x) {
    long z = x + 0x9E37_79B9_7F4A_7C15L;
    z = (z ^ (z >>> 30)) * 0xBF58_476D_1CE4_E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D0_49BB_1331_11EBL;
    return z ^ (z >>> 31);
  }

  @Override
  public PerceptronClassifier copy(ParamMap extra) {
    return defaultCopy(extra);
  }

  /** Spark's reader of a saved estimator. */
  public static MLReader<PerceptronClassifier> read() {
    return new DefaultParamsReader<>();
  }

  /** Loads an estimator saved with {@code write().save(path)}. */
  public static PerceptronClassifier load(String path) {
    return read().load(path);
  }

  /**
   * Trains by iterative parameter mixing (see the class comment). Bad input (a null, a NaN or
   * infinite feature or label, vectors of different sizes, a label outside the classes the label
   * column's metadata declares, no rows) is an {@link IllegalArgumentException} that names it.
   */
  @Override
  public PerceptronClassificationModel train(Dataset<?> dataset) {
    try {
      return fitByMixing(dataset);
    } catch (IllegalArgumentException e) {
      throw e;
    } catch (Exception e) {
      // An executor's IllegalArgumentException reaches the driver wrapped in a SparkException.
      for (Throwable t = e.getCause(); t != null; t = t.getCause()) {
        if (t instanceof IllegalArgumentException) {
          throw new IllegalArgumentException(t.getMessage(), e);
        }
      }
      throw e;
    }
  }

  private PerceptronClassificationModel fitByMixing(Dataset<?> dataset) {
    String labelCol = getLabelCol();
    String featuresCol = getFeaturesCol();
    double[] classValues = classValues(dataset, labelCol);
    Algorithm alg = Algorithm.valueOf(getAlgorithm().toUpperCase(Locale.ROOT));
    Layout layout = classValues.length == 2 ? Layout.BINARY
        : getMulticlass().equals("direct") ? Layout.DIRECT : Layout.ONE_VS_REST;
    if (layout == Layout.DIRECT && alg == Algorithm.MARGIN) {
      throw new IllegalArgumentException("the direct multi-class perceptron is perceptron or averaged, not margin; "
          + "use multiclass = oneVsRest");
    }
    JavaRDD<Row> rows = dataset.select(col(labelCol).cast("double"), col(featuresCol)).toJavaRDD();
    JavaRDD<Block> blocks = rows.mapPartitionsWithIndex(
        (p, it) -> Collections.singletonList(Blocks.build(p, it, classValues, featuresCol)).iterator(), true)
        .persist(StorageLevel.MEMORY_ONLY());
    try {
      List<Summary> summaries = blocks.map(Block::summary).collect();
      int d = -1;
      int[] rank = new int[summaries.size()];
      int nonEmpty = 0;
      for (Summary s : summaries) {
        rank[s.partition()] = s.rows() == 0 ? -1 : nonEmpty++;
        if (s.rows() > 0 && d < 0) {
          d = s.dimension();
        } else if (s.rows() > 0 && s.dimension() != d) {
          throw new IllegalArgumentException("the features column '" + featuresCol + "' holds vectors of size "
              + d + " and " + s.dimension() + " (partition " + s.partition() + "); every row must have the same size");
        }
      }
      if (nonEmpty == 0) {
        throw new IllegalArgumentException("the training data has no rows");
      }
      Spec spec = new Spec(alg, layout, getFitIntercept(), (float) getTau(), getSeed(), getMixing().equals("updates"),
          classValues, d);
      List<EpochReport> reports = new ArrayList<>();
      Weights w = new Weights(new float[spec.rows() * d], new float[spec.rows()]);
      JavaSparkContext jsc = JavaSparkContext.fromSparkContext(dataset.sparkSession().sparkContext());
      for (int t = 0; t < getMaxIter(); t++) {
        long start = System.nanoTime();
        Mix mix = epoch(jsc, blocks, w, spec, t, rank, nonEmpty);
        w = mix.mixed(w);
        reports.add(new EpochReport(t, mix.mistakes, (System.nanoTime() - start) / 1e9, mix.nanos / 1e9,
            mix.slowestNanos / 1e9));
        if (mix.updates == 0) {
          break;
        }
      }
      // Predictor.fit copies the shared params (columns) onto the model and sets its parent.
      return new PerceptronClassificationModel(uid(), spec, w, learnerName(alg, layout), reports);
    } finally {
      blocks.unpersist(false);
    }
  }

  /** One epoch: broadcast w, learn on every non-empty partition, sum in groups of ranks, add the groups in order. */
  private static Mix epoch(JavaSparkContext jsc, JavaRDD<Block> blocks, Weights w, Spec spec, int t, int[] rank,
      int nonEmpty) {
    Broadcast<Weights> current = jsc.broadcast(w);
    try {
      int fanIn = Math.max(2, (int) Math.ceil(Math.sqrt(nonEmpty)));
      int groups = (nonEmpty + fanIn - 1) / fanIn;
      boolean byUpdates = spec.byUpdates();
      List<Tuple2<Integer, Mix>> sums = blocks
          .flatMap(b -> partial(b, current.value(), spec, t, rank))
          .mapToPair(p -> new Tuple2<>(p.rank() / fanIn, p))
          .groupByKey(groups)
          .mapValues(ps -> Mix.of(ps, byUpdates))
          .collect();
      List<Tuple2<Integer, Mix>> inOrder = new ArrayList<>(sums);
      inOrder.sort((a, b) -> Integer.compare(a._1(), b._1()));
      Mix total = inOrder.get(0)._2();
      for (int g = 1; g < inOrder.size(); g++) {
        total.add(inOrder.get(g)._2());
      }
      return total;
    } finally {
      current.destroy();
    }
  }

  private static Iterator<Partial> partial(Block b, Weights w, Spec spec, int t, int[] rank) {
    if (b.data == null) {
      return Collections.emptyIterator();
    }
    return Collections.singletonList(Mixing.epoch(b.data, w, spec, t, rank[b.partition])).iterator();
  }

  /** The learner's name as the project's model file records it. */
  private static String learnerName(Algorithm alg, Layout layout) {
    switch (layout) {
      case BINARY:
        return alg.name();
      case ONE_VS_REST:
        return "OVR(" + alg.name() + ")";
      default:
        return "MULTICLASS(" + alg.name() + ")";
    }
  }

  /**
   * The classes: 0..K-1 when the label column's metadata declares K (every label must be one of
   * them), else the distinct label values in ascending order; at least 2.
   */
  private static double[] classValues(Dataset<?> dataset, String labelCol) {
    Option<Object> declared = MetadataUtils$.MODULE$.getNumClasses(dataset.schema().apply(labelCol));
    List<Row> distinct = dataset.select(col(labelCol).cast("double")).distinct().limit(MAX_CLASSES + 1)
        .collectAsList();
    if (distinct.size() > MAX_CLASSES) {
      throw new IllegalArgumentException("the label column '" + labelCol + "' holds more than " + MAX_CLASSES
          + " distinct values; a classifier needs class labels");
    }
    double[] values = new double[distinct.size()];
    for (int k = 0; k < values.length; k++) {
      Row r = distinct.get(k);
      if (r.isNullAt(0) || !Double.isFinite(r.getDouble(0))) {
        throw new IllegalArgumentException("the label column '" + labelCol + "' holds "
            + (r.isNullAt(0) ? "null" : r.getDouble(0)) + "; labels must be finite numbers");
      }
      values[k] = r.getDouble(0) + 0.0;
    }
    values = Arrays.stream(values).distinct().sorted().toArray();
    if (declared.isDefined()) {
      int k = (Integer) declared.get();
      for (double v : values) {
        if (v != Math.rint(v) || v < 0 || v >= k) {
          throw new IllegalArgumentException("the label column '" + labelCol + "' declares " + k
              + " classes (labels 0 to " + (k - 1) + ") in its metadata but holds the label " + v);
        }
      }
      values = new double[k];
      for (int c = 0; c < k; c++) {
        values[c] = c;
      }
    }
    if (values.length < 2) {
      throw new IllegalArgumentException("the label column '" + labelCol + "' holds " + values.length
          + " class" + (values.length == 1 ? " (" + values[0] + ")" : "es") + "; a classifier needs at least 2");
    }
    return values;
  }
}
