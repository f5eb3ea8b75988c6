package io.github.simdperceptron.theory;

import io.github.simdperceptron.data.Dataset;
import java.math.BigInteger;
import java.util.Arrays;

/**
 * An exact Farkas certificate of non-separability: integers {@code lambda_c > 0} on a set of rows
 * with {@code sum_c lambda_c y_c (x_c, 1) = 0}, in exact integer arithmetic on the float inputs.
 * If some (w, b) had {@code y_i (w . x_i + b) > 0} for every i, the same weighted sum of those
 * positive numbers would be {@code (w, b) . 0 = 0}: a contradiction, so no hyperplane separates the
 * data, not even through an example.
 *
 * <p>Every float is {@code m 2^e} with an integer m of at most 24 bits, so feature j scaled by
 * {@code 2^-(smallest e in column j)} is an integer column: the equations keep their solutions.
 */
final class FarkasCertificate {
  private FarkasCertificate() {}

  /** A checked certificate: its rows in increasing order and their weights, the largest 1. */
  record Found(int[] rows, double[] weights) {}

  /**
   * The exact certificate on a support the LP suggested, or null when none is found there: the
   * rational null space of the support's columns {@code y_c (x_c, 1)} must be one-dimensional
   * (else the smallest-lambda rows are dropped until it is) and its generator one-signed.
   *
   * @param rows the candidate rows, the LP's lambdas in {@code lambdas} (same order), all > 0
   */
  static Found find(Dataset data, int[] rows, double[] lambdas) {
    Integer[] order = new Integer[rows.length];
    for (int c = 0; c < order.length; c++) {
      order[c] = c;
    }
    // Largest lambda first: the rows dropped first are the ones the LP leaned on least.
    Arrays.sort(order, (a, b) -> Double.compare(lambdas[b], lambdas[a]));
    int[] kept = new int[rows.length];
    for (int c = 0; c < kept.length; c++) {
      kept[c] = rows[order[c]];
    }
    for (int size = kept.length; size >= 2; size--) {
      int[] support = Arrays.copyOf(kept, size);
      BigInteger[][] a = columns(data, support);
      BigInteger[] v = nullVector(a);
      if (v == null) {
        // A null space of dimension 0: the rows left cannot cancel; fewer cannot either.
        return null;
      }
      if (v.length == 0) {
        continue; // dimension above 1: drop the row with the smallest lambda
      }
      return signed(data, support, a, v);
    }
    return null;
  }

  /** The certificate from a null vector when it is one-signed, checked again from scratch; else null. */
  private static Found signed(Dataset data, int[] support, BigInteger[][] a, BigInteger[] v) {
    int sign = 0;
    for (BigInteger x : v) {
      int s = x.signum();
      if (s != 0) {
        if (sign != 0 && s != sign) {
          return null;
        }
        sign = s;
      }
    }
    if (sign == 0) {
      return null;
    }
    int nonZero = 0;
    for (BigInteger x : v) {
      nonZero += x.signum() != 0 ? 1 : 0;
    }
    int[] rows = new int[nonZero];
    BigInteger[] weights = new BigInteger[nonZero];
    for (int c = 0, k = 0; c < v.length; c++) {
      if (v[c].signum() != 0) {
        rows[k] = support[c];
        weights[k++] = sign > 0 ? v[c] : v[c].negate();
      }
    }
    if (!checks(columns(data, rows), weights)) {
      throw new IllegalStateException("an exact null vector failed its own check: an arithmetic bug");
    }
    BigInteger max = Arrays.stream(weights).reduce(BigInteger.ZERO, BigInteger::max);
    double[] scaled = new double[nonZero];
    for (int k = 0; k < nonZero; k++) {
      scaled[k] = ratio(weights[k], max);
    }
    int[] order = sortedRows(rows);
    int[] r = new int[nonZero];
    double[] w = new double[nonZero];
    for (int k = 0; k < nonZero; k++) {
      r[k] = rows[order[k]];
      w[k] = scaled[order[k]];
    }
    return new Found(r, w);
  }

  private static int[] sortedRows(int[] rows) {
    return java.util.stream.IntStream.range(0, rows.length).boxed().sorted((a, b) -> Integer.compare(rows[a], rows[b]))
        .mapToInt(Integer::intValue).toArray();
  }

  /** p / q as the nearest double (q > 0, 0 < p <= q). */
  private static double ratio(BigInteger p, BigInteger q) {
    return new java.math.BigDecimal(p).divide(new java.math.BigDecimal(q), java.math.MathContext.DECIMAL64)
        .doubleValue();
  }

