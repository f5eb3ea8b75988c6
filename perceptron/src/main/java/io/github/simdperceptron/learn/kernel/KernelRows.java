package io.github.simdperceptron.learn.kernel;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.internal.DataAccess;
import io.github.simdperceptron.kernel.internal.GramBlocks;
import io.github.simdperceptron.kernel.internal.QueryRows;
import io.github.simdperceptron.kernel.internal.RowQuads;
import io.github.simdperceptron.kernel.internal.SvPanels;

/**
 * A dataset's rows as the Gram kernel takes them: dense rows in place, sparse rows as their CSR
 * non-zeros (the same bits as their dense form). Also the rows' squared norms in the Gram
 * block's order, and the packing of a row into SV panels.
 */
final class KernelRows {
  final Dataset data;
  final int d;
  private final float[][] arrays;
  private final int[] offsets;
  private final int[] ptr;
  private final int[] idx;
  private final float[] val;
  private float[] norms;
  private RowQuads quads;
  /** Sparse rows with values, for a visit's Gram row over its own non-zeros ({@link #gramRow}); else null. */
  private final QueryRows ownNonZeros;

  KernelRows(Dataset data) {
    this.data = data;
    this.d = data.dimension();
    int n = data.size();
    if (!data.isSparse()) {
      Dataset dense = data;
      arrays = new float[n][];
      offsets = new int[n];
      for (int i = 0; i < n; i++) {
        arrays[i] = DataAccess.rowArray(dense, i);
        offsets[i] = DataAccess.rowOffset(dense, i);
      }
      ptr = null;
      idx = null;
      val = null;
      ownNonZeros = null;
    } else {
      Dataset sparse = data;
      arrays = null;
      offsets = null;
      ptr = new int[n + 1];
      for (int i = 0; i < n; i++) {
        ptr[i] = DataAccess.rowStart(sparse, i);
        ptr[i + 1] = ptr[i] + sparse.nonZeros(i);
      }
      idx = DataAccess.indices(sparse);
      val = DataAccess.values(sparse);
      ownNonZeros = val == null ? null : QueryRows.sparse(ptr, idx, val, d, null);
    }
  }

  /**
   * As {@link #KernelRows(Dataset)} for many Gram blocks over the whole dataset (training, scoring
   * a dataset): a sparse dataset with at least a quarter of its values non-zero is first written out
   * dense, since the dense Gram block is faster there and gives the same bits.
   */
  static KernelRows forBlocks(Dataset data) {
    int n = data.size();
    int d = data.dimension();
    if (!data.isSparse() || (long) n * d > Integer.MAX_VALUE - 8) {
      return new KernelRows(data);
    }
    long nnz = 0;
    for (int i = 0; i < n; i++) {
      nnz += data.nonZeros(i);
    }
    if (nnz * 4 < (long) n * d) {
      return new KernelRows(data);
    }
    int[] indices = DataAccess.indices(data);
    float[] values = DataAccess.values(data);
    float[] dense = new float[n * d];
    for (int i = 0; i < n; i++) {
      for (int t = DataAccess.rowStart(data, i), end = t + data.nonZeros(i); t < end; t++) {
        dense[i * d + indices[t]] = values == null ? 1f : values[t];
      }
    }
    return new KernelRows(data, dense);
  }

  /** Rows of {@code data} held densely, row i at {@code dense[i * d ..]}. */
  private KernelRows(Dataset data, float[] dense) {
    this.data = data;
    this.d = data.dimension();
    int n = data.size();
    arrays = new float[n][];
    offsets = new int[n];
    for (int i = 0; i < n; i++) {
      arrays[i] = dense;
      offsets[i] = i * d;
    }
    ptr = null;
    idx = null;
    val = null;
    ownNonZeros = null;
  }

  int size() {
    return data.size();
  }

  /** |x_i|^2 as the Gram block sums it ({@link GramBlocks#squaredNorm}), computed once. */
  float norm(int i) {
    if (norms == null) {
      norms = new float[data.size()];
      for (int r = 0; r < norms.length; r++) {
        norms[r] = arrays != null ? GramBlocks.squaredNorm(arrays[r], offsets[r], d)
            : GramBlocks.squaredNorm(idx, val, ptr[r], ptr[r + 1]);
      }
    }
    return norms[i];
  }

  /**
   * All rows as row quads ({@link RowQuads}: four at a time over the union of their non-zero
   * features), made at the first call: the layout of the Gram blocks of every row against new
   * support vectors.
   */
  RowQuads quads() {
    if (quads == null) {
      int n = data.size();
      quads = arrays != null ? RowQuads.ofDense(arrays, offsets, n, d) : RowQuads.ofSparse(ptr, idx, val, n, d);
    }
    return quads;
  }

  /**
   * Writes row i as SV number s of panels of width SVs ({@link GramBlocks#pack}) in place of row
   * {@code previous} (-1: SV s is all zeros), zeros included: a dense row is written whole; a
   * sparse row clears the non-zeros of the previous one and writes its own, so that packing costs
   * the non-zeros, not the dimension. Only panels is modified.
   */
  void pack(int i, int previous, float[] panels, int width, int s) {
    if (arrays != null) {
      GramBlocks.pack(arrays[i], offsets[i], d, panels, width, s);
      return;
    }
    int base = GramBlocks.svBase(s, d, width);
    if (previous >= 0) {
      for (int t = ptr[previous]; t < ptr[previous + 1]; t++) {
        panels[base + idx[t] * width] = 0f;
      }
    }
    for (int t = ptr[i]; t < ptr[i + 1]; t++) {
      panels[base + idx[t] * width] = val == null ? 1f : val[t];
    }
  }

  /**
   * Row i (at layout position {@code position} of {@link #quads}) against the first lanes SVs of a
   * block (one panel; lanes a multiple of {@link GramBlocks#LANES}, at most its width): {@code g[gOff + s] = x_i . S[s]} for
   * s &lt; lanes, the bits of the quads' Gram block. A sparse row with values is taken over its own
   * non-zeros, any other over its quad's features. Only g is modified.
   */
  void gramRow(int i, int position, SvPanels block, int lanes, float[] g, int gOff) {
    if (ownNonZeros != null) {
      GramBlocks.gramSparseRow(ownNonZeros, i, block, lanes, g, gOff);
    } else {
      GramBlocks.gramQuadRow(quads(), position, block, lanes, g, gOff);
    }
  }

  /** The rows as a Gram block's query, position t being row ids[t] (dense rows in place, sparse as CSR). */
  QueryRows query(int[] ids) {
    return arrays != null ? QueryRows.dense(arrays, offsets, d, ids) : QueryRows.sparse(ptr, idx, val, d, ids);
  }
}
