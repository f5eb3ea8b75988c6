package io.github.simdperceptron.io;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.data.internal.DataAccess;
import io.github.simdperceptron.io.internal.FormatException;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Streams a libsvm / svmlight file, one example per line: {@code label [qid:N] index:value ...}.
 * Made by {@link LibsvmFormat#open}; docs/formats.md lists every rule and error.
 */
final class LibsvmReader implements DataFormat.Reader {
  /** Largest dimension a dataset can have (the largest array the JVM reliably allocates). */
  static final int MAX_DIMENSION = Integer.MAX_VALUE - 16;

  /** What {@link #parseBytes} made of a line. */
  private static final int EXAMPLE = 1;
  private static final int BLANK = 0;
  private static final int UNUSUAL = -1;

  private final LineSource lines;
  private final LibsvmFormat format;
  private final boolean stringsOnly;
  private int[] idx = new int[16];
  private float[] val = new float[16];
  private int nnz;
  private String label;
  private boolean onExample;
  private double labelValue;
  private int maxIndex = -1;
  private long maxIndexLine;
  private long dropped;
  private long firstDroppedLine;

  LibsvmReader(InputStream in, String source, LibsvmFormat format) {
    this(in, source, format, false);
  }

  /** With {@code stringsOnly}, every line takes {@link #parse(String)} (the tests compare both). */
  LibsvmReader(InputStream in, String source, LibsvmFormat format, boolean stringsOnly) {
    this.lines = new LineSource(in, source);
    this.format = format;
    this.stringsOnly = stringsOnly;
  }

  @Override
  public boolean next() throws IOException {
    while (lines.advance()) {
      int parsed = stringsOnly ? UNUSUAL : parseBytes(lines.array(), lines.from(), lines.to());
      if (parsed == UNUSUAL) {
        parsed = parse(lines.text()) ? EXAMPLE : BLANK;
      }
      if (parsed == EXAMPLE) {
        label = null;
        onExample = true;
        return true;
      }
    }
    onExample = false;
    return false;
  }

  /**
   * Parses the common line, plain ASCII with an integer label and decimal values, straight from
   * its bytes: {@link #EXAMPLE} or {@link #BLANK}. Anything else (a comment, qid, a non-ASCII byte,
   * a label with a fraction, any error) is {@link #UNUSUAL} with no state changed, and the line
   * goes to {@link #parse(String)}, which accepts the same lines with the same values and names
   * what is wrong with the others.
   */
  private int parseBytes(byte[] b, int p, int end) {
    p = skipSpace(b, p, end);
    if (p == end) {
      return BLANK;
    }
    boolean negative = b[p] == '-';
    if (negative || b[p] == '+') {
      p++;
    }
    int digitsFrom = p;
    int whole = 0;
    for (int d; p < end && p - digitsFrom < 9 && (d = b[p] - '0') >= 0 && d <= 9; p++) {
      whole = whole * 10 + d;
    }
    if (p == digitsFrom || p < end && !isSpace(b[p])) {
      return UNUSUAL;
    }
    int dimension = format.dimension();
    int shift = format.zeroBased() ? 0 : 1;
    int n = 0;
    long skipped = 0;
    for (p = skipSpace(b, p, end); p < end; p = skipSpace(b, p, end)) {
      int indexFrom = p;
      long index = 0;
      for (int d; p < end && (d = b[p] - '0') >= 0 && d <= 9; p++) {
        index = index * 10 + d;
        if (index > MAX_DIMENSION) {
          return UNUSUAL;
        }
      }
      if (p == indexFrom || p == end || b[p] != ':') {
        return UNUSUAL;
      }
      index -= shift;
      if (index < 0 || n > 0 && index <= idx[n - 1]) {
        return UNUSUAL;
      }
      int valueFrom = ++p;
      long plain = Decimals.plain(b, valueFrom, end);
      float value;
      if (plain != Decimals.NOT_PLAIN && ((p = (int) (plain >>> 32)) == end || isSpace(b[p]))) {
        value = Float.intBitsToFloat((int) plain);
      } else {
        for (p = valueFrom; p < end && !isSpace(b[p]); p++) {
          // Float.parseFloat would trim control characters, NUL among them, that parse(String) refuses.
          if (b[p] < 0x20) {
            return UNUSUAL;
          }
        }
        try {
          value = Decimals.parseFloat(b, valueFrom, p);
        } catch (NumberFormatException e) {
          return UNUSUAL;
        }
        if (!Float.isFinite(value)) {
          return UNUSUAL;
        }
      }
      if (dimension > 0 && index >= dimension) {
        if (!format.dropBeyond()) {
          return UNUSUAL;
        }
        skipped++;
        continue;
      }
      if (n == idx.length) {
        idx = Arrays.copyOf(idx, n * 2);
        val = Arrays.copyOf(val, n * 2);
      }
      idx[n] = (int) index;
      val[n] = value;
      n++;
    }
    nnz = n;
    labelValue = negative ? -(double) whole : whole;
    if (skipped > 0 && dropped == 0) {
      firstDroppedLine = lines.line();
    }
    dropped += skipped;
    if (n > 0 && idx[n - 1] > maxIndex) {
      maxIndex = idx[n - 1];
      maxIndexLine = lines.line();
    }
    return EXAMPLE;
  }

  /** Parses one line; false for a blank or comment-only line. */
  private boolean parse(String s) throws FormatException {
    int end = s.indexOf('#');
    if (end < 0) {
      end = s.length();
    }
    int p = skipSpace(s, 0, end);
    if (p == end) {
      return false;
    }
    int q = tokenEnd(s, p, end);
    parseLabel(s, p, q);
    nnz = 0;
    boolean first = true;
    for (p = skipSpace(s, q, end); p < end; p = skipSpace(s, q, end)) {
      q = tokenEnd(s, p, end);
      int colon = s.indexOf(':', p);
      if (colon < 0 || colon >= q) {
        throw error(s, p, q, "expected index:value");
      }
      if (colon == p + 3 && s.startsWith("qid", p)) {
        if (!first) {
          throw error(s, p, q, "qid:N must come right after the label");
        }
        parseQid(s, p, colon, q);
        first = false;
        continue;
      }
      first = false;
      int index = parseIndex(s, p, colon, q);
      float value = parseValue(s, p, colon, q);
      if (format.dimension() > 0 && index >= format.dimension()) {
        if (format.dropBeyond()) {
          if (dropped++ == 0) {
            firstDroppedLine = lines.line();
          }
          continue;
        }
        throw error(s, p, q, "index " + s.substring(p, colon) + " is beyond the dimension " + format.dimension()
            + " (expected at most " + (format.dimension() - (format.zeroBased() ? 1 : 0)) + ")");
      }
      append(index, value);
    }
    if (nnz > 0 && idx[nnz - 1] > maxIndex) {
      maxIndex = idx[nnz - 1];
      maxIndexLine = lines.line();
    }
    return true;
  }

  private void parseLabel(String s, int p, int q) throws FormatException {
    String token = s.substring(p, q);
    double v;
    try {
      v = Double.parseDouble(token);
    } catch (NumberFormatException e) {
      throw error(s, p, q, token.indexOf(':') >= 0
          ? "the line has no label (expected a number such as +1, -1, 0 or 2.0 before the features)"
          : "expected a numeric label such as +1, -1, 0 or 2.0");
    }
    if (!Double.isFinite(v)) {
      throw error(s, p, q, "the label is not finite (expected a number such as +1, -1, 0 or 2.0)");
    }
    labelValue = v;
  }

  private void parseQid(String s, int p, int colon, int q) throws FormatException {
    if (colon + 1 == q) {
      throw error(s, p, q, "missing query id after 'qid:' (expected an integer)");
    }
    for (int k = colon + 1; k < q; k++) {
      char c = s.charAt(k);
      if (!(c >= '0' && c <= '9' || k == colon + 1 && c == '-' && q > k + 1)) {
        throw error(s, p, q, "expected qid:N with an integer N");
      }
    }
  }

  private int parseIndex(String s, int p, int colon, int q) throws FormatException {
    if (colon == p) {
      throw error(s, p, q, "missing index before ':' (expected index:value)");
    }
    long index = 0;
    for (int k = p; k < colon; k++) {
      char c = s.charAt(k);
      if (c < '0' || c > '9') {
        throw error(s, p, q, "index " + FormatException.quote(s.substring(p, colon))
            + " is not a non-negative integer (expected index:value)");
      }
      index = index * 10 + (c - '0');
      if (index > MAX_DIMENSION) {
        throw error(s, p, q, "index " + s.substring(p, colon) + " is too large (the largest supported is "
            + (MAX_DIMENSION - 1) + ")");
      }
    }
    if (!format.zeroBased()) {
      if (index == 0) {
        throw error(s, p, q, "index 0: indices are 1-based (expected an integer >= 1; read 0-based files"
            + " with the zero-based option)");
      }
      index--;
    }
    int i = (int) index;
    if (nnz > 0 && i <= idx[nnz - 1]) {
      int shown = idx[nnz - 1] + (format.zeroBased() ? 0 : 1);
      throw error(s, p, q, i == idx[nnz - 1]
          ? "duplicate index " + shown + " (expected each index once per line)"
          : "index " + s.substring(p, colon) + " comes after " + shown
              + " (expected indices in increasing order)");
    }
    return i;
  }

  private float parseValue(String s, int p, int colon, int q) throws FormatException {
    if (colon + 1 == q) {
      throw error(s, p, q, "missing value after ':' (expected index:value)");
    }
    float v;
    try {
      v = Float.parseFloat(s.substring(colon + 1, q));
    } catch (NumberFormatException e) {
      throw error(s, p, q, "value " + FormatException.quote(s.substring(colon + 1, q))
          + " is not a number (expected a float such as 0.5, -3 or 1e-4)");
    }
    if (!Float.isFinite(v)) {
      throw error(s, p, q, "value " + FormatException.quote(s.substring(colon + 1, q))
          + " is not a finite float (expected a magnitude below 3.4e38)");
    }
    return v;
  }

  private void append(int index, float value) {
    if (nnz == idx.length) {
      idx = Arrays.copyOf(idx, nnz * 2);
      val = Arrays.copyOf(val, nnz * 2);
    }
    idx[nnz] = index;
    val[nnz] = value;
    nnz++;
  }

  private FormatException error(String s, int p, int q, String problem) {
    return FormatException.atLine(lines.source(), lines.line(), p + 1, s.substring(p, q),
        "in " + FormatException.quote(s.substring(p, q)) + ": " + problem);
  }

  private static boolean isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\f' || c == 0x0B;
  }

  private static boolean isSpace(byte c) {
    return c == ' ' || c == '\t' || c == '\f' || c == 0x0B;
  }

  private static int skipSpace(byte[] b, int p, int end) {
    while (p < end && isSpace(b[p])) {
      p++;
    }
    return p;
  }

  private static int skipSpace(String s, int p, int end) {
    while (p < end && isSpace(s.charAt(p))) {
      p++;
    }
    return p;
  }

  private static int tokenEnd(String s, int p, int end) {
    while (p < end && !isSpace(s.charAt(p))) {
      p++;
    }
    return p;
  }

  @Override
  public String label() {
    if (onExample && label == null) {
      label = Labels.canonical(labelValue);
    }
    return onExample ? label : null;
  }

  /** The current label as a number. */
  public double labelValue() {
    return labelValue;
  }

  @Override
  public boolean isSparse() {
    return true;
  }

  @Override
  public int[] indices() {
    return Arrays.copyOf(idx, nnz);
  }

  @Override
  public float[] values() {
    return Arrays.copyOf(val, nnz);
  }

  /** Number of features on the current line. */
  public int nonZeros() {
    return nnz;
  }

  @Override
  public long line() {
    return lines.line();
  }

  @Override
  public String source() {
    return lines.source();
  }

  /** How many features were skipped for an index beyond a fixed dimension (with dropBeyond). */
  public long droppedFeatures() {
    return dropped;
  }

  /** The first line a feature was skipped on, from 1; 0 when none was. */
  public long firstDroppedLine() {
    return firstDroppedLine;
  }

  /** The line of the largest feature index read so far, from 1; 0 before any feature. */
  public long largestIndexLine() {
    return maxIndexLine;
  }

  @Override
  public int dimension() {
    return format.dimension() > 0 ? format.dimension() : Math.max(1, maxIndex + 1);
  }

  /**
   * Reads the rest into CSR arrays of exactly the size of the data, through blocks that grow to
   * at most 2^16 entries (small enough for a garbage collector to move, unlike one huge array): no
   * array is ever doubled, so the data is held about once (8 bytes per
   * non-zero, 12 while the blocks are joined) instead of three times.
   */
  @Override
  public Dataset readAll() throws IOException {
    // One call per line: this loop then runs a line per iteration, and the work of a line is
    // compiled as a method called thousands of times, instead of a long loop in a method called
    // once, which the JIT compiles a second time on the stack with every line's code inlined.
    Rows rows = new Rows();
    while (next()) {
      rows.add(this);
    }
    if (rows.count == 0) {
      throw FormatException.atLine(source(), Math.max(1, line()), 0, null,
          "no examples (expected lines of the form 'label index:value ...')");
    }
    return rows.dataset(dimension());
  }

  /** The rows read so far, their non-zeros in blocks (copied once into the dataset's arrays at the end). */
  private static final class Rows {
    int count;
    long total;
    int[] rowPtr = new int[64];
    double[] labels = new double[64];
    final List<int[]> indexBlocks = new ArrayList<>();
    final List<float[]> valueBlocks = new ArrayList<>();
    int[] indexBlock = new int[1 << 10];
    float[] valueBlock = new float[indexBlock.length];
    int fill;
    boolean allOnes = true;

    /** Appends the line the reader has just parsed. */
    void add(LibsvmReader r) throws FormatException {
      int nnz = r.nnz;
      if (count + 2 > rowPtr.length) {
        if (count + 2 > MAX_DIMENSION) {
          throw FormatException.atLine(r.source(), r.line(), 0, null, "more than " + (MAX_DIMENSION - 2)
              + " examples: too many for one dataset");
        }
        rowPtr = Arrays.copyOf(rowPtr, (int) Math.min(MAX_DIMENSION, 2L * rowPtr.length));
        labels = Arrays.copyOf(labels, rowPtr.length);
      }
      if (total + nnz > MAX_DIMENSION) {
        throw FormatException.atLine(r.source(), r.line(), 0, null, "more than " + MAX_DIMENSION
            + " non-zeros: too many for one dataset");
      }
      for (int done = 0; done < nnz; ) {
        if (fill == indexBlock.length) {
          indexBlocks.add(indexBlock);
          valueBlocks.add(valueBlock);
          indexBlock = new int[Math.min(1 << 16, 2 * indexBlock.length)];
          valueBlock = new float[indexBlock.length];
          fill = 0;
        }
        int n = Math.min(nnz - done, indexBlock.length - fill);
        System.arraycopy(r.idx, done, indexBlock, fill, n);
        System.arraycopy(r.val, done, valueBlock, fill, n);
        fill += n;
        done += n;
      }
      float[] val = r.val;
      for (int k = 0; k < nnz; k++) {
        allOnes &= val[k] == 1f;
      }
      total += nnz;
      labels[count] = r.labelValue;
      rowPtr[++count] = (int) total;
    }

    Dataset dataset(int dimension) {
      indexBlocks.add(Arrays.copyOf(indexBlock, fill));
      valueBlocks.add(allOnes ? null : Arrays.copyOf(valueBlock, fill));
      indexBlock = null;
      valueBlock = null;
      // Indices first, then values: each set of blocks can be collected before the next array exists.
      int[] indices = new int[(int) total];
      for (int b = 0, at = 0; b < indexBlocks.size(); b++) {
        int[] block = indexBlocks.set(b, null);
        System.arraycopy(block, 0, indices, at, block.length);
        at += block.length;
      }
      float[] values = allOnes ? null : new float[(int) total];
      for (int b = 0, at = 0; values != null && b < valueBlocks.size(); b++) {
        float[] block = valueBlocks.set(b, null);
        System.arraycopy(block, 0, values, at, block.length);
        at += block.length;
      }
      // Every row was checked as it was parsed (parseBytes, or parse naming the line).
      return DataAccess.wrapCheckedRows(Arrays.copyOf(rowPtr, count + 1), indices, values, dimension,
          Arrays.copyOf(labels, count));
    }
  }

  @Override
  public void close() throws IOException {
    lines.close();
  }
}