  /** Exactly: every weight > 0 and {@code sum_c w_c a[j][c] = 0} for every row j. */
  static boolean checks(BigInteger[][] a, BigInteger[] w) {
    for (BigInteger x : w) {
      if (x.signum() <= 0) {
        return false;
      }
    }
    for (BigInteger[] row : a) {
      BigInteger sum = BigInteger.ZERO;
      for (int c = 0; c < w.length; c++) {
        sum = sum.add(row[c].multiply(w[c]));
      }
      if (sum.signum() != 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * The integer matrix whose column c is {@code y (x, 1)} of row {@code rows[c]}, feature row j
   * scaled by a power of two so that every entry is an integer.
   */
  static BigInteger[][] columns(Dataset data, int[] rows) {
    int d = data.dimension();
    float[][] x = new float[rows.length][];
    for (int c = 0; c < rows.length; c++) {
      x[c] = data.denseRow(rows[c]);
    }
    BigInteger[][] a = new BigInteger[d + 1][rows.length];
    for (int j = 0; j <= d; j++) {
      int low = Integer.MAX_VALUE;
      for (int c = 0; c < rows.length; c++) {
        float v = j < d ? x[c][j] : 1f;
        if (v != 0f) {
          low = Math.min(low, exponent(v));
        }
      }
      for (int c = 0; c < rows.length; c++) {
        float v = (j < d ? x[c][j] : 1f) * data.label(rows[c]);
        a[j][c] = v == 0f ? BigInteger.ZERO : BigInteger.valueOf(mantissa(v)).shiftLeft(exponent(v) - low);
      }
    }
    return a;
  }

  /** The e of {@code v = m 2^e} with an integer m of at most 24 bits (v finite, not 0). */
  private static int exponent(float v) {
    return Math.max(Math.getExponent(v), Float.MIN_EXPONENT) - 23;
  }

  /** The integer m of {@code v = m 2^exponent(v)}: exact, since the scaling only moves the binary point. */
  private static long mantissa(float v) {
    return (long) Math.scalb(v, -exponent(v));
  }

  /**
   * A generator of the rational null space of a (integer entries, not modified) when it has
   * dimension 1; an empty array when the dimension is above 1; null when it is 0. Fraction-free
   * Gauss-Jordan elimination, each row divided by the gcd of its entries to keep them short.
   */
  static BigInteger[] nullVector(BigInteger[][] a) {
    int m = a.length;
    int k = a[0].length;
    BigInteger[][] r = new BigInteger[m][];
    for (int j = 0; j < m; j++) {
      r[j] = a[j].clone();
    }
    int[] pivotCol = new int[m];
    int rank = 0;
    for (int col = 0; col < k && rank < m; col++) {
      int p = -1;
      for (int j = rank; j < m; j++) {
        if (r[j][col].signum() != 0) {
          p = j;
          break;
        }
      }
      if (p < 0) {
        continue;
      }
      BigInteger[] t = r[p];
      r[p] = r[rank];
      r[rank] = t;
      for (int j = 0; j < m; j++) {
        if (j != rank && r[j][col].signum() != 0) {
          BigInteger f = r[j][col];
          BigInteger g = r[rank][col];
          for (int c = 0; c < k; c++) {
            r[j][c] = r[j][c].multiply(g).subtract(r[rank][c].multiply(f));
          }
          reduce(r[j]);
        }
      }
      pivotCol[rank++] = col;
    }
    int free = k - rank;
    if (free == 0) {
      return null;
    }
    if (free > 1) {
      return new BigInteger[0];
    }
    boolean[] isPivot = new boolean[k];
    for (int j = 0; j < rank; j++) {
      isPivot[pivotCol[j]] = true;
    }
    int f = 0;
    while (isPivot[f]) {
      f++;
    }
    // Row j reads p_j v_{pivot j} + r_j[f] v_f = 0: v_f = L, the lcm of the pivots, keeps v integer.
    BigInteger l = BigInteger.ONE;
    for (int j = 0; j < rank; j++) {
      BigInteger p = r[j][pivotCol[j]].abs();
      l = l.divide(l.gcd(p)).multiply(p);
    }
    BigInteger[] v = new BigInteger[k];
    v[f] = l;
    for (int j = 0; j < rank; j++) {
      v[pivotCol[j]] = r[j][f].multiply(l).divide(r[j][pivotCol[j]]).negate();
    }
    BigInteger g = BigInteger.ZERO;
    for (BigInteger x : v) {
      g = g.gcd(x);
    }
    for (int c = 0; c < k; c++) {
      v[c] = v[c].divide(g);
    }
    return v;
  }

  private static void reduce(BigInteger[] row) {
    BigInteger g = BigInteger.ZERO;
    for (BigInteger x : row) {
      g = g.gcd(x);
    }
    if (g.signum() != 0 && !g.equals(BigInteger.ONE)) {
      for (int c = 0; c < row.length; c++) {
        row[c] = row[c].divide(g);
      }
    }
  }
}
