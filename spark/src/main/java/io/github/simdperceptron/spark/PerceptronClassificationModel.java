package io.github.simdperceptron.spark;

import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.io.ModelFile;
import io.github.simdperceptron.learn.LinearModel;
import io.github.simdperceptron.learn.Model;
import io.github.simdperceptron.learn.MulticlassModel;
import io.github.simdperceptron.spark.Mixing.Spec;
import io.github.simdperceptron.spark.Mixing.Weights;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.ml.classification.ClassificationModel;
import org.apache.spark.ml.linalg.DenseVector;
import org.apache.spark.ml.linalg.SparseVector;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.ml.util.DefaultParamsWriter$;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.ml.util.MLWritable;
import org.apache.spark.ml.util.MLWriter;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * A model trained by {@link PerceptronClassifier}: the project's {@link LinearModel} (two classes)
 * or {@link MulticlassModel} (K > 2, one row per class), scored by the kernel.
 *
 * <p>The raw prediction is {@code (-s, s)} with s = w.x + b for two classes, else the K scores
 * w_k.x + b_k. The prediction is the label value of the arg max (ties to the smaller class, as the
 * kernel's models decide), so the prediction column holds values of the training label column.
 * Vectors of another size than the training rows are an {@link IllegalArgumentException} that
 * says which size to give: a longer vector usually means another featurizer than the training's
 * (another {@code numFeatures}), so its scores would be wrong without a sign; it is refused, not
 * cut.
 *
 * <p>Saved the Spark way ({@link #write()}, {@link #load(String)}: the params as Spark's metadata,
 * the weights as the project's model file inside), and exported to a plain model file
 * ({@link #exportModelFile(String)}) that {@code bin/perceptron predict} and
 * {@code io.ModelFile.read} read.
 */
public final class PerceptronClassificationModel
    extends ClassificationModel<Vector, PerceptronClassificationModel> implements MLWritable {
  private static final long serialVersionUID = 1L;

  private String uid;
  // The kernel's models are not Serializable; Spark ships this model to the executors, so it keeps
  // plain arrays and rebuilds the kernel model once per JVM.
  private final float[][] rows;
  private final float[] biases;
  private final double[] classValues;
  private final String learner;
  private final boolean bias;
  private final LinkedHashMap<String, String> options;
  private final List<EpochReport> epochs;
  private transient volatile ModelFile saved;

  PerceptronClassificationModel(String uid, Spec spec, Weights w, String learner, List<EpochReport> epochs) {
    this(uid, toSaved(spec, w, learner), epochs);
  }

  private PerceptronClassificationModel(String uid, ModelFile saved, List<EpochReport> epochs) {
    this(Uids.enter(uid), saved, epochs, 0);
  }

  private PerceptronClassificationModel(String uid, ModelFile saved, List<EpochReport> epochs, int unused) {
    this.uid = uid;
    Uids.leave();
    Model m = saved.model();
    if (m instanceof LinearModel) {
      this.rows = new float[][] {((LinearModel) m).weights()};
      this.biases = new float[] {((LinearModel) m).bias()};
    } else if (m instanceof MulticlassModel) {
      this.rows = ((MulticlassModel) m).weights();
      this.biases = ((MulticlassModel) m).biases();
    } else {
      throw new IllegalArgumentException("a perceptron model is a LinearModel or a MulticlassModel, got "
          + m.getClass().getSimpleName());
    }
    this.classValues = m.labels().names().stream().mapToDouble(Double::parseDouble).toArray();
    this.learner = saved.algorithm();
    this.bias = saved.bias();
    this.options = new LinkedHashMap<>(saved.options());
    this.epochs = List.copyOf(epochs);
    this.saved = saved;
  }

  private ModelFile saved() {
    ModelFile s = saved;
    if (s == null) {
      Labels labels = Blocks.labels(classValues);
      Model m = rows.length == 1 ? new LinearModel(rows[0], biases[0], labels) : new MulticlassModel(rows, biases, labels);
      s = new ModelFile(m, learner, bias, options);
      saved = s;
    }
    return s;
  }

  private static ModelFile toSaved(Spec spec, Weights w, String learner) {
    Labels labels = Blocks.labels(spec.classValues());
    Model model;
    if (spec.rows() == 1) {
      model = new LinearModel(w.w(), w.b()[0], labels);
    } else {
      float[][] weightRows = new float[spec.rows()][];
      for (int r = 0; r < weightRows.length; r++) {
        weightRows[r] = w.row(r);
      }
      model = new MulticlassModel(weightRows, w.b(), labels);
    }
    Map<String, String> options = new LinkedHashMap<>();
    options.put("seed", Long.toString(spec.seed()));
    options.put("bias", Boolean.toString(spec.bias()));
    options.put("tau", Float.toString(spec.tau()));
    options.put("mixing", spec.byUpdates() ? "updates" : "uniform");
    return new ModelFile(model, learner, spec.bias(), options);
  }

  @Override
  public String uid() {
    return uid != null ? uid : Uids.pending();
  }

  /** The kernel's model: a {@link LinearModel} for two classes, else a {@link MulticlassModel}. */
  public Model kernelModel() {
    return saved().model();
  }

  /** The class values in ascending order; class index k (raw prediction slot k) predicts classValues()[k]. */
  public double[] classValues() {
    return classValues.clone();
  }

  /** The learner as the model file names it, e.g. {@code AVERAGED}, {@code OVR(MARGIN)}, {@code MULTICLASS(PERCEPTRON)}. */
  public String learner() {
    return learner;
  }

  /** One report per training epoch; empty for a loaded model. */
  public List<EpochReport> epochReports() {
    return epochs;
  }

  @Override
  public int numClasses() {
    return classValues.length;
  }

  @Override
  public int numFeatures() {
    return rows[0].length;
  }

  @Override
  public Vector predictRaw(Vector features) {
    int d = numFeatures();
    if (features.size() != d) {
      throw new IllegalArgumentException("the features vector has size " + features.size()
          + ", the model was trained on size " + d + ": give it vectors of size " + d + " (the training's"
          + " featurizer and numFeatures; a libsvm file with features beyond them: read it with"
          + " TrainJob --test, which ignores them, or drop them before transform)");
    }
    Model m = saved().model();
    if (features instanceof SparseVector) {
      SparseVector s = (SparseVector) features;
      float[] values = floats(s.values());
      return m instanceof LinearModel ? binary(((LinearModel) m).score(s.indices(), values))
          : doubles(((MulticlassModel) m).scores(s.indices(), values));
    }
    float[] x = floats(((DenseVector) features).values());
    return m instanceof LinearModel ? binary(((LinearModel) m).score(x)) : doubles(((MulticlassModel) m).scores(x));
  }

  @Override
  public double raw2prediction(Vector rawPrediction) {
    return classValues[rawPrediction.argmax()];
  }

  private static Vector binary(float score) {
    return Vectors.dense(-(double) score, score);
  }

  private static Vector doubles(float[] scores) {
    double[] out = new double[scores.length];
    for (int k = 0; k < out.length; k++) {
      out[k] = scores[k];
    }
    return Vectors.dense(out);
  }

  private static float[] floats(double[] values) {
    float[] out = new float[values.length];
    for (int j = 0; j < out.length; j++) {
      out[j] = (float) values[j];
    }
    return out;
  }

  @Override
  public PerceptronClassificationModel copy(ParamMap extra) {
    PerceptronClassificationModel copy = new PerceptronClassificationModel(uid, saved(), epochs);
    return copyValues(copy, extra).setParent(parent());
  }

  /** Writes the model to {@code path} as the project's model file (atomically; replaces a file there). */
  public void exportModelFile(String path) throws IOException {
    ModelFile.write(Paths.get(path), saved());
  }

  /** Spark's writer: the params as metadata, the project's model file bytes under {@code path/data}. */
  @Override
  public MLWriter write() {
    return new Writer(this);
  }

  /** Spark's reader of a saved model. */
  public static MLReader<PerceptronClassificationModel> read() {
    return new Reader();
  }

  /** Loads a model saved with {@code write().save(path)}. */
  public static PerceptronClassificationModel load(String path) {
    return read().load(path);
  }

  private byte[] modelFileBytes() {
    try {
      Path tmp = Files.createTempFile("perceptron-model", ".bin");
      try {
        ModelFile.write(tmp, saved());
        return Files.readAllBytes(tmp);
      } finally {
        Files.deleteIfExists(tmp);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static final StructType DATA_SCHEMA =
      new StructType().add("modelFile", DataTypes.BinaryType, false);

  private static final class Writer extends MLWriter {
    private final PerceptronClassificationModel model;

    Writer(PerceptronClassificationModel model) {
      this.model = model;
    }

    @Override
    public void saveImpl(String path) {
      DefaultParamsWriter$.MODULE$.saveMetadata(model, path, sparkSession());
      Row row = RowFactory.create((Object) model.modelFileBytes());
      sparkSession().createDataFrame(List.of(row), DATA_SCHEMA).repartition(1).write()
          .parquet(new org.apache.hadoop.fs.Path(path, "data").toString());
    }
  }

  private static final class Reader extends MLReader<PerceptronClassificationModel> {
    @Override
    public PerceptronClassificationModel load(String path) {
      DefaultParamsReader.Metadata metadata = DefaultParamsReader.loadMetadata(path, sparkSession(),
          PerceptronClassificationModel.class.getName());
      String dataPath = new org.apache.hadoop.fs.Path(path, "data").toString();
      byte[] bytes = (byte[]) sparkSession().read().parquet(dataPath).first().get(0);
      ModelFile saved;
      try {
        saved = ModelFile.read(bytes, dataPath);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      PerceptronClassificationModel model = new PerceptronClassificationModel(metadata.uid(), saved, List.of());
      metadata.getAndSetParams(model, metadata.getAndSetParams$default$2());
      return model;
    }
  }

  @Override
  public String toString() {
    return "PerceptronClassificationModel: uid=" + uid + ", learner=" + learner() + ", numClasses=" + numClasses()
        + ", numFeatures=" + numFeatures() + ", classes=" + Arrays.toString(classValues);
  }
}
