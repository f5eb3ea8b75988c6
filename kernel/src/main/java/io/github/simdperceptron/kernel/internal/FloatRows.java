package io.github.simdperceptron.kernel.internal;

/**
 * A block of rows in one float array, {@code stride} floats apart: the Gram block of
 * {@link GramBlocks} (row t of a block starting at offset o at {@code values[o + t * stride]}), or
 * the class-major sums of {@link GramBlocks#columnScores} (class c at {@code values[c * stride]}).
 * Holds the array, does not copy it.
 */
public final class FloatRows {
  final float[] values;
  final int stride;

  /** Rows stride floats apart in values. */
  public FloatRows(float[] values, int stride) {
    this.values = values;
    this.stride = stride;
  }

  /** The array the rows are in (shared, not a copy). */
  public float[] values() {
    return values;
  }
}
