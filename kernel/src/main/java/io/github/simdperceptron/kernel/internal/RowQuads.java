package io.github.simdperceptron.kernel.internal;

import java.util.Arrays;

/**
 * Rows laid out for many Gram blocks against changing support vectors (the commits of kernel
 * training): grouped four at a time ("quads"), each quad holding only the features where at least
 * one of its four rows is non-zero, the four values of a feature side by side. Quad q covers the
 * rows {@code order[4 q + i]}, i &lt; 4 ({@code -1}: a padding row of zeros in the last quad); its
 * features are {@code feature[k]} for k in [{@code start[q]}, {@code start[q + 1]}), ascending, and
 * row i's value at {@code feature[k]} is {@code values[4 k + i]}.
 *
 * <p>The rows are ordered so that a quad's rows share their zeros: by the number of non-zeros (in
 * bands of 32) and then by the first non-zero feature, a signature that groups images of the same
 * extent and position without looking at labels. On Fashion-MNIST (half the pixels zero) a quad's
 * union of non-zero features is then 0.62 of the features, against 0.79 in the file's order.
 * Dropping a feature that is zero in all four rows removes only zero terms from each row's chain,
 * so {@link GramBlocks#gramQuads} gives the bits of the dense Gram block.
 *
 * <p>Where the rows share few non-zeros (sparse text: a quad's union then approaches four times a
 * row's features, and so would the multiply-adds), a quad would do more than twice the
 * multiply-adds of its rows' own non-zeros; the layout then keeps each row alone with its own
 * features, in the same order of positions, and the Gram blocks run one row at a time.
 */
public final class RowQuads {
  /** Rows of a quad. */
  public static final int ROWS = 4;
  /** The tile of a layout split over threads: every chunk a thread lays out is a whole number of this many quads. */
  static final int QUADS_PER_CHUNK = 64;

  final int d;
  /**
   * Rows sharing a feature list: {@link #ROWS} (quads), or 1 when the rows share too few of their
   * non-zeros for quads to pay (each row then keeps its own features, and row p's value at
   * {@code feature[k]}, k in [start[p], start[p + 1]), is {@code values[k]}).
   */
  final int group;
  final int[] order;
  final int[] start;
  final int[] feature;
  final float[] values;

  private RowQuads(int d, int group, int[] order, int[] start, int[] feature, float[] values) {
    this.d = d;
    this.group = group;
    this.order = order;
    this.start = start;
    this.feature = feature;
    this.values = values;
  }

  /**
   * CSR rows as a layout of rows alone, row r at position r (no order: {@link #row} is not for
   * it): the form in which the Gram kernel takes one sparse row over its own non-zeros.
   */
  static RowQuads alone(int[] ptr, int[] idx, float[] val, int d) {
    return new RowQuads(d, 1, null, ptr, idx, val);
  }

  /** Number of quads: positions / 4. */
  public int quads() {
    return order.length / ROWS;
  }

  /** Whether the rows are laid out in quads (else each row alone, in the same order of positions). */
  public boolean inQuads() {
    return group == ROWS;
  }

  /** The row at position {@code 4 q + i} of the layout, or -1 for padding. */
  public int row(int position) {
    return order[position];
  }

  /**
   * Dense rows: row r is {@code rowArrays[r][rowOffsets[r] .. + d]}, for r in [0, n); laid out
   * from their non-zeros as {@link #ofSparse} lays them out. Reads only.
   */
  public static RowQuads ofDense(float[][] rowArrays, int[] rowOffsets, int n, int d) {
    int[] ptr = new int[n + 1];
    for (int r = 0; r < n; r++) {
      int nonZeros = 0;
      for (int j = 0; j < d; j++) {
        if (rowArrays[r][rowOffsets[r] + j] != 0f) {
          nonZeros++;
        }
      }
      if (ptr[r] > Integer.MAX_VALUE - 8 - nonZeros) {
        throw new IllegalStateException("too many non-zeros for one layout of row quads: more than " + ptr[r]);
      }
      ptr[r + 1] = ptr[r] + nonZeros;
    }
    int[] idx = new int[ptr[n]];
    float[] val = new float[ptr[n]];
    for (int r = 0, t = 0; r < n; r++) {
      for (int j = 0; j < d; j++) {
        float v = rowArrays[r][rowOffsets[r] + j];
        if (v != 0f) {
          idx[t] = j;
          val[t++] = v;
        }
      }
    }
    return ofSparse(ptr, idx, val, n, d);
  }

