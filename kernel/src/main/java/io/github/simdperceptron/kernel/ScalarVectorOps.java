package io.github.simdperceptron.kernel;

/**
 * The fast scalar implementation: reductions with four independent accumulators (a single chain
 * is bound by the add latency), element-wise loops left plain so C2 auto-vectorizes them.
 */
final class ScalarVectorOps implements VectorOps {

  private final boolean fma;

  ScalarVectorOps(boolean fma) {
    this.fma = fma;
  }

  @Override
  public String name() {
    return "scalar";
  }

  @Override
  public int vectorBits() {
    return 0;
  }

  @Override
  public boolean fma() {
    return fma;
  }

  @Override
  public float dot(float[] a, int aOff, float[] b, int bOff, int n) {
    return fma ? dotFma(a, aOff, b, bOff, n) : dotMulAdd(a, aOff, b, bOff, n);
  }

  private static float dotFma(float[] a, int aOff, float[] b, int bOff, int n) {
    float s0 = 0f, s1 = 0f, s2 = 0f, s3 = 0f;
    int i = 0;
    for (int bound = n & ~3; i < bound; i += 4) {
      s0 = Math.fma(a[aOff + i], b[bOff + i], s0);
      s1 = Math.fma(a[aOff + i + 1], b[bOff + i + 1], s1);
      s2 = Math.fma(a[aOff + i + 2], b[bOff + i + 2], s2);
      s3 = Math.fma(a[aOff + i + 3], b[bOff + i + 3], s3);
    }
    for (; i < n; i++) {
      s0 = Math.fma(a[aOff + i], b[bOff + i], s0);
    }
    return (s0 + s1) + (s2 + s3);
  }

  private static float dotMulAdd(float[] a, int aOff, float[] b, int bOff, int n) {
    float s0 = 0f, s1 = 0f, s2 = 0f, s3 = 0f;
    int i = 0;
    for (int bound = n & ~3; i < bound; i += 4) {
      s0 += a[aOff + i] * b[bOff + i];
      s1 += a[aOff + i + 1] * b[bOff + i + 1];
      s2 += a[aOff + i + 2] * b[bOff + i + 2];
      s3 += a[aOff + i + 3] * b[bOff + i + 3];
    }
    for (; i < n; i++) {
      s0 += a[aOff + i] * b[bOff + i];
    }
    return (s0 + s1) + (s2 + s3);
  }

  @Override
  public float squaredNorm(float[] x, int off, int n) {
    return dot(x, off, x, off, n);
  }

  @Override
  public void scale(float alpha, float[] x, int off, int n) {
    for (int i = off, end = off + n; i < end; i++) {
      x[i] = alpha * x[i];
    }
  }

  @Override
  public void axpy(float alpha, float[] x, int xOff, float[] y, int yOff, int n) {
    for (int i = 0; i < n; i++) {
      y[yOff + i] += alpha * x[xOff + i];
    }
  }

  @Override
  public void dualAxpy(float a, float b, float[] x, int xOff, float[] w, int wOff, float[] u, int uOff, int n) {
    for (int i = 0; i < n; i++) {
      float xi = x[xOff + i];
      w[wOff + i] += a * xi;
      u[uOff + i] += b * xi;
    }
  }

  @Override
  public void dualAxpy(float a, double b, float[] x, int xOff, float[] w, int wOff, double[] u, int uOff, int n) {
    for (int i = 0; i < n; i++) {
      float xi = x[xOff + i];
      w[wOff + i] += a * xi;
      u[uOff + i] += b * xi;
    }
  }

  @Override
  public void multiDot(float[] rows, int rowsOff, int k, int d, float[] x, int xOff, float[] out, int outOff) {
    for (int r = 0; r < k; r++) {
      out[outOff + r] = dot(rows, rowsOff + r * d, x, xOff, d);
    }
  }
}
