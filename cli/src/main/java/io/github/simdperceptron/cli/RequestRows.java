package io.github.simdperceptron.cli;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.data.internal.DataAccess;
import io.github.simdperceptron.io.DataFormat;
import io.github.simdperceptron.io.internal.FormatException;
import io.github.simdperceptron.io.internal.GzipDetect;
import io.github.simdperceptron.text.TextFile;
import io.github.simdperceptron.text.TextVectorizer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The rows of a request body to serve's /predict or /learn (docs/online.md): JSON (one row, or
 * {@code {"rows": [...]}}; a row is an array of d numbers or {@code {"indices": [...], "values":
 * [...]}} with 0-based indices), libsvm lines (1-based, a label first), or the binary body (rows
 * and dimension, int32 little-endian, then for /learn each row's class index, int32, then the rows,
 * float32 little-endian). Every row is checked against the model's dimension d; a row that does
 * not fit throws {@link Bad} naming it.
 *
 * <p>One thread reuses one instance, request after request: the rows live in buffers that grow
 * to the largest request ({@link #release()} drops large ones), dense rows side by side in one
 * row-major matrix, sparse rows in compressed-row arrays.
 *
 * <p>Longer than 600 lines because the five body forms (JSON, text, libsvm, float32 and uint8
 * binary) fill the same reused buffers through the same checks; a class per form would share
 * those buffers across the package.
 */
final class RequestRows {
  /** A body that does not hold rows for the model: the message says why, in one line. */
  static final class Bad extends Exception {
    private static final long serialVersionUID = 1L;

    Bad(String message) {
      super(message);
    }
  }

  private static final Set<String> TOP = Set.of("rows", "labels", "scores");
  private static final Set<String> ROW = Set.of("indices", "values", "label", "scores");
  private static final Set<String> TEXT = Set.of("text", "label", "labels", "scores");
  /** Buffers above this many entries are dropped after a request rather than kept by the thread. */
  private static final int KEPT = 1 << 21;

  private final JsonText json = new JsonText();
  private int d;
  private int n;
  /** Per row: where it starts in {@link #dense} (a dense row) or in {@link #idx} and {@link #val}. */
  private int[] start = new int[16];
  /** Per row: its number of non-zeros, or -1 for a dense row. */
  private int[] count = new int[16];
  private float[] dense = new float[0];
  private int denseUsed;
  private int[] idx = new int[0];
  private float[] val = new float[0];
  private int sparseUsed;
  /** Scratch for {@link #dataset}: the non-zeros of a batch with dense rows, and the row pointers. */
  private int[] outIdx = new int[0];
  private float[] outVal = new float[0];
  private int[] ptr = new int[17];
  private String[] labels = new String[16];
  private final float[] byteValues = new float[256];
  /** Per row: its index into the model's classes (a binary body's, or found by {@link #requireLabels}), or -1. */
  private int[] classIndex = new int[16];
  /** Whether the request asks for the scores too. */
  boolean scores;
  /** The first line of raw text with several labels, or 0. */
  private long multiLabel;

  int size() {
    return n;
  }

  /** Whether every row is dense: row i is then {@code denseRows()[i*d, i*d + d)}. */
  boolean allDense() {
    return denseUsed == (long) n * d;
  }

  /** The dense rows, side by side (shared, not a copy: read it, do not write it). */
  float[] denseRows() {
    return dense;
  }

  /** Row i's non-zeros, or -1 for a dense row. */
  int nonZeros(int i) {
    return count[i];
  }

  /** Copies row i into x[0, d) (modified), zeros where a sparse row has none. */
  void denseRow(int i, float[] x) {
    if (count[i] < 0) {
      System.arraycopy(dense, start[i], x, 0, d);
    } else {
      Arrays.fill(x, 0, d, 0f);
      for (int p = start[i]; p < start[i] + count[i]; p++) {
        x[idx[p]] = val[p];
      }
    }
  }

  /** Copies sparse row i's indices and values into the fronts of ix and vx (modified); returns their count. */
  int sparseRow(int i, int[] ix, float[] vx) {
    System.arraycopy(idx, start[i], ix, 0, count[i]);
    System.arraycopy(val, start[i], vx, 0, count[i]);
    return count[i];
  }

  /** Forgets the rows and drops the buffers a large request grew. */
  void release() {
    Arrays.fill(labels, 0, n, null);
    n = 0;
    json.release();
    if (dense.length > KEPT) {
      dense = new float[0];
    }
    if (idx.length > KEPT) {
      idx = new int[0];
      val = new float[0];
    }
    if (outIdx.length > KEPT) {
      outIdx = new int[0];
      outVal = new float[0];
    }
    if (start.length > KEPT) {
      start = new int[16];
      count = new int[16];
      labels = new String[16];
      classIndex = new int[16];
      ptr = new int[17];
    }
  }

  private void reset(int dimension) {
    release();
    d = dimension;
    denseUsed = 0;
    sparseUsed = 0;
    scores = false;
    multiLabel = 0;
  }

  /**
   * Reads the JSON body b[0, length) for a model of dimension d, in place of the rows before; with
   * a vectorizer (a model of raw text), {@code {"text": ...}} holds documents (a string, or an
   * array of them), vectorized by it.
   */
  void json(byte[] b, int length, int dimension, TextVectorizer text) throws Bad {
    reset(dimension);
    Object v;
    try {
      v = json.read(b, length);
    } catch (JsonText.Malformed e) {
      throw new Bad(e.getMessage());
    }
    if (text != null && v instanceof Map<?, ?> m && m.containsKey("text")) {
      documents(m, text);
    } else if (v instanceof Map<?, ?> m && m.containsKey("rows")) {
      keys(m, TOP, "the request");
      scores = flag(m.get("scores"));
      Object rows = m.get("rows");
      if (rows instanceof List<?> list) {
        for (Object row : list) {
          row(row);
        }
      } else if (!(rows instanceof JsonText.Numbers e && e.size() == 0)) {
        throw new Bad("\"rows\" must be an array of rows");
      }
      Object given = m.get("labels");
      if (given != null) {
        List<String> names = labelList(given);
        if (names.size() != n) {
          throw new Bad("\"labels\" has " + names.size() + " labels for " + n + " rows");
        }
        for (int i = 0; i < names.size(); i++) {
          if (labels[i] != null) {
            throw new Bad("row " + i + " has a label and \"labels\" another");
          }
          labels[i] = names.get(i);
        }
      }
    } else if (v instanceof Map<?, ?> m) {
      scores = flag(m.get("scores"));
      row(m);
    } else if (v instanceof List<?> list) {
      for (Object row : list) {
        row(row);
      }
    } else {
      row(v);
    }
    if (n == 0) {
      throw new Bad("the request has no rows");
    }
  }

  private void documents(Map<?, ?> m, TextVectorizer text) throws Bad {
    keys(m, TEXT, "the request");
    scores = flag(m.get("scores"));
    Object t = m.get("text");
    List<?> docs = t instanceof String ? List.of(t) : t instanceof List<?> list ? list : null;
    if (docs == null || docs.isEmpty() || docs.stream().anyMatch(o -> !(o instanceof String))) {
      throw new Bad("\"text\" must be a document (a string) or a non-empty array of them");
    }
    for (Object doc : docs) {
      TextVectorizer.Row row;
      try {
        row = text.transform((String) doc);
      } catch (IllegalArgumentException e) {
        throw new Bad("document " + n + ": " + e.getMessage());
      }
      int at = sparseRoom(row.indices().length);
      System.arraycopy(row.indices(), 0, idx, at, row.indices().length);
      System.arraycopy(row.values(), 0, val, at, row.indices().length);
      addRow(at, row.indices().length, null);
    }
    Object one = m.get("label");
    Object all = m.get("labels");
    if (one != null && all != null) {
      throw new Bad("give \"label\" (one document) or \"labels\", not both");
    }
    if (one != null) {
      if (n != 1) {
        throw new Bad("\"label\" is for one document; give \"labels\" for " + n);
      }
      labels[0] = label(one, "the request");
    } else if (all != null) {
      List<String> names = labelList(all);
      if (names.size() != n) {
        throw new Bad("\"labels\" has " + names.size() + " labels for " + n + " documents");
      }
      for (int i = 0; i < n; i++) {
        labels[i] = names.get(i);
      }
    }
  }

  /**
   * Reads raw text, a document a line in the form the model was trained on (its labels, when
   * given, as a training file writes them; one at most), vectorized by the model's vectorizer.
   */
  void textLines(byte[] b, int length, TextVectorizer text) throws Bad {
    reset(text.dimension());
    refuseCompressed(b, length);
    try (TextFile.Reader reader = TextFile.open(text, new ByteArrayInputStream(b, 0, length), "request")) {
      while (reader.next()) {
        List<String> given = reader.labels();
        if (given.size() > 1 && multiLabel == 0) {
          multiLabel = reader.line();
        }
        int k = reader.nonZeros();
        int at = sparseRoom(k);
        System.arraycopy(reader.indices(), 0, idx, at, k);
        System.arraycopy(reader.values(), 0, val, at, k);
        addRow(at, k, given.size() == 1 ? given.get(0) : null);
      }
    } catch (IOException | RuntimeException e) {
      throw new Bad(String.valueOf(e.getMessage()).replace('\n', ' '));
    }
    if (n == 0) {
      throw new Bad("the request has no documents");
    }
  }

  /**
   * The readers behind text bodies open gzip files too; a body is not inflated, so that --max-body
   * bounds what a request can make the server hold (a gzip stream starts with bytes no UTF-8 text
   * starts with).
   */
  private static void refuseCompressed(byte[] b, int length) throws Bad {
    if (length >= 2 && GzipDetect.isGzip(b[0] & 0xff, b[1] & 0xff)) {
      throw new Bad("a gzip-compressed body is not accepted: send the text itself");
    }
  }

  /** Reads libsvm lines (a label first, as in files; features from 1) for a model of dimension d. */
  void libsvm(byte[] b, int length, int dimension) throws Bad {
    reset(dimension);
    refuseCompressed(b, length);
    try (DataFormat.Reader reader = DataFormat.libsvm().open(new ByteArrayInputStream(b, 0, length), "request")) {
      while (reader.next()) {
        int[] ix = reader.indices();
        if (ix.length > 0 && ix[ix.length - 1] >= d) {
          throw new Bad("request:" + reader.line() + ": feature " + (ix[ix.length - 1] + 1)
              + " is beyond the model's " + d + " features");
        }
        float[] vx = reader.values();
        int at = sparseRoom(ix.length);
        System.arraycopy(ix, 0, idx, at, ix.length);
        System.arraycopy(vx, 0, val, at, ix.length);
        addRow(at, ix.length, reader.label());
      }
    } catch (FormatException e) {
      throw new Bad(e.getMessage().replace('\n', ' '));
    } catch (IOException e) {
      throw new Bad("request: " + e.getMessage());
    }
    if (n == 0) {
      throw new Bad("the request has no rows");
    }
  }

  /** The values of a binary body: float32, or uint8 each times the request's scale. */
  enum Values {
    F32(8, 4, "float32"),
    U8(12, 1, "uint8");

    /** The bytes before the class indices: rows and dimension, and for U8 the scale. */
    final int header;
    /** The bytes of one value. */
    final int size;
    final String name;

    Values(int header, int size, String name) {
      this.header = header;
      this.size = size;
      this.name = name;
    }
  }

  private static final java.lang.invoke.VarHandle LE_INT =
      java.lang.invoke.MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final java.lang.invoke.VarHandle LE_FLOAT =
      java.lang.invoke.MethodHandles.byteArrayViewVarHandle(float[].class, ByteOrder.LITTLE_ENDIAN);
  /** A float's exponent bits: all of them set in infinities and NaN. */
  private static final int EXPONENT = 0x7f800000;

  /**
   * Reads the binary body b[0, length): rows r (int32 >= 1) and dimension (int32, equal to d),
   * for U8 the scale (float32, finite, > 0, 255 times it finite), then, when {@code classes} is
   * not null (for /learn), r class indices (int32 in [0, K) of those classes), then r x d values
   * (F32: finite float32; U8: uint8 q, the value q * scale in float); all little-endian, nothing
   * after. Rows to predict are kept dense; rows to learn as their non-zeros, read straight from
   * the body.
   */
  void binary(byte[] b, int length, int dimension, Labels classes, Values values) throws Bad {
    reset(dimension);
    String body = values == Values.F32 ? "binary body" : "binary uint8 body";
    if (length < values.header) {
      throw new Bad(body + ": " + length + " bytes; it starts with the rows and the dimension, int32 each"
          + (values == Values.U8 ? ", and the scale, float32" : ""));
    }
    int rows = (int) LE_INT.get(b, 0);
    int dim = (int) LE_INT.get(b, 4);
    float scale = values == Values.U8 ? (float) LE_FLOAT.get(b, 8) : 1f;
    if (rows < 1) {
      throw new Bad(body + ": " + rows + " rows, expected at least 1");
    }
    if (dim != d) {
      throw new Bad(body + ": dimension " + dim + ", the model has " + d + " features");
    }
    if (!(scale > 0) || !Float.isFinite(255f * scale)) {
      throw new Bad(body + ": scale " + scale + ", expected a float > 0 whose 255 multiple is finite");
    }
    long want = values.header + (classes == null ? 0 : 4L * rows) + (long) values.size * rows * d;
    if (length != want) {
      throw new Bad(body + ": " + length + " bytes, expected " + want + " for " + rows + " rows of " + d + " "
          + values.name + (classes == null ? "" : " with their class indices"));
    }
    int from = values.header;
    if (classes != null) {
      for (int i = 0; i < rows; i++) {
        int c = (int) LE_INT.get(b, from + 4 * i);
        if (c < 0 || c >= classes.size()) {
          throw new Bad(body + ": row " + i + ": class index " + c + " is not in [0, " + classes.size()
              + "), the model's classes");
        }
      }
      from += 4 * rows;
    }
    if (classes == null) {
      int at = denseRoom(rows);
      if (values == Values.F32) {
        ByteBuffer.wrap(b, from, 4 * rows * d).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(dense, at, rows * d);
        if (!finite(dense, at, at + rows * d)) {
          refuseNonFinite(b, from, rows);
        }
      } else {
        float[] times = times(scale);
        for (int p = 0; p < rows * d; p++) {
          dense[at + p] = times[b[from + p] & 0xff];
        }
      }
      for (int i = 0; i < rows; i++) {
        addRow(at + i * d, -1, null);
      }
      denseUsed += rows * d;
      return;
    }
    float[] times = values == Values.U8 ? times(scale) : null;
    for (int i = 0; i < rows; i++) {
      int at = sparseRoom(d + 1);
      int q = at;
      int off = from + i * d * values.size;
      if (values == Values.F32) {
        for (int j = 0; j < d; j++) {
          float x = (float) LE_FLOAT.get(b, off + 4 * j);
          idx[q] = j;
          val[q] = x;
          q += x != 0 ? 1 : 0;
        }
      } else {
        for (int j = 0; j < d; j++) {
          float x = times[b[off + j] & 0xff];
          idx[q] = j;
          val[q] = x;
          q += x != 0 ? 1 : 0;
        }
      }
      sparseUsed = q;
      addRow(at, q - at, null);
      classIndex[i] = (int) LE_INT.get(b, values.header + 4 * i);
    }
    // Infinities and NaN are not zeros: the non-zeros hold every one there is.
    if (values == Values.F32 && !finite(val, 0, sparseUsed)) {
      refuseNonFinite(b, from, rows);
    }
  }

  /** The 256 values of a uint8 body, {@code q * scale} for q in [0, 256): a lookup is quicker than the conversion. */
  private float[] times(float scale) {
    for (int q = 0; q < 256; q++) {
      byteValues[q] = q * scale;
    }
    return byteValues;
  }

  /** Whether x[from, to) is all finite, without a branch per value (a loop the JIT vectorizes). */
  private static boolean finite(float[] x, int from, int to) {
    int bad = 0;
    for (int p = from; p < to; p++) {
      bad |= (Float.floatToRawIntBits(x[p]) & EXPONENT) == EXPONENT ? 1 : 0;
    }
    return bad == 0;
  }

  /** Throws {@link Bad} naming the first row and feature of the float32 rows at b[from] that is not finite. */
  private void refuseNonFinite(byte[] b, int from, int rows) throws Bad {
    for (int p = 0; p < rows * d; p++) {
      float x = (float) LE_FLOAT.get(b, from + 4 * p);
      if (!Float.isFinite(x)) {
        throw new Bad("binary body: row " + p / d + ", feature " + p % d + ": " + x + " is not a finite float");
      }
    }
    throw new IllegalStateException("a non-finite value, and none in the body");
  }

  /**
   * Finds each row's class among the model's classes (a name as the model knows it: "1.0" is the
   * numeric class "1"); throws {@link Bad} naming the first row without a label or with a class
   * the model does not have.
   */
  void requireLabels(Labels model) throws Bad {
    if (multiLabel > 0) {
      throw new Bad("request:" + multiLabel + ": several labels; a document is learnt with one");
    }
    for (int i = 0; i < n; i++) {
      if (classIndex[i] >= 0) {
        continue;
      }
      if (labels[i] == null) {
        throw new Bad("row " + i + " has no label (give \"label\" in each row, or \"labels\" beside \"rows\")");
      }
      classIndex[i] = classIndex(model, labels[i]);
      if (classIndex[i] < 0) {
        throw new Bad("row " + i + ": class '" + labels[i] + "' is not one of the model's " + model);
      }
    }
  }

  private static int classIndex(Labels model, String name) {
    int k = model.indexOf(name);
    if (k < 0 && model.numeric()) {
      try {
        k = model.indexOf(Labels.canonical(Double.parseDouble(name)));
      } catch (IllegalArgumentException e) {
        // Not a number, or not a finite one: no numeric class has that name.
        k = -1;
      }
    }
    return k;
  }

  /**
   * The rows, after {@link #requireLabels}, as a sparse dataset of dimension d over the model's
   * classes (a dense row as its non-zeros). It reads this instance's buffers, checked as they were
   * filled, without a copy: use it before the next request.
   */
  Dataset dataset(Labels model) {
    if (ptr.length < n + 1) {
      ptr = new int[Math.max(n + 1, 2 * ptr.length)];
    }
    if (denseUsed == 0) {
      // Sparse rows only: they lie one after another in idx and val.
      System.arraycopy(start, 0, ptr, 0, n);
      ptr[n] = sparseUsed;
      return DataAccess.viewCheckedRows(ptr, n, idx, val, d, model, classIndex);
    }
    // Room for every dense entry plus one: the dense loop writes each entry and keeps the non-zeros
    // by moving on only past them, without a branch on the (unpredictable) zeros.
    long room = 1;
    for (int i = 0; i < n; i++) {
      room += count[i] >= 0 ? count[i] : d;
    }
    if (outIdx.length < room) {
      outIdx = new int[(int) Math.min(Integer.MAX_VALUE - 8, Math.max(room, 2L * outIdx.length))];
      outVal = new float[outIdx.length];
    }
    int[] si = outIdx;
    float[] sv = outVal;
    int q = 0;
    for (int i = 0; i < n; i++) {
      ptr[i] = q;
      if (count[i] >= 0) {
        System.arraycopy(idx, start[i], si, q, count[i]);
        System.arraycopy(val, start[i], sv, q, count[i]);
        q += count[i];
      } else {
        q = nonZeros(dense, start[i], d, si, sv, q);
      }
    }
    ptr[n] = q;
    return DataAccess.viewCheckedRows(ptr, n, si, sv, d, model, classIndex);
  }

  /**
   * Appends the non-zeros of x[from, from + d) to si and sv at q (room for d + 1 entries); returns
   * the new q. Every entry is written, and q moves on only past non-zeros: no branch on them.
   */
  private static int nonZeros(float[] x, int from, int d, int[] si, float[] sv, int q) {
    for (int j = 0; j < d; j++) {
      float v = x[from + j];
      si[q] = j;
      sv[q] = v;
      q += v != 0 ? 1 : 0;
    }
    return q;
  }

  private void addRow(int at, int nonZeros, String label) {
    if (n == start.length) {
      start = Arrays.copyOf(start, 2 * n);
      count = Arrays.copyOf(count, 2 * n);
      labels = Arrays.copyOf(labels, 2 * n);
      classIndex = Arrays.copyOf(classIndex, 2 * n);
    }
    start[n] = at;
    count[n] = nonZeros;
    labels[n] = label;
    classIndex[n] = -1;
    n++;
  }

  /** Room for rows more dense rows; returns where they start (the caller adds them to denseUsed). */
  private int denseRoom(int rows) {
    long need = denseUsed + (long) rows * d;
    if (need > dense.length) {
      dense = Arrays.copyOf(dense, (int) Math.max(need, Math.min(Integer.MAX_VALUE - 8, 2L * dense.length)));
    }
    return denseUsed;
  }

  /** Room for k more non-zeros; returns where they start (and counts them as used). */
  private int sparseRoom(int k) {
    int at = sparseUsed;
    if (at + k > idx.length) {
      int size = Math.max(at + k, 2 * idx.length);
      idx = Arrays.copyOf(idx, size);
      val = Arrays.copyOf(val, size);
    }
    sparseUsed += k;
    return at;
  }

  private void row(Object row) throws Bad {
    String label = null;
    if (row instanceof JsonText.Numbers e) {
      dense(e, n);
    } else if (row instanceof Map<?, ?> m) {
      keys(m, ROW, "row " + n);
      Object ix = m.get("indices");
      Object vx = m.get("values");
      if (ix == null && vx == null) {
        throw new Bad("row " + n + ": expected \"indices\" and \"values\" (sparse) or \"values\" (dense)");
      }
      Object l = m.get("label");
      if (l != null) {
        label = label(l, "row " + n);
      }
      if (ix == null) {
        dense(numbers(vx, "row " + n + ": \"values\""), n);
        labels[n - 1] = label;
        return;
      }
      sparse(numbers(ix, "row " + n + ": \"indices\""), vx == null ? null : numbers(vx, "row " + n + ": \"values\""));
    } else {
      throw new Bad("row " + n + ": expected an array of numbers or an object with \"indices\" and \"values\"");
    }
    labels[n - 1] = label;
  }

  private void dense(JsonText.Numbers e, int row) throws Bad {
    if (e.size() != d) {
      throw new Bad("row " + row + ": " + e.size() + " values, the model has " + d + " features");
    }
    int at = denseRoom(1);
    for (int k = 0; k < d; k++) {
      dense[at + k] = finite(e, k, row);
    }
    denseUsed += d;
    addRow(at, -1, null);
  }

  private void sparse(JsonText.Numbers ix, JsonText.Numbers vx, int row) throws Bad {
    int k = ix.size();
    if (vx != null && vx.size() != k) {
      throw new Bad("row " + row + ": " + k + " indices but " + vx.size() + " values");
    }
    int at = sparseRoom(k);
    for (int p = 0; p < k; p++) {
      long i = ix.indexAt(p);
      if (i == Long.MIN_VALUE && !ix.text(p).startsWith("-")) {
        throw new Bad("row " + row + ": index " + ix.text(p) + " is not an integer");
      }
      if (i < 0 || i >= d) {
        throw new Bad("row " + row + ": index " + ix.text(p) + " is not in [0, " + d
            + "), the model's features (0-based)");
      }
      if (p > 0 && i <= idx[at + p - 1]) {
        throw new Bad("row " + row + ": the indices must increase (" + idx[at + p - 1] + " then " + i + ")");
      }
      idx[at + p] = (int) i;
      val[at + p] = vx == null ? 1f : finite(vx, p, row);
    }
    addRow(at, k, null);
  }

  private void sparse(JsonText.Numbers ix, JsonText.Numbers vx) throws Bad {
    sparse(ix, vx, n);
  }

  private static float finite(JsonText.Numbers e, int k, int row) throws Bad {
    float x = e.floatAt(k);
    if (!Float.isFinite(x)) {
      throw new Bad("row " + row + ": value " + e.text(k) + " is not a finite float");
    }
    return x;
  }

  private static JsonText.Numbers numbers(Object v, String what) throws Bad {
    if (v instanceof JsonText.Numbers e) {
      return e;
    }
    throw new Bad(what + " must be an array of numbers");
  }

  private static String label(Object v, String where) throws Bad {
    if (v instanceof JsonText.Num e) {
      return e.text();
    }
    if (v instanceof String s) {
      return s;
    }
    throw new Bad(where + ": a label is a number or a string");
  }

  private static List<String> labelList(Object v) throws Bad {
    List<String> out = new java.util.ArrayList<>();
    if (v instanceof JsonText.Numbers e) {
      for (int k = 0; k < e.size(); k++) {
        out.add(e.text(k));
      }
    } else if (v instanceof List<?> list) {
      for (Object o : list) {
        out.add(label(o, "\"labels\"[" + out.size() + "]"));
      }
    } else {
      throw new Bad("\"labels\" must be an array of labels");
    }
    return out;
  }

  private static boolean flag(Object v) throws Bad {
    if (v == null || v instanceof Boolean) {
      return v == Boolean.TRUE;
    }
    throw new Bad("\"scores\" must be true or false");
  }

  private static void keys(Map<?, ?> m, Set<String> allowed, String where) throws Bad {
    for (Object k : m.keySet()) {
      if (!allowed.contains(k)) {
        throw new Bad(where + ": unknown key \"" + k + "\" (expected " + String.join(", ", allowed.stream().sorted()
            .toList()) + ")");
      }
    }
  }
}
