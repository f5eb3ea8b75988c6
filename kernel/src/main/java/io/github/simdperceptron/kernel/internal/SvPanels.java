package io.github.simdperceptron.kernel.internal;

/**
 * Support vectors (SVs) packed in panels, as {@link GramBlocks#gram} reads them: the value of SV
 * {@code s = p * PANEL + l} at feature j lies at {@code panels[p * d * PANEL + j * PANEL + l]}
 * ({@link GramBlocks#pack}), for the first {@code panelCount} panels. Holds the array, does not
 * copy it: the packing is the caller's, before the Gram blocks that read it.
 */
public final class SvPanels {
  final float[] panels;
  final int d;
  final int panelCount;

  /** The first panelCount panels of SVs of dimension d in panels (at least panelCount * PANEL * d floats). */
  public SvPanels(float[] panels, int d, int panelCount) {
    assert (long) panelCount * GramBlocks.PANEL * d <= panels.length : panelCount + " panels of d " + d;
    this.panels = panels;
    this.d = d;
    this.panelCount = panelCount;
  }
}
