package io.github.simdperceptron.sequence;

import io.github.simdperceptron.kernel.internal.ClassMatrix;
import io.github.simdperceptron.kernel.internal.ClassScores;
import io.github.simdperceptron.sequence.internal.TaggerAccess;
import java.util.Arrays;

/**
 * A trained tagger's emission weights, compact: most of a feature's K weights are zero (a rare
 * word's keys meet a few tags), so a feature keeps its non-zero weights alone, as (tag, weight)
 * pairs, unless it has at least {@link #DENSE_AT} of them, when it keeps a dense row of kp lanes.
 *
 * <p>{@link #scores} sums a token's weights in a fixed order (the dense rows by the K-class kernel,
 * then the pairs), so every tagger of the same weights gives the same bits; on integer weights
 * every sum is exact and equals the kernel's over the dense matrix. A tagger's token scores are the
 * lane-wise sum of two such sums, of the ids its own word gives it and of those its neighbours give
 * it ({@code Tagger.decode}). Immutable once built;
 * {@link #scores} uses the caller's scratch, so any number of threads may share one.
 */
final class Emissions implements TaggerAccess.Weights {
  /** A feature with at least this many non-zero weights keeps a dense row. */
  static final int DENSE_AT = 8;

  final int k;
  final int kp;
  final int d;
  /**
   * Feature f's dense row at[2f] (its lanes start at dense[at[2f] * kp]; -1 for none) and its pairs
   * [at[2f + 1], at[2f + 3]) of tag and weight (a dense feature has none): interleaved, so that the
   * ids of a token, which fall anywhere, cost one cache line each.
   */
  private final int[] at;
  private final short[] tag;
  private final float[] weight;
  private final float[] dense;
  /** dense as the K-class kernel reads it. */
  private final ClassMatrix denseMatrix;

  private Emissions(int k, int d, int[] at, short[] tag, float[] weight, float[] dense) {
    this.k = k;
    this.kp = ClassScores.paddedClasses(k);
    this.d = d;
    this.at = at;
    this.tag = tag;
    this.weight = weight;
    this.dense = dense;
    this.denseMatrix = new ClassMatrix(dense, kp);
  }

  /** The compact form of the dense emission weights {@code w[f * kp + c]} of d features and k tags. */
  static Emissions of(float[] w, int k, int d) {
    int kp = ClassScores.paddedClasses(k);
    // A first pass counts the pairs and the dense rows, so that the arrays are made at their size.
    long pairs = 0;
    int rows = 0;
    for (int f = 0; f < d; f++) {
      int nz = 0;
      for (int c = 0; c < k; c++) {
        if (w[f * kp + c] != 0f) {
          nz++;
        }
      }
      if (nz >= DENSE_AT) {
        rows++;
      } else {
        pairs += nz;
      }
    }
    Builder b = new Builder(k, d, (int) Math.min(pairs, Integer.MAX_VALUE - 16), rows);
    int[] tags = new int[k];
    float[] values = new float[k];
    for (int f = 0; f < d; f++) {
      int nz = 0;
      for (int c = 0; c < k; c++) {
        float v = w[f * kp + c];
        if (v != 0f) {
          tags[nz] = c;
          values[nz++] = v;
        }
      }
      b.feature(tags, values, nz);
    }
    return b.build();
  }

  /** Builds the compact form feature by feature, in order, from their non-zero weights. */
  static final class Builder implements TaggerAccess.WeightsBuilder {
    private final int k;
    private final int kp;
    private final int d;
    private final int[] at;
    private short[] tag;
    private float[] weight;
    private float[] dense;
    private int pairs;
    private int rows;
    private int f;

    Builder(int k, int d) {
      this(k, d, 1 << 12, 0);
    }

    /** A builder whose arrays start with room for {@code pairs} pairs and {@code rows} dense rows. */
    Builder(int k, int d, int pairs, int rows) {
      this.k = k;
      this.kp = ClassScores.paddedClasses(k);
      this.d = d;
      this.at = new int[2 * d + 2];
      this.tag = new short[pairs];
      this.weight = new float[pairs];
      this.dense = new float[Math.toIntExact((long) rows * kp)];
    }

