package io.github.simdperceptron.text;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.data.internal.DataAccess;
import io.github.simdperceptron.io.internal.FormatException;
import io.github.simdperceptron.io.internal.GzipDetect;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Reads text files of labelled documents (docs/formats.md, "Text"): one document per line,
 * fastText's {@code __label__NAME} fields or {@code label<TAB>text}, UTF-8, gzip-compressed or not.
 * {@link #read} builds a whole {@link TextCorpus} (fitting a dictionary vectorizer on the way, in
 * the same pass); {@link #open} streams documents one at a time with constant memory. Every bad
 * line is a {@link java.io.IOException} naming the source, the line and the column.
 */
public final class TextFile {
  private TextFile() {}

  /** {@link #read(TextVectorizer, InputStream, String)} of a file (gzip or not); the file is closed. */
  public static TextCorpus read(TextVectorizer vectorizer, Path file) throws IOException {
    Objects.requireNonNull(file, "file");
    try (InputStream in = Files.newInputStream(file)) {
      return read(vectorizer, in, file.toString());
    }
  }

  /**
   * Reads every line of {@code in} (decompressed when it starts with the gzip magic bytes; not
   * closed) as a labelled document. A dictionary vectorizer that is not fitted yet is fitted on
   * these documents in the same pass (its dictionary is then the corpus's
   * {@link TextCorpus#vectorizer()}); a fitted or hashing one transforms them. Classes are the
   * labels seen, sorted (numerically when every one is a number). {@code source} names the input
   * in messages. A line with no label, an empty line, malformed UTF-8 and a NUL are errors.
   */
  public static TextCorpus read(TextVectorizer vectorizer, InputStream in, String source) throws IOException {
    Objects.requireNonNull(vectorizer, "vectorizer");
    Objects.requireNonNull(in, "in");
    Objects.requireNonNull(source, "source");
    return new CorpusBuilder(vectorizer, source).read(new GzipDetect(in));
  }

  /**
   * A reader of the documents of {@code in} (gzip-detected; closed with the reader) one at a time,
   * with a fitted vectorizer: for prediction, and for training on data larger than memory. Lines
   * without labels are documents without labels here.
   */
  public static Reader open(TextVectorizer fitted, InputStream in, String source) {
    Objects.requireNonNull(fitted, "fitted");
    Objects.requireNonNull(in, "in");
    Objects.requireNonNull(source, "source");
    if (!fitted.fitted()) {
      throw new IllegalArgumentException("fitted: a dictionary vectorizer must be fitted before it reads a stream");
    }
    return new Reader(fitted, new GzipDetect(in), source);
  }

  /**
   * The documents of a stream, one at a time: {@link #next()} moves to the next line, whose labels
   * and row the other methods give until the next call. The arrays are the reader's own and are
   * reused. Not thread-safe.
   */
  public static final class Reader implements Closeable {
    private final InputStream in;
    private final LineReader lines;
    private final DocumentParser parser;
    private final TextVectorizer.Featurizer featurizer;
    private int nonZeros;
    private long tokens;

    private Reader(TextVectorizer v, InputStream in, String source) {
      this.in = in;
      this.lines = new LineReader(in, source);
      this.parser = new DocumentParser(source);
      this.featurizer = v.featurizer();
    }

    /** Reads the next document; false at the end of the stream. */
    public boolean next() throws IOException {
      if (!lines.next()) {
        return false;
      }
      KeyScanner s = featurizer.scanner;
      parser.parse(lines.bytes(), lines.start(), lines.end(), lines.line(), s);
      tokens += s.tokens();
      nonZeros = featurizer.row(s.keys(), s.count());
      return true;
    }

    /** The current document's line number, from 1. */
    public long line() {
      return lines.line();
    }

    /** The current document's labels as written (empty when it has none); a view, valid until {@link #next()}. */
    public List<String> labels() {
      return parser.labels;
    }

    /** The number of non-zeros of the current row. */
    public int nonZeros() {
      return nonZeros;
    }

    /** The current row's indices in {@code [0, nonZeros())}, increasing; the reader's own array. */
    public int[] indices() {
      return featurizer.indices;
    }

    /** The current row's values in {@code [0, nonZeros())}; the reader's own array. */
    public float[] values() {
      return featurizer.values;
    }

    /** Tokens read so far. */
    public long tokens() {
      return tokens;
    }

    /** Bytes read so far (of the decompressed text). */
    public long bytesRead() {
      return lines.position();
    }

    @Override
    public void close() throws IOException {
      in.close();
    }
  }

  /** One pass over a file: labels, rows, and (fitting) the dictionary's counts. */
  private static final class CorpusBuilder {
    private final TextVectorizer vectorizer;
    private final String source;
    private final boolean fit;
    private final Map<String, Integer> labelIds = new HashMap<>();
    private final List<String> labelNames = new ArrayList<>();
    private int[] rowPtr = new int[1 << 10];
    private int[] indices = new int[1 << 14];
    private float[] values;
    private int[] labelPtr = new int[1 << 10];
    private int[] labelList = new int[1 << 10];
    private boolean multi;
    private int rows;
    private int nnz;
    private int labelCount;
    private long tokens;

    CorpusBuilder(TextVectorizer vectorizer, String source) {
      this.vectorizer = vectorizer;
      this.source = source;
      this.fit = !vectorizer.fitted();
      // Counts when fitting (the values come once the dictionary is known), else the values.
      this.values = new float[indices.length];
    }

    TextCorpus read(InputStream in) throws IOException {
      LineReader lines = new LineReader(in, source);
      DocumentParser parser = new DocumentParser(source);
      TextVectorizer.Featurizer f = vectorizer.fitted() ? vectorizer.featurizer() : null;
      KeyScanner scanner = fit ? vectorizer.scanner() : f.scanner;
      TextVectorizer.DictionaryCounter counter = fit ? new TextVectorizer.DictionaryCounter(1 << 16) : null;
      TextVectorizer.Featurizer counting = fit ? vectorizer.countingFeaturizer() : null;
      while (lines.next()) {
        long line = lines.line();
        if (lines.end() == lines.start()) {
          throw FormatException.atLine(source, line, 0, null, "an empty line (expected a labelled document:"
              + " __label__NAME words ... or LABEL<TAB>text)");
        }
        parser.parse(lines.bytes(), lines.start(), lines.end(), line, scanner);
        if (parser.labels.isEmpty()) {
          throw FormatException.atLine(source, line, 1, null, "no label (expected __label__NAME fields, or a tab"
              + " after the label: LABEL<TAB>text)");
        }
        addLabels(parser.labels);
        tokens += scanner.tokens();
        int n;
        int[] idx;
        float[] val;
        if (fit) {
          // Provisional ids in first-appearance order, with their counts as values.
          if (counting.ids.length < scanner.count()) {
            counting.ids = new int[Math.max(scanner.count(), 2 * counting.ids.length)];
          }
          counter.count(scanner.keys(), scanner.count(), counting.ids);
          n = counting.fromIds(scanner.count());
          idx = counting.indices;
          val = counting.values;
        } else {
          n = f.row(scanner.keys(), scanner.count());
          idx = f.indices;
          val = f.values;
        }
        append(idx, val, n);
      }
      if (rows == 0) {
        throw FormatException.atLine(source, 0, 0, null, "no documents (expected one labelled document per line)");
      }
      TextVectorizer fitted = vectorizer;
      if (fit) {
        fitted = vectorizer.withDictionary(counter.kept(vectorizer.minCount()));
        renumber(counter.finalIds(vectorizer.minCount()), fitted.featurizer());
      }
      return corpus(fitted, fit ? fitted.featurizer().unitValues() : f.unitValues());
    }

    private void addLabels(List<String> names) {
      int first = labelCount;
      for (String name : names) {
        Integer id = labelIds.get(name);
        if (id == null) {
          id = labelNames.size();
          labelIds.put(name, id);
          labelNames.add(name);
        }
        boolean repeated = false;
        for (int k = first; k < labelCount; k++) {
          repeated |= labelList[k] == id;
        }
        if (!repeated) {
          if (labelCount == labelList.length) {
            labelList = Arrays.copyOf(labelList, 2 * labelCount);
          }
          labelList[labelCount++] = id;
        }
      }
      multi |= labelCount - first > 1;
      if (rows + 2 > labelPtr.length) {
        labelPtr = Arrays.copyOf(labelPtr, 2 * labelPtr.length);
      }
      labelPtr[rows + 1] = labelCount;
    }

    private void append(int[] idx, float[] val, int n) {
      if (rows + 2 > rowPtr.length) {
        rowPtr = Arrays.copyOf(rowPtr, 2 * rowPtr.length);
      }
      if ((long) nnz + n > Integer.MAX_VALUE - 16) {
        throw new IllegalArgumentException(source + ": more than " + (Integer.MAX_VALUE - 16) + " non-zeros in"
            + " one dataset (use hashing and streaming for a larger file)");
      }
      if (nnz + n > indices.length) {
        int grown = (int) Math.min(Integer.MAX_VALUE - 16, Math.max(nnz + (long) n, indices.length * 3L / 2));
        indices = Arrays.copyOf(indices, grown);
        values = Arrays.copyOf(values, grown);
      }
      System.arraycopy(idx, 0, indices, nnz, n);
      System.arraycopy(val, 0, values, nnz, n);
      nnz += n;
      rowPtr[++rows] = nnz;
    }

    /**
     * Maps each row's provisional ids to their final ones, dropping those under the minimum count
     * (the map keeps the order of the kept ids, so rows stay sorted), and turns counts into values.
     */
    private void renumber(int[] finalIds, TextVectorizer.Featurizer f) {
      int out = 0;
      int from = 0;
      for (int i = 0; i < rows; i++) {
        int to = rowPtr[i + 1];
        int rowStart = out;
        for (int p = from; p < to; p++) {
          int id = finalIds[indices[p]];
          if (id >= 0) {
            indices[out] = id;
            values[out++] = values[p];
          }
        }
        f.countsToValues(values, rowStart, out);
        from = to;
        rowPtr[i + 1] = out;
      }
      nnz = out;
    }

    private TextCorpus corpus(TextVectorizer fitted, boolean unitValues) {
      // Classes sorted as the other readers sort them: numerically when every name is a number.
      List<String> sorted = new ArrayList<>(labelNames);
      boolean numeric = sorted.stream().allMatch(TextFile::isNumber);
      sorted.sort(numeric ? Comparator.comparingDouble(Double::parseDouble) : Comparator.naturalOrder());
      int[] toSorted = new int[labelNames.size()];
      for (int k = 0; k < toSorted.length; k++) {
        toSorted[labelIds.get(sorted.get(k))] = k;
      }
      int[] classes = new int[rows];
      for (int i = 0; i < rows; i++) {
        classes[i] = toSorted[labelList[labelPtr[i]]];
      }
      for (int k = 0; k < labelCount; k++) {
        labelList[k] = toSorted[labelList[k]];
      }
      Labels labels = Labels.of(sorted);
      Dataset rowsOnly = DataAccess.wrapCheckedRows(Arrays.copyOf(rowPtr, rows + 1), Arrays.copyOf(indices, nnz),
          unitValues ? null : Arrays.copyOf(values, nnz), fitted.dimension(), new double[rows]);
      indices = null;
      values = null;
      Dataset data = rowsOnly.withLabels(labels, classes);
      return new TextCorpus(data, fitted, multi ? Arrays.copyOf(labelPtr, rows + 1) : null,
          multi ? Arrays.copyOf(labelList, labelCount) : null, tokens);
    }
  }

  private static boolean isNumber(String s) {
    try {
      Double.parseDouble(s);
      return !s.isEmpty() && Character.isDigit(s.charAt(s.length() - 1));
    } catch (NumberFormatException e) {
      return false;
    }
  }
}
