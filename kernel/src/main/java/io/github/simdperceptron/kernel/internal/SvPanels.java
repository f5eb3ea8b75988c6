package io.github.simdperceptron.kernel.internal;

/**
 * Support vectors (SVs) packed in panels, the one layout every Gram block reads: panels of
 * {@code width} SVs (a multiple of {@link GramBlocks#LANES}), feature-major within a panel, the value
 * of SV {@code s} at feature j at {@code panels[(s / width) * d * width + j * width + s % width]}
 * ({@link GramBlocks#pack}). A model's SVs lie in panels of {@link GramBlocks#PANEL}; the few SVs
 * of a training step in one panel as wide as their cap. The first {@code count} SVs are the ones
 * a Gram block computes (rounded up to whole {@link GramBlocks#LANES}). Holds the array, does not
 * copy it: the packing is the caller's, before the Gram blocks that read it.
 */
public final class SvPanels {
  final float[] panels;
  final int d;
  final int width;
  final int count;

  /**
   * The first count SVs of dimension d in panels of width SVs (at least
   * {@code ceil(count / width) * width * d} floats).
   */
  public SvPanels(float[] panels, int d, int width, int count) {
    assert width > 0 && width % GramBlocks.LANES == 0 : "width " + width;
    assert (long) panelCount(count, width) * width * d <= panels.length : count + " SVs of d " + d;
    this.panels = panels;
    this.d = d;
    this.width = width;
    this.count = count;
  }

  private static int panelCount(int count, int width) {
    return (count + width - 1) / width;
  }

  /** Panels holding the first count SVs. */
  int panelCount() {
    return panelCount(count, width);
  }

  /** The SVs a Gram block computes in panel p: its share of count, rounded up to whole {@link GramBlocks#LANES}. */
  int lanes(int p) {
    return Math.min(width, GramBlocks.lanes(count - p * width));
  }
}