    /** The next feature's non-zero weights: tags[i] (ascending, below k) and values[i] for i < nz. */
    @Override
    public void feature(int[] tags, float[] values, int nz) {
      if (nz >= DENSE_AT) {
        if ((long) (rows + 1) * kp > dense.length) {
          dense = Arrays.copyOf(dense, Math.max(kp * 16, 2 * dense.length));
        }
        at[2 * f] = rows;
        for (int i = 0; i < nz; i++) {
          dense[rows * kp + tags[i]] = values[i];
        }
        rows++;
      } else {
        at[2 * f] = -1;
        if (pairs + nz > tag.length) {
          int n = Math.max(2 * tag.length, pairs + nz);
          tag = Arrays.copyOf(tag, n);
          weight = Arrays.copyOf(weight, n);
        }
        for (int i = 0; i < nz; i++) {
          tag[pairs] = (short) tags[i];
          weight[pairs++] = values[i];
        }
      }
      at[2 * ++f + 1] = pairs;
    }

    @Override
    public Emissions build() {
      if (f != d) {
        throw new IllegalStateException(f + " features given, " + d + " expected");
      }
      return new Emissions(k, d, at, tag.length == pairs ? tag : Arrays.copyOf(tag, pairs),
          weight.length == pairs ? weight : Arrays.copyOf(weight, pairs),
          dense.length == rows * kp ? dense : Arrays.copyOf(dense, rows * kp));
    }
  }

  /** The weight of feature f for tag c. */
  @Override
  public float get(int f, int c) {
    if (at[2 * f] >= 0) {
      return dense[at[2 * f] * kp + c];
    }
    for (int q = at[2 * f + 1]; q < at[2 * f + 3]; q++) {
      if (tag[q] == c) {
        return weight[q];
      }
    }
    return 0f;
  }

  /** Feature f's non-zero weights. */
  @Override
  public int nonZeros(int f) {
    if (at[2 * f] < 0) {
      return at[2 * f + 3] - at[2 * f + 1];
    }
    int nz = 0;
    for (int c = 0; c < k; c++) {
      if (dense[at[2 * f] * kp + c] != 0f) {
        nz++;
      }
    }
    return nz;
  }

  /**
   * {@code out[c] = sum over t in [from, to) of w[ids[t]][c]} for the kp lanes: first the dense
   * rows of the ids, in order, by the K-class kernel ({@link ClassScores#scores}, a binary row over
   * the dense rows alone), then the pairs of the others, in order. The order is fixed, so every
   * tagger of the same weights gives the same bits. rows is scratch of at least to - from entries;
   * only out and rows are modified.
   */
  void scores(int[] ids, int from, int to, int[] rows, float[] out) {
    ClassScores.scores(denseMatrix, rows, null, 0, denseRows(ids, from, to, rows), out);
    addPairs(ids, from, to, out);
  }

  /**
   * As {@link #scores}, the same bits, from scalar code ({@link ClassScores#scoresScalar}): for a
   * one-off pass over many words in a fresh JVM.
   */
  void scoresScalar(int[] ids, int from, int to, int[] rows, float[] out) {
    ClassScores.scoresScalar(denseMatrix, rows, null, 0, denseRows(ids, from, to, rows), out);
    addPairs(ids, from, to, out);
  }

  /** The dense rows of ids[from, to), in order, into rows; returns their number. */
  private int denseRows(int[] ids, int from, int to, int[] rows) {
    int m = 0;
    for (int t = from; t < to; t++) {
      int r = at[2 * ids[t]];
      if (r >= 0) {
        rows[m++] = r;
      }
    }
    return m;
  }

  /** Adds the pairs of ids[from, to), in order, to out. */
  private void addPairs(int[] ids, int from, int to, float[] out) {
    for (int t = from; t < to; t++) {
      int f = ids[t];
      for (int q = at[2 * f + 1], end = at[2 * f + 3]; q < end; q++) {
        out[tag[q]] += weight[q];
      }
    }
  }
}
