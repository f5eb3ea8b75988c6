package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.data.internal.DataAccess;
import io.github.simdperceptron.learn.internal.VotedAccess;
import io.github.simdperceptron.kernel.internal.VotePasses;
import java.util.Arrays;
import java.util.Objects;
import java.util.stream.IntStream;

/**
 * The voted perceptron's classifier: {@code score(x) = sum_k c_k sgn(v_k . x + b_k)} with
 * {@code sgn(z) = +1 if z > 0 else -1}, summed in double.
 *
 * <p>A trained model keeps the mistakes, not the vectors: its k-th vector is
 * {@code v_k = v_{k-1} + y_k x_k}, so it stores each mistake row x_k once (sparse or dense, as the
 * training data had it), its label y_k and the counts c_k, and scores x in one pass over the
 * running margin {@code s_k = s_{k-1} + y_k (x_k . x) (+ y_k with the bias)}, in double from
 * float dot products. Memory is the distinct mistake rows plus 12 bytes a mistake. A model made
 * by {@link #of} keeps the vectors it was given. docs/learners.md states when the pass equals the
 * vector-by-vector formula bit for bit (integer-valued data) and its rounding bound otherwise.
 */
public final class VotedModel implements BinaryModel {
  static {
    VotedAccess.install(new VotedBridge());
  }

  private final VotedAccess.Parts p;
  /** The entry of each voting vector (count >= 1), in order. */
  private final int[] voters;
  private final ThreadLocal<VotedScratch> scratch;
  /** Each thread's scratch for {@link #scores} (with the block arrays), made on its first call. */
  private final ThreadLocal<VotedScratch> blockScratch;
  /**
   * What every thread's scratch shares: the transpose, its dense columns, the pass's tables. Made
   * on the first score ({@link #shared()}), not with the model: its arrays span all d features,
   * which a model read from a file of sparse mistakes does not bound, and reading such a file
   * should cost what its bytes hold.
   */
  private volatile VotedShared shared;

  /** Trusted constructor: the parts are owned by the model from now on. */
  VotedModel(VotedAccess.Parts parts) {
    this.p = parts;
    int n = 0;
    for (long c : parts.counts) {
      n += c > 0 ? 1 : 0;
    }
    this.voters = new int[n];
    for (int e = 0, k = 0; e < parts.counts.length; e++) {
      if (parts.counts[e] > 0) {
        voters[k++] = e;
      }
    }
    this.scratch = ThreadLocal.withInitial(() -> new VotedScratch(shared()));
    this.blockScratch = ThreadLocal.withInitial(() -> new VotedScratch(shared(), true));
  }

  /** The shared tables, made by the first thread that needs them. */
  private VotedShared shared() {
    VotedShared s = shared;
    if (s == null) {
      synchronized (this) {
        s = shared;
        if (s == null) {
          Dataset columns = columns(p);
          s = new VotedShared(p, columns, denseColumns(p, columns));
          shared = s;
        }
      }
    }
    return s;
  }

  /**
   * The transpose of sparse stored rows: row j lists the stored rows with feature j and their
   * values (no values when all are 1), so that x's non-zeros reach the rows that share them. Null
   * when the rows are dense or absent.
   */
  static Dataset columns(VotedAccess.Parts parts) {
    if (parts.rows == null || !parts.rows.isSparse()) {
      return null;
    }
    Dataset rows = parts.rows;
    int[] indices = DataAccess.indices(rows);
    float[] values = DataAccess.values(rows);
    int d = parts.dimension;
    int n = rows.size();
    int[] ptr = new int[d + 1];
    int nnz = DataAccess.rowStart(rows, n - 1) + rows.nonZeros(n - 1);
    for (int t = 0; t < nnz; t++) {
      ptr[indices[t] + 1]++;
    }
    for (int j = 0; j < d; j++) {
      ptr[j + 1] += ptr[j];
    }
    int[] next = Arrays.copyOf(ptr, d);
    int[] rowOf = new int[nnz];
    float[] valueOf = values == null ? null : new float[nnz];
    for (int r = 0; r < n; r++) {
      for (int t = DataAccess.rowStart(rows, r), end = t + rows.nonZeros(r); t < end; t++) {
        int at = next[indices[t]]++;
        rowOf[at] = r;
        if (valueOf != null) {
          valueOf[at] = values[t];
        }
      }
    }
    // The labels of the transpose mean nothing; a dataset needs one per row.
    return Dataset.wrap(ptr, rowOf, valueOf, n, new double[d]);
  }

