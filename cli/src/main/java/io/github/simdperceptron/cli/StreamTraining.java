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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;

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
    int[] rowPtr = new int[window + 1];
    int[] indices = new int[1 << 16];
    float[] values = new float[1 << 16];
    int[] classes = new int[window];
    for (int epoch = 0; epoch < options.maxEpochs(); epoch++) {
      long epochMistakes = 0;
      try (TextFile.Reader reader = TextFile.open(vectorizer, open(), file.toString())) {
        int rows = 0;
        int nnz = 0;
        boolean more = true;
        while (more) {
          more = reader.next();
          if (more) {
            int n = reader.nonZeros();
            if (nnz + n > indices.length) {
              indices = Arrays.copyOf(indices, Math.max(nnz + n, 2 * indices.length));
              values = Arrays.copyOf(values, indices.length);
            }
            System.arraycopy(reader.indices(), 0, indices, nnz, n);
            System.arraycopy(reader.values(), 0, values, nnz, n);
            nnz += n;
            classes[rows++] = labels.indexOf(reader.labels().get(0));
            rowPtr[rows] = nnz;
          }
          if (rows == window || (!more && rows > 0)) {
            Dataset block = DataAccess.wrapCheckedRows(Arrays.copyOf(rowPtr, rows + 1), Arrays.copyOf(indices, nnz),
                Arrays.copyOf(values, nnz), d, new double[rows]).withLabels(labels, Arrays.copyOf(classes, rows));
            TrainingReport r = learner.partialFit(block);
            epochMistakes += r.mistakes();
            updates += r.updates();
            rows = 0;
            nnz = 0;
          }
        }
        if (epoch == 0) {
          tokens = reader.tokens();
        }
      }
      mistakes += epochMistakes;
      epochs++;
      if (progress != null) {
        double elapsed = (System.nanoTime() - start) / 1e9;
        progress.epochFinished(epoch + 1, (int) Math.min(Integer.MAX_VALUE, epochMistakes), 0,
            documents * (epoch + 1) / elapsed);
      }
    }
    seconds = (System.nanoTime() - start) / 1e9;
    return learner.model();
  }

  /** The first pass: every document's class (one label each), sorted as the in-memory reader sorts them. */
  private Labels classes() throws IOException {
    TreeSet<String> names = new TreeSet<>();
    try (TextFile.Reader reader = TextFile.open(vectorizer, open(), file.toString())) {
      while (reader.next()) {
        List<String> l = reader.labels();
        if (l.isEmpty()) {
          throw new UsageException(file + ":" + reader.line() + ": no label (expected __label__NAME fields, or a"
              + " tab after the label: LABEL<TAB>text)");
        }
        if (l.size() > 1) {
          throw new UsageException(file + ":" + reader.line() + ": several labels: --stream trains one label per"
              + " line (multi-label lines train in memory, without --stream)");
        }
        names.add(l.get(0));
        documents++;
      }
    }
    if (documents == 0) {
      throw new UsageException(file + ": no documents");
    }
    List<String> sorted = new ArrayList<>(names);
    boolean numeric = sorted.stream().allMatch(s -> s.matches("-?[0-9]+(\\.[0-9]+)?"));
    if (numeric) {
      sorted.sort((a, b) -> Double.compare(Double.parseDouble(a), Double.parseDouble(b)));
    }
    return Labels.of(sorted);
  }

  private InputStream open() throws IOException {
    return FileArgs.open(file);
  }
}
