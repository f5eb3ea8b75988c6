package io.github.simdperceptron.kernel.internal;

/**
 * The few SVs of a training step in a wide block, feature-major, as {@link GramBlocks#gramQuads}
 * reads them: SV s at feature j at {@code block[j * width + s]} ({@link GramBlocks#packWide}),
 * width a multiple of {@link GramBlocks#PANEL}, so that the vectors of one feature lie at constant
 * offsets from each other. Holds the array, does not copy it: the caller packs and repacks it.
 */
public final class SvBlock {
  final float[] block;
  final int width;

  /** The block of width lanes per feature in block. */
  public SvBlock(float[] block, int width) {
    assert width % GramBlocks.PANEL == 0 : "width " + width;
    this.block = block;
    this.width = width;
  }
}
