package io.github.simdperceptron.text;

import io.github.simdperceptron.io.internal.GzipDetect;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
   * {@link TextCorpus#vectorizer()}), and so are a tfidf one's document frequencies (counted over
   * these documents); a fitted one transforms them. Classes are the labels seen, sorted (numerically when every one is a number). {@code source} names the input
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
      throw new IllegalArgumentException("fitted: a dictionary or tfidf vectorizer must be fitted before it reads a"
          + " stream");
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
      throw new IllegalArgumentException("fitted: a dictionary or tfidf vectorizer must be fitted before it reads a"
          + " stream");
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
      long unlabelledLine, long words) {
    /** The labels as classes, in the order {@link #read} gives them (numerically when every name is a number). */
    public io.github.simdperceptron.data.Labels classes() {
      return io.github.simdperceptron.data.Labels.of(CorpusBuilder.classOrder(documentsPerLabel.keySet()));
    }
  }

  /**
   * Counts the labels of every line of {@code in} (gzip-detected; not closed) without tokenizing
   * the text, on worker threads: documents per label, the number of lines, the first line with
   * several labels and the first with none (0 when there is none), and the words (the fields
   * between white space that are not labels, as fastText counts them). The text is not tokenized,
   * but its bytes are checked: malformed UTF-8 and a NUL are the {@link #read} errors, at the same
   * line and column.
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
      throw new IllegalArgumentException("fitted: a dictionary or tfidf vectorizer must be fitted before it reads a"
          + " stream");
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
}