  /**
   * Whether quads whose feature lists hold {@code kept} features in all do at most twice the
   * multiply-adds of the rows' own non-zeros (four a kept feature): their tile then beats one row at a time.
   */
  private static boolean pays(long kept, int[] nonZeros) {
    long nnz = 0;
    for (int z : nonZeros) {
      nnz += z;
    }
    return ROWS * kept <= 2 * nnz;
  }

  /**
   * Sparse rows in CSR form: row r's non-zeros are {@code (idx[p], val[p])} for p in
   * [ptr[r], ptr[r + 1]), indices ascending in [0, d), {@code val == null} meaning every value is
   * 1. Reads only.
   */
  public static RowQuads ofSparse(int[] ptr, int[] idx, float[] val, int n, int d) {
    int[] nonZeros = new int[n];
    int[] first = new int[n];
    for (int r = 0; r < n; r++) {
      nonZeros[r] = ptr[r + 1] - ptr[r];
      first[r] = nonZeros[r] > 0 ? idx[ptr[r]] : d;
    }
    int[] order = order(nonZeros, first);
    int quads = order.length / ROWS;
    long nnz = ptr[n] - ptr[0];
    // Two passes of one call per quad: the sizes of the unions first, so that the arrays are
    // allocated once at their size, then the fill. One call per quad rather than one long loop:
    // the JIT compiles a method called thousands of times after its first calls, where a single
    // pass over all rows runs interpreted until an on-stack replacement. Each pass is split over
    // the threads in chunks of quads, each chunk with scratch arrays of its own (d ints each):
    // only where the rows' non-zeros outnumber the chunks' scratch, else on the calling thread.
    long work = (long) d * QUADS_PER_CHUNK > nnz ? 0 : nnz * ROWS;
    int[] start = new int[quads + 1];
    GramBlocks.forRanges(0, quads, work, QUADS_PER_CHUNK, (lo, hi) -> {
      int[] mark = new int[d];
      int[] touched = new int[d + 1]; // one past the largest union: markUnion writes before it counts
      for (int q = lo; q < hi; q++) {
        start[q + 1] = markUnion(order, q, ptr, idx, q + 1, mark, touched);
      }
    });
    for (int q = 0; q < quads; q++) {
      int union = start[q + 1];
      if (start[q] > Integer.MAX_VALUE / ROWS - 8 - union) {
        throw new IllegalStateException("too many non-zeros for one layout of row quads: more than " + start[q]);
      }
      start[q + 1] = start[q] + union;
    }
    if (!pays(start[quads], nonZeros)) {
      return alone(ptr, idx, val, d, order);
    }
    int[] feature = new int[start[quads]];
    float[] values = new float[start[quads] * ROWS];
    GramBlocks.forRanges(0, quads, work, QUADS_PER_CHUNK, (lo, hi) -> {
      int[] mark = new int[d];
      int[] slot = new int[d];
      int[] touched = new int[d + 1];
      for (int q = lo; q < hi; q++) {
        fillQuad(order, q, ptr, idx, val, d, start[q], mark, slot, touched, feature, values);
      }
    });
    return new RowQuads(d, ROWS, order, start, feature, values);
  }

