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
    return read(vectorizer, in, source, LineBlocks.threads());
  }

  /** {@link #read(TextVectorizer, InputStream, String)} on {@code threads} threads (the same corpus for any number). */
  static TextCorpus read(TextVectorizer vectorizer, InputStream in, String source, int threads) throws IOException {
    Objects.requireNonNull(vectorizer, "vectorizer");
    Objects.requireNonNull(in, "in");
    Objects.requireNonNull(source, "source");
    return new CorpusBuilder(vectorizer, source).read(new GzipDetect(in), threads);
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

  /** What {@link #forEachRow} hands over for each document, in file order. */
  @FunctionalInterface
  public interface RowSink {
    /**
     * One document: its labels as written (empty when it has none) and its row
     * {@code indices[from, to)} with {@code values[from, to)}; the arrays belong to the reader and
     * are not to be kept or modified.
     */
    void accept(List<String> labels, int[] indices, float[] values, int from, int to) throws IOException;
  }

  /**
   * Reads every document of {@code in} (gzip-detected; not closed) with a fitted vectorizer,
   * tokenizing blocks of lines on worker threads, and hands them to {@code sink} one by one in
   * file order on the caller's thread: the documents of {@link #open}'s reader, read ahead in
   * parallel while the sink works. Memory holds a few blocks, whatever the size of the input.
   */
  public static void forEachRow(TextVectorizer fitted, InputStream in, String source, RowSink sink)
      throws IOException {
    Objects.requireNonNull(fitted, "fitted");
    Objects.requireNonNull(in, "in");
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(sink, "sink");
    if (!fitted.fitted()) {
      throw new IllegalArgumentException("fitted: a dictionary vectorizer must be fitted before it reads a stream");
    }
    ThreadLocal<BlockReader> readers = ThreadLocal.withInitial(() -> new BlockReader(fitted, source, false, false));
    new LineBlocks(source).run(new GzipDetect(in), LineBlocks.threads(),
        (bytes, length, first) -> readers.get().read(bytes, length, first), b -> {
          List<String> labels = new ArrayList<>();
          for (int d = 0; d < b.documents; d++) {
            labels.clear();
            for (int k = b.labelPtr[d]; k < b.labelPtr[d + 1]; k++) {
              labels.add(b.labels[k]);
            }
            sink.accept(labels, b.indices, b.values, b.rowPtr[d], b.rowPtr[d + 1]);
          }
        });
  }

  /** The labels of a stream's documents, without reading their text: {@link #labels}. */
  public record LabelCount(java.util.SortedMap<String, Long> documentsPerLabel, long documents, long multiLabelLine,
      long unlabelledLine, long words) {}

  /**
   * Counts the labels of every line of {@code in} (gzip-detected; not closed) without tokenizing
   * the text, on worker threads: documents per label, the number of lines, the first line with
   * several labels and the first with none (0 when there is none), and the words (the fields
   * between white space that are not labels, as fastText counts them). The text's bytes are not checked.
   */
  public static LabelCount labels(InputStream in, String source) throws IOException {
    Objects.requireNonNull(in, "in");
    Objects.requireNonNull(source, "source");
    final class BlockLabels implements LineBlocks.Counted {
      final java.util.Map<String, Long> counts = new java.util.HashMap<>();
      long lines;
      long firstMulti;
      long firstNone;
      long words;

      @Override
      public long lines() {
        return lines;
      }
    }
    java.util.TreeMap<String, Long> all = new java.util.TreeMap<>();
    long[] found = new long[4];
    LineBlocks blocks = new LineBlocks(source);
    blocks.run(new GzipDetect(in), LineBlocks.threads(), (bytes, length, first) -> {
      LineReader lines = new LineReader(bytes, length, first, source);
      DocumentParser parser = new DocumentParser(source);
      BlockLabels l = new BlockLabels();
      while (lines.next()) {
        parser.parse(lines.bytes(), lines.start(), lines.end(), lines.line(), null);
        if (parser.labels.isEmpty() && l.firstNone == 0) {
          l.firstNone = lines.line();
        }
        if (parser.labels.size() > 1 && l.firstMulti == 0) {
          l.firstMulti = lines.line();
        }
        for (String name : parser.labels) {
          l.counts.merge(name, 1L, Long::sum);
        }
      }
      l.lines = lines.line();
      l.words = parser.words;
      return l;
    }, l -> {
      l.counts.forEach((name, c) -> all.merge(name, c, Long::sum));
      if (found[1] == 0 && l.firstMulti > 0) {
        found[1] = blocks.linesBefore() + l.firstMulti;
      }
      if (found[2] == 0 && l.firstNone > 0) {
        found[2] = blocks.linesBefore() + l.firstNone;
      }
      found[0] += l.lines;
      found[3] += l.words;
    });
    return new LabelCount(all, found[0], found[1], found[2], found[3]);
  }

  /** What a worker makes of one document for {@link #forEachBlock}: it appends to the block's output. */
  @FunctionalInterface
  public interface DocumentWork<S> {
    /**
     * Handles the document of {@code labels} (as written; empty when the line has none) whose row
     * is {@code indices[0, nonZeros)} with {@code values[0, nonZeros)} (arrays the caller reuses),
     * with the worker's own {@code scratch}, appending what it makes to {@code out}.
     */
    void accept(List<String> labels, int[] indices, float[] values, int nonZeros, S scratch, StringBuilder out);
  }

  /**
   * Runs {@code work} over every document of {@code in} (gzip-detected; not closed) on worker
   * threads, each with its own scratch from {@code scratch}, and hands each block's output to
   * {@code take} in file order: the same text as one thread reading the file in order. For
   * prediction: memory holds a few blocks of the input, whatever its size.
   */
  public static <S> void forEachBlock(TextVectorizer fitted, InputStream in, String source,
      java.util.function.Supplier<S> scratch, DocumentWork<S> work, java.util.function.Consumer<CharSequence> take)
      throws IOException {
    Objects.requireNonNull(fitted, "fitted");
    Objects.requireNonNull(in, "in");
    Objects.requireNonNull(source, "source");
    if (!fitted.fitted()) {
      throw new IllegalArgumentException("fitted: a dictionary vectorizer must be fitted before it reads a stream");
    }
    final class Worker {
      final TextVectorizer.Featurizer featurizer = fitted.featurizer();
      final DocumentParser parser = new DocumentParser(source);
      final S own = scratch.get();
    }
    final class Output implements LineBlocks.Counted {
      final StringBuilder text = new StringBuilder();
      long lines;

      @Override
      public long lines() {
        return lines;
      }
    }
    ThreadLocal<Worker> workers = ThreadLocal.withInitial(Worker::new);
    new LineBlocks(source).run(new GzipDetect(in), LineBlocks.threads(), (bytes, length, first) -> {
      Worker w = workers.get();
      Output o = new Output();
      LineReader lines = new LineReader(bytes, length, first, source);
      KeyScanner s = w.featurizer.scanner;
      while (lines.next()) {
        w.parser.parse(lines.bytes(), lines.start(), lines.end(), lines.line(), s);
        int n = w.featurizer.row(s.keys(), s.count());
        work.accept(w.parser.labels, w.featurizer.indices, w.featurizer.values, n, w.own, o.text);
      }
      o.lines = lines.line();
      return o;
    }, o -> take.accept(o.text));
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

    TextCorpus read(InputStream in, int threads) throws IOException {
      ThreadLocal<BlockReader> readers = ThreadLocal.withInitial(() -> new BlockReader(vectorizer, source, fit));
      TextVectorizer.DictionaryCounter counter = fit ? new TextVectorizer.DictionaryCounter(1 << 16) : null;
      LineBlocks blocks = new LineBlocks(source);
      blocks.run(in, threads, (bytes, length, first) -> readers.get().read(bytes, length, first),
          block -> take(block, counter));
      if (rows == 0) {
        throw FormatException.atLine(source, 0, 0, null, "no documents (expected one labelled document per line)");
      }
      TextVectorizer fitted = vectorizer;
      if (fit) {
        fitted = vectorizer.withDictionary(counter.kept(vectorizer.minCount()));
        renumber(counter.finalIds(vectorizer.minCount()), fitted);
      }
      return corpus(fitted, fitted.featurizer().unitValues());
    }

    /** Appends a block's documents: their labels, and their rows (fitting: the keys' provisional ids and counts). */
    private void take(Block block, TextVectorizer.DictionaryCounter counter) {
      tokens += block.tokens;
      int[] ids = null;
      if (fit) {
        int all = block.rowPtr[block.documents];
        ids = new int[all];
        counter.addAll(block.keys, block.counts, 0, all, ids);
      }
      for (int d = 0; d < block.documents; d++) {
        addLabels(block.labels, block.labelPtr[d], block.labelPtr[d + 1]);
        int from = block.rowPtr[d];
        int n = block.rowPtr[d + 1] - from;
        if (fit) {
          reserve(n);
          for (int p = 0; p < n; p++) {
            indices[nnz + p] = ids[from + p];
            values[nnz + p] = block.counts[from + p];
          }
          nnz += n;
          rowPtr[++rows] = nnz;
        } else {
          append(block.indices, block.values, from, n);
        }
      }
    }

    private void addLabels(String[] names, int from, int to) {
      int first = labelCount;
      for (int k = from; k < to; k++) {
        String name = names[k];
        Integer id = labelIds.get(name);
        if (id == null) {
          id = labelNames.size();
          labelIds.put(name, id);
          labelNames.add(name);
        }
        boolean repeated = false;
        for (int j = first; j < labelCount; j++) {
          repeated |= labelList[j] == id;
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

    private void reserve(int n) {
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
    }

    private void append(int[] idx, float[] val, int from, int n) {
      reserve(n);
      System.arraycopy(idx, from, indices, nnz, n);
      System.arraycopy(val, from, values, nnz, n);
      nnz += n;
      rowPtr[++rows] = nnz;
    }

    /**
     * Maps each row's provisional ids to their final ones, dropping those under the minimum count
     * (the map keeps the order of the kept ids, so rows stay sorted), and turns counts into values.
     */
    private void renumber(int[] finalIds, TextVectorizer fitted) {
      // Rows are independent: parts of them are renumbered in place on several threads, each part
      // compacted within its own stretch, then the stretches are moved together.
      int parts = Math.min(LineBlocks.threads(), Math.max(1, rows / 4096));
      int[] firstRow = new int[parts + 1];
      for (int p = 0; p <= parts; p++) {
        firstRow[p] = (int) ((long) rows * p / parts);
      }
      int[] starts = new int[parts];
      for (int p = 0; p < parts; p++) {
        starts[p] = rowPtr[firstRow[p]];
      }
      int[] ends = new int[parts];
      java.util.stream.IntStream.range(0, parts).parallel().forEach(p ->
          ends[p] = renumberRows(finalIds, fitted.featurizer(), firstRow[p], firstRow[p + 1], starts[p]));
      int out = ends[0];
      for (int p = 1; p < parts; p++) {
        int start = starts[p];
        int shift = start - out;
        System.arraycopy(indices, start, indices, out, ends[p] - start);
        System.arraycopy(values, start, values, out, ends[p] - start);
        for (int i = firstRow[p] + 1; i <= firstRow[p + 1]; i++) {
          rowPtr[i] -= shift;
        }
        out = ends[p] - shift;
      }
      nnz = out;
    }

    /**
     * Renumbers rows [fromRow, toRow) in place from {@code start} (their first entry): final ids, those under
     * the minimum count dropped, sorted, counts turned into values. Writes {@code rowPtr[i + 1]} of
     * each row relative to the same start; returns the end of the part's entries.
     */
    private int renumberRows(int[] finalIds, TextVectorizer.Featurizer f, int fromRow, int toRow, int start) {
      int out = start;
      int from = out;
      long[] pairs = new long[256];
      for (int i = fromRow; i < toRow; i++) {
        int to = rowPtr[i + 1];
        int m = 0;
        if (pairs.length < to - from) {
          pairs = new long[Math.max(to - from, 2 * pairs.length)];
        }
        for (int p = from; p < to; p++) {
          int id = finalIds[indices[p]];
          if (id >= 0) {
            // A row's keys come in order of first appearance: sorted here by final id, count alongside.
            pairs[m++] = ((long) id << 32) | (int) values[p];
          }
        }
        Arrays.sort(pairs, 0, m);
        int rowStart = out;
        for (int p = 0; p < m; p++) {
          indices[out] = (int) (pairs[p] >>> 32);
          values[out++] = (int) pairs[p];
        }
        f.countsToValues(values, rowStart, out);
        from = to;
        rowPtr[i + 1] = out;
      }
      return out;
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

  /** One block's documents as a worker read them. */
  static final class Block implements LineBlocks.Counted {
    long lines;
    int documents;
    long tokens;
    String[] labels;
    int[] labelPtr;
    int[] rowPtr;
    /** Transforming: the rows. */
    int[] indices;
    float[] values;
    /** Fitting: each document's distinct keys in order of first appearance, with their counts. */
    long[] keys;
    int[] counts;

    @Override
    public long lines() {
      return lines;
    }
  }

  /** A worker thread's reader of blocks: its own scanner, parser and scratch. */
  static final class BlockReader {
    private final String source;
    private final boolean fit;
    private final TextVectorizer.Featurizer featurizer;
    private final DocumentParser parser;
    private final DistinctKeys distinct = new DistinctKeys();

    private final boolean needLabels;

    BlockReader(TextVectorizer v, String source, boolean fit) {
      this(v, source, fit, true);
    }

    BlockReader(TextVectorizer v, String source, boolean fit, boolean needLabels) {
      this.source = source;
      this.fit = fit;
      this.needLabels = needLabels;
      this.featurizer = fit ? v.countingFeaturizer() : v.featurizer();
      this.parser = new DocumentParser(source);
    }

    Block read(byte[] bytes, int length, boolean first) throws IOException {
      LineReader lines = new LineReader(bytes, length, first, source);
      Block b = new Block();
      int cap = Math.max(16, length / 64);
      b.labels = new String[cap];
      b.labelPtr = new int[cap + 1];
      b.rowPtr = new int[cap + 1];
      int entries = Math.max(64, length / 3);
      if (fit) {
        b.keys = new long[entries];
        b.counts = new int[entries];
      } else {
        b.indices = new int[entries];
        b.values = new float[entries];
      }
      int labelCount = 0;
      int nnz = 0;
      KeyScanner scanner = featurizer.scanner;
      while (lines.next()) {
        long line = lines.line();
        if (lines.end() == lines.start() && needLabels) {
          throw FormatException.atLine(source, line, 0, null, "an empty line (expected a labelled document:"
              + " __label__NAME words ... or LABEL<TAB>text)");
        }
        parser.parse(lines.bytes(), lines.start(), lines.end(), line, scanner);
        if (parser.labels.isEmpty() && needLabels) {
          throw FormatException.atLine(source, line, 1, null, "no label (expected __label__NAME fields, or a tab"
              + " after the label: LABEL<TAB>text)");
        }
        int d = b.documents;
        if (d + 1 >= b.rowPtr.length) {
          b.rowPtr = Arrays.copyOf(b.rowPtr, 2 * b.rowPtr.length);
          b.labelPtr = Arrays.copyOf(b.labelPtr, 2 * b.labelPtr.length);
        }
        for (String label : parser.labels) {
          if (labelCount == b.labels.length) {
            b.labels = Arrays.copyOf(b.labels, 2 * labelCount);
          }
          b.labels[labelCount++] = label;
        }
        b.labelPtr[d + 1] = labelCount;
        b.tokens += scanner.tokens();
        int n;
        if (fit) {
          n = distinct.of(scanner.keys(), scanner.count());
          if (nnz + n > b.keys.length) {
            b.keys = Arrays.copyOf(b.keys, Math.max(nnz + n, 2 * b.keys.length));
            b.counts = Arrays.copyOf(b.counts, b.keys.length);
          }
          System.arraycopy(distinct.keys, 0, b.keys, nnz, n);
          System.arraycopy(distinct.counts, 0, b.counts, nnz, n);
        } else {
          n = featurizer.row(scanner.keys(), scanner.count());
          if (nnz + n > b.indices.length) {
            b.indices = Arrays.copyOf(b.indices, Math.max(nnz + n, 2 * b.indices.length));
            b.values = Arrays.copyOf(b.values, b.indices.length);
          }
          System.arraycopy(featurizer.indices, 0, b.indices, nnz, n);
          System.arraycopy(featurizer.values, 0, b.values, nnz, n);
        }
        nnz += n;
        b.rowPtr[d + 1] = nnz;
        b.documents++;
      }
      b.lines = lines.line();
      return b;
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
