package io.github.simdperceptron.cli;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.data.internal.DataAccess;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.Learner;
import io.github.simdperceptron.learn.Model;
import io.github.simdperceptron.learn.TrainingOptions;
import io.github.simdperceptron.learn.TrainingReport;
import io.github.simdperceptron.text.TextFile;
import io.github.simdperceptron.text.TextVectorizer;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * {@code train --stream}: a text file larger than memory, hashed, read anew every epoch. A first
 * pass collects the classes; then each epoch reads the file in windows of W documents, and the
 * learner makes one shuffled pass over each window ({@link Learner#partialFit}: the training loop's
 * visit order, seeded), so memory holds one window and the weights, whatever the file's size.
 * Against an in-memory shuffle, a document meets only the documents of its own window in a
 * different order, and windows come in file order: with W at least the file's length the two are
 * the same learner on the same data.
 */
final class StreamTraining {
  private final Path file;
  private final TextVectorizer vectorizer;
  private final Algorithm algorithm;
  private final TrainingOptions options;
  private final int window;
  private final Progress progress;

  /** Statistics of the fit, for the report. */
  long documents;
  /** Words of the file (white-space separated, labels aside), as fastText counts them. */
  long tokens;
  long mistakes;
  long updates;
  int epochs;
  double seconds;
  Labels labels;

  StreamTraining(Path file, TextVectorizer vectorizer, Algorithm algorithm, TrainingOptions options, int window,
      Progress progress) {
    this.file = file;
    this.vectorizer = vectorizer;
    this.algorithm = algorithm;
    this.options = options;
    this.window = window;
    this.progress = progress;
  }

  /** Trains and returns the model: binary for two classes, the multi-class perceptron for more. */
  Model fit() throws IOException {
    labels = classes();
    int d = vectorizer.dimension();
    long start = System.nanoTime();
    Learner<? extends Model> learner;
    try {
      // The learner's own seeded stream shuffles each window; the options' epochs are this loop's.
      TrainingOptions one = options.toBuilder().maxEpochs(1).progress(null).build();
      learner = labels.size() <= 2 ? Learner.binary(algorithm, d, labels, one)
          : Learner.multiclass(algorithm, d, labels, one);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--stream: " + e.getMessage() + " (--stream trains perceptron, averaged or margin;"
          + " more than two classes: perceptron or averaged)");
    }
    Window w = new Window(learner, d);
    for (int epoch = 0; epoch < options.maxEpochs(); epoch++) {
      w.mistakes = 0;
      try (InputStream in = open()) {
        TextFile.forEachRow(vectorizer, in, file.toString(), (labels, indices, values, from, to) -> {
          w.add(this.labels.indexOf(labels.get(0)), indices, values, from, to);
          if (w.rows == window) {
            w.learn();
          }
        });
      }
      w.learn();
      mistakes += w.mistakes;
      epochs++;
      if (progress != null) {
        double elapsed = (System.nanoTime() - start) / 1e9;
        progress.epochFinished(epoch + 1, (int) Math.min(Integer.MAX_VALUE, w.mistakes), 0,
            documents * (epoch + 1) / elapsed);
      }
    }
    updates = w.updates;
    seconds = (System.nanoTime() - start) / 1e9;
    return learner.model();
  }

  /** The first pass: every document's class (one label each), in the in-memory reader's order. */
  private Labels classes() throws IOException {
    TextFile.LabelCount count;
    try (InputStream in = open()) {
      count = TextFile.labels(in, file.toString());
    }
    if (count.unlabelledLine() > 0) {
      throw new UsageException(file + ":" + count.unlabelledLine() + ": no label (expected __label__NAME fields, or"
          + " a tab after the label: LABEL<TAB>text)");
    }
    if (count.multiLabelLine() > 0) {
      throw new UsageException(file + ":" + count.multiLabelLine() + ": several labels: --stream trains one label"
          + " per line (multi-label lines train in memory, without --stream)");
    }
    documents = count.documents();
    tokens = count.words();
    if (documents == 0) {
      throw new UsageException(file + ": no documents");
    }
    return count.classes();
  }

  /** The rows of one window, and the learner's pass over them. */
  private final class Window {
    private final Learner<? extends Model> learner;
    private final int d;
    int[] rowPtr = new int[window + 1];
    int[] indices = new int[1 << 16];
    float[] values = new float[1 << 16];
    int[] classes = new int[window];
    int rows;
    int nnz;
    long mistakes;
    long updates;

    Window(Learner<? extends Model> learner, int d) {
      this.learner = learner;
      this.d = d;
    }

    void add(int c, int[] idx, float[] val, int from, int to) {
      int n = to - from;
      if (nnz + n > indices.length) {
        indices = Arrays.copyOf(indices, Math.max(nnz + n, 2 * indices.length));
        values = Arrays.copyOf(values, indices.length);
      }
      System.arraycopy(idx, from, indices, nnz, n);
      System.arraycopy(val, from, values, nnz, n);
      nnz += n;
      classes[rows++] = c;
      rowPtr[rows] = nnz;
    }

    /** One shuffled pass of the learner over the window, which is then emptied. */
    void learn() {
      if (rows == 0) {
        return;
      }
      Dataset block = DataAccess.wrapCheckedRows(Arrays.copyOf(rowPtr, rows + 1), Arrays.copyOf(indices, nnz),
          Arrays.copyOf(values, nnz), d, new double[rows]).withLabels(labels, Arrays.copyOf(classes, rows));
      TrainingReport r = learner.partialFit(block);
      mistakes += r.mistakes();
      updates += r.updates();
      rows = 0;
      nnz = 0;
    }
  }

  private InputStream open() throws IOException {
    return FileArgs.open(file);
  }
}