  /**
   * The columns of the transpose that hold at least {@link #DENSE_SHARE} of the stored rows (and
   * at least {@link #DENSE_MIN} of them), written out as dense arrays over the stored rows (zeros
   * where a row lacks the feature), so that x's non-zero on such a feature is one vector axpy over
   * the rows instead of a scatter-add through a long list; null for every other feature. The
   * axpy adds {@code x_j * 0 = 0} to the other rows, which changes no dot: the rounded sums of the
   * rows that have the feature are those of the scatter, in the same order.
   */
  static float[][] denseColumns(VotedAccess.Parts parts, Dataset columns) {
    if (columns == null) {
      return null;
    }
    int n = parts.rows.size();
    int least = Math.max(DENSE_MIN, n / DENSE_SHARE);
    int[] rowOf = DataAccess.indices(columns);
    float[] valueOf = DataAccess.values(columns);
    float[][] dense = new float[parts.dimension][];
    for (int j = 0; j < dense.length; j++) {
      int from = DataAccess.rowStart(columns, j);
      int count = columns.nonZeros(j);
      if (count >= least) {
        float[] column = new float[n];
        for (int t = from; t < from + count; t++) {
          column[rowOf[t]] = valueOf == null ? 1f : valueOf[t];
        }
        dense[j] = column;
      }
    }
    return dense;
  }

  /** A column is dense when it holds at least 1/DENSE_SHARE of the stored rows: ... */
  static final int DENSE_SHARE = 16;
  /** ... and at least DENSE_MIN of them. */
  static final int DENSE_MIN = 32;

  /**
   * A voted model from its triples (copied; every value finite, every count >= 1, every vector of
   * length {@code dimension}). Arguments are not modified.
   */
  public static VotedModel of(float[][] vectors, float[] biases, long[] counts, Labels labels, int dimension) {
    Objects.requireNonNull(vectors, "vectors");
    Objects.requireNonNull(biases, "biases");
    Objects.requireNonNull(counts, "counts");
    Objects.requireNonNull(labels, "labels");
    if (dimension < 1) {
      throw new IllegalArgumentException("dimension must be >= 1, got " + dimension);
    }
    if (biases.length != vectors.length || counts.length != vectors.length) {
      throw new IllegalArgumentException(vectors.length + " vectors, " + biases.length + " biases and "
          + counts.length + " counts: expected as many of each");
    }
    LinearModel.checkBinary(labels);
    float[][] v = new float[vectors.length][];
    int[] entries = new int[vectors.length];
    for (int k = 0; k < vectors.length; k++) {
      Objects.requireNonNull(vectors[k], "vectors[" + k + "]");
      if (vectors[k].length != dimension) {
        throw new IllegalArgumentException("vectors[" + k + "] has length " + vectors[k].length + ", expected "
            + dimension);
      }
      LinearModel.checkFinite("vectors[" + k + "]", vectors[k]);
      LinearModel.checkFinite("biases[" + k + "]", biases[k]);
      if (counts[k] < 1) {
        throw new IllegalArgumentException("counts[" + k + "] = " + counts[k] + " is not >= 1");
      }
      v[k] = vectors[k].clone();
      entries[k] = -1 - k;
    }
    return new VotedModel(new VotedAccess.Parts(labels, dimension, false, v, biases.clone(), null, new float[0],
        entries, counts.clone()));
  }

  /** Number of stored (vector, bias, count) triples: the vectors with a count of at least 1. */
  public int vectors() {
    return voters.length;
  }

  /**
   * Vector k, as a new array: for a trained model it is rebuilt from the mistakes before it
   * with the training's own updates, so it is bit for bit the vector training had.
   */
  public float[] vector(int k) {
    int last = voters[k];
    int e = anchorBefore(last);
    float[] anchor = p.anchors[-1 - p.entries[e]];
    float[] w = anchor == null ? new float[p.dimension] : anchor.clone();
    for (e++; e <= last; e++) {
      int r = p.entries[e];
      DataAccess.addTo(p.rows, r, p.rowLabels[r], w);
    }
    return w;
  }