  /**
   * Marks with tag, in mark, the features where at least one row of quad q is non-zero, lists them
   * in touched (in the order met; touched holds one more than the union) and returns their number.
   * A tag differs from every earlier one.
   */
  private static int markUnion(int[] order, int q, int[] ptr, int[] idx, int tag, int[] mark, int[] touched) {
    int union = 0;
    for (int i = 0; i < ROWS; i++) {
      int r = order[q * ROWS + i];
      if (r < 0) {
        continue; // a padding row of the last quad
      }
      for (int t = ptr[r]; t < ptr[r + 1]; t++) {
        int j = idx[t];
        // Without a branch: j is written at the list's end each time, and kept when new.
        touched[union] = j;
        union += mark[j] != tag ? 1 : 0;
        mark[j] = tag;
      }
    }
    return union;
  }

  /**
   * Writes quad q's union of features, ascending, at feature[at ..] and each row's values beside
   * them (zeros where a row has none: values is zero from its allocation). The union's features
   * are marked again (with -(q + 1): the sizes' pass used q + 1) and each given its rank in slot;
   * the rank comes from a scan of all d features when the union is large against d, else from
   * sorting the features it holds (sparse rows of a large d). mark, slot and touched are scratch.
   */
  private static void fillQuad(int[] order, int q, int[] ptr, int[] idx, float[] val, int d, int at, int[] mark,
      int[] slot, int[] touched, int[] feature, float[] values) {
    int tag = -(q + 1);
    int union = markUnion(order, q, ptr, idx, tag, mark, touched);
    if (d <= 8 * union) {
      for (int j = 0, rank = 0; j < d; j++) {
        slot[j] = rank;
        rank += mark[j] == tag ? 1 : 0;
      }
    } else {
      Arrays.sort(touched, 0, union);
      for (int u = 0; u < union; u++) {
        slot[touched[u]] = u;
      }
    }
    for (int i = 0; i < ROWS; i++) {
      int r = order[q * ROWS + i];
      if (r < 0) {
        continue; // a padding row of the last quad
      }
      for (int t = ptr[r]; t < ptr[r + 1]; t++) {
        int j = idx[t];
        int k = at + slot[j];
        feature[k] = j;
        values[k * ROWS + i] = val == null ? 1f : val[t];
      }
    }
  }

  /** The layout of each row alone with its own non-zero features (group 1), in the positions of order. */
  private static RowQuads alone(int[] ptr, int[] idx, float[] val, int d, int[] order) {
    int[] start = new int[order.length + 1];
    for (int p = 0; p < order.length; p++) {
      int r = order[p];
      start[p + 1] = start[p] + (r >= 0 ? ptr[r + 1] - ptr[r] : 0);
    }
    int[] feature = new int[start[order.length]];
    float[] values = new float[start[order.length]];
    for (int p = 0; p < order.length; p++) {
      int r = order[p];
      if (r >= 0) {
        System.arraycopy(idx, ptr[r], feature, start[p], ptr[r + 1] - ptr[r]);
        if (val == null) {
          Arrays.fill(values, start[p], start[p + 1], 1f);
        } else {
          System.arraycopy(val, ptr[r], values, start[p], ptr[r + 1] - ptr[r]);
        }
      }
    }
    return new RowQuads(d, 1, order, start, feature, values);
  }

  /**
   * Rows by band of non-zeros (32 wide), then first non-zero feature, then row number; padded with
   * -1. The key packs the three in a long (bands and features beyond its fields share the last
   * value); beyond 2^26 rows the rows keep their order.
   */
  private static int[] order(int[] nonZeros, int[] first) {
    int n = nonZeros.length;
    int[] order = new int[(n + ROWS - 1) / ROWS * ROWS];
    Arrays.fill(order, -1);
    int field = (1 << 26) - 1;
    if (n > field) {
      Arrays.setAll(order, p -> p < n ? p : -1);
      return order;
    }
    long[] keys = new long[n];
    for (int r = 0; r < n; r++) {
      long band = Math.min(nonZeros[r] >>> 5, (1 << 11) - 1);
      keys[r] = band << 52 | (long) Math.min(first[r], field) << 26 | r;
    }
    Arrays.sort(keys);
    for (int p = 0; p < n; p++) {
      order[p] = (int) (keys[p] & field);
    }
    return order;
  }
}
