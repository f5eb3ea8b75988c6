package io.github.simdperceptron.kernel.internal;

/**
 * The rows a Gram block scores against support vectors, in the order of {@code ids}: position t
 * is row {@code ids[t]}. Dense rows are (array, offset) pairs by row id, row r being
 * {@code arrays[r][offsets[r] .. + d]}; sparse rows are CSR, row r the non-zeros
 * {@code (idx[p], val[p])} for p in [ptr[r], ptr[r + 1]), indices ascending in [0, d), val == null
 * meaning every value is 1. Holds the arrays, does not copy them.
 */
public final class QueryRows {
  final int d;
  final int[] ids;
  final float[][] arrays;
  final int[] offsets;
  final int[] ptr;
  final int[] idx;
  final float[] val;
  /** Sparse rows as a layout of rows alone (group 1), row r at position r: what {@link GramOps#gramQuadRow} reads. */
  final RowQuads alone;

  private QueryRows(int d, int[] ids, float[][] arrays, int[] offsets) {
    this.d = d;
    this.ids = ids;
    this.arrays = arrays;
    this.offsets = offsets;
    this.ptr = null;
    this.idx = null;
    this.val = null;
    this.alone = null;
  }

  private QueryRows(int d, int[] ids, int[] ptr, int[] idx, float[] val) {
    this.d = d;
    this.ids = ids;
    this.arrays = null;
    this.offsets = null;
    this.ptr = ptr;
    this.idx = idx;
    this.val = val;
    this.alone = RowQuads.alone(ptr, idx, val, d);
  }

  /** Dense rows of dimension d, position t being row ids[t]. */
  public static QueryRows dense(float[][] arrays, int[] offsets, int d, int[] ids) {
    return new QueryRows(d, ids, arrays, offsets);
  }

  /** Sparse rows of dimension d, position t being row ids[t] (ids may be null for {@link GramBlocks#gramSparseRow}). */
  public static QueryRows sparse(int[] ptr, int[] idx, float[] val, int d, int[] ids) {
    return new QueryRows(d, ids, ptr, idx, val);
  }

  /** Whether the rows are sparse (CSR). */
  boolean isSparse() {
    return ptr != null;
  }
}