  /** The bias of vector k. */
  public float bias(int k) {
    int last = voters[k];
    int e = anchorBefore(last);
    float b = p.anchorBiases[-1 - p.entries[e]];
    if (p.biasSteps) {
      for (e++; e <= last; e++) {
        b += p.rowLabels[p.entries[e]];
      }
    }
    return b;
  }

  /** The survival count (votes) of vector k. */
  public long count(int k) {
    return p.counts[voters[k]];
  }

  private int anchorBefore(int e) {
    while (p.entries[e] >= 0) {
      e--;
    }
    return e;
  }

  @Override
  public Labels labels() {
    return p.labels;
  }

  @Override
  public int dimension() {
    return p.dimension;
  }

  @Override
  public float score(float[] x) {
    if (x.length != p.dimension) {
      throw new IllegalArgumentException("x has length " + x.length + ", the model expects " + p.dimension);
    }
    return scratch.get().dense(x).vote(null);
  }

  @Override
  public float score(int[] indices, float[] values) {
    return scratch.get().sparse(indices, values).vote(null);
  }

  @Override
  public float score(Dataset data, int i) {
    if (data.dimension() > p.dimension) {
      throw new IllegalArgumentException("the data has dimension " + data.dimension() + ", the model expects "
          + p.dimension);
    }
    return scratch.get().row(data, i).vote(null);
  }

  /**
   * The scores of every row of data, as {@link #score(Dataset, int)} gives them bit for bit:
   * the rows are taken eight at a time, their dots with the stored rows side
   * by side, and the running-margin pass runs once per block with the block's documents in the
   * lanes of a vector; large datasets are split between two threads.
   */
  @Override
  public float[] scores(Dataset data) {
    checkDimension(data);
    float[] out = new float[data.size()];
    int blocks = (out.length + VotePasses.BLOCK - 1) / VotePasses.BLOCK;
    int parts = blocks >= PARALLEL_BLOCKS && Runtime.getRuntime().availableProcessors() > 1 ? 2 : 1;
    if (parts == 1) {
      scoreBlocks(blockScratch.get(), data, 0, blocks, out);
    } else {
      // Scratch of its own for each part: a pool thread keeps no model's arrays after the call.
      int half = blocks / 2;
      VotedShared tables = shared();
      IntStream.range(0, parts).parallel().forEach(k -> scoreBlocks(new VotedScratch(tables, true), data,
          k == 0 ? 0 : half, k == 0 ? half : blocks, out));
    }
    return out;
  }

  /** Blocks [from, to) of data. */
  private static void scoreBlocks(VotedScratch s, Dataset data, int from, int to, float[] out) {
    for (int k = from; k < to; k++) {
      int first = k * VotePasses.BLOCK;
      s.scoreBlock(data, first, Math.min(VotePasses.BLOCK, out.length - first), out);
    }
  }

  /** A dataset of at least this many blocks is scored by two threads. */
  static final int PARALLEL_BLOCKS = 256;

  @Override
  public int[] predictClasses(Dataset data) {
    return classesOf(scores(data));
  }

  /** The classes of the scores s, as {@link BinaryModel#predictClass} gives them for one score. */
  int[] classesOf(float[] s) {
    int[] out = new int[s.length];
    boolean two = labels().size() == 2;
    for (int i = 0; i < s.length; i++) {
      // As BinaryModel.predictClass has it for one score.
      out[i] = two ? (s[i] > 0f ? 1 : 0) : labels().binaryLabel(0) == (s[i] > 0f ? 1f : -1f) ? 0 : -1;
    }
    return out;
  }

  VotedAccess.Parts parts() {
    return p;
  }

  /** The margin s_e of every entry for a dense x of length d (for the rounding tests). */
  double[] margins(float[] x) {
    double[] out = new double[p.entries.length];
    scratch.get().dense(x).vote(out);
    return out;
  }
}
