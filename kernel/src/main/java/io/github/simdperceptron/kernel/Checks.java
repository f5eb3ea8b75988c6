package io.github.simdperceptron.kernel;

/** Argument checks shared by the facades; every message names the argument and the value. */
final class Checks {
  private Checks() {}

  static void notNull(Object array, String name) {
    if (array == null) {
      throw new NullPointerException(name + " is null");
    }
  }

  static void count(int n, String name) {
    if (n < 0) {
      throw new IllegalArgumentException(name + " must be >= 0, got " + n);
    }
  }

  /** Checks that [off, off + len) lies inside an array of the given length. */
  static void range(String name, int arrayLength, int off, long len) {
    if (off < 0 || len < 0 || off + len > arrayLength) {
      throw new IndexOutOfBoundsException(
          name + ": range [" + off + ", " + off + " + " + len + ") is outside the array of length " + arrayLength);
    }
  }

  static void range(float[] a, String name, int off, long len) {
    notNull(a, name);
    range(name, a.length, off, len);
  }

  static void range(double[] a, String name, int off, long len) {
    notNull(a, name);
    range(name, a.length, off, len);
  }

  static void range(int[] a, String name, int off, long len) {
    notNull(a, name);
    range(name, a.length, off, len);
  }

  static void sameLength(int a, String aName, int b, String bName) {
    if (a != b) {
      throw new IllegalArgumentException(aName + ".length = " + a + " differs from " + bName + ".length = " + b);
    }
  }

  /**
   * Checks idx[off .. off+nnz) all lie in [0, bound) before anything is read or written through
   * them. The branch-free OR over the indices lets C2 vectorize the scan.
   */
  static void indices(int[] idx, int off, int nnz, int bound, String boundName) {
    int bad = 0;
    final int last = bound - 1;
    for (int i = off, end = off + nnz; i < end; i++) {
      int j = idx[i];
      bad |= j | (last - j);
    }
    if (bad < 0) {
      throw badIndex(idx, off, nnz, bound, boundName);
    }
  }

  /** The exception for the first index of idx[off .. off+nnz) outside [0, bound). */
  static IndexOutOfBoundsException badIndex(int[] idx, int off, int nnz, int bound, String boundName) {
    for (int i = off, end = off + nnz; i < end; i++) {
      if (idx[i] < 0 || idx[i] >= bound) {
        return new IndexOutOfBoundsException(
            "indices[" + i + "] = " + idx[i] + " is outside [0, " + bound + ") (" + boundName + ")");
      }
    }
    return new IndexOutOfBoundsException("an index is outside [0, " + bound + ") (" + boundName + ")");
  }
}
