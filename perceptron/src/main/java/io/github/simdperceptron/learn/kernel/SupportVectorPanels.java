package io.github.simdperceptron.learn.kernel;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.kernel.internal.GramBlocks;
import io.github.simdperceptron.kernel.internal.SvPanels;

/**
 * A model's support vectors packed in panels of {@link GramBlocks#PANEL} and their squared norms,
 * as the Gram blocks of prediction take them. Packed on the first prediction, not when the model
 * is made: the command that trains a model takes its training figure from training's kernel
 * columns and needs no panels (14 MB for 4,521 Fashion-MNIST support vectors). Thread-safe.
 */
final class SupportVectorPanels {
  private final Dataset sv;
  private SvPanels panels;
  private float[] norms;

  /** The panels of sv, packed later; throws {@link ArithmeticException} now when they could not be packed. */
  SupportVectorPanels(Dataset sv) {
    this.sv = sv;
    Math.toIntExact(GramBlocks.packedLength(sv.size(), sv.dimension())); // too many to pack: refused now
  }

  /** Packs the support vectors on the first call. */
  synchronized SupportVectorPanels packed() {
    if (panels == null) {
      int m = sv.size();
      KernelRows rows = new KernelRows(sv);
      float[] p = new float[Math.toIntExact(GramBlocks.packedLength(m, sv.dimension()))];
      float[] n = new float[GramBlocks.lanes(m)];
      for (int s = 0; s < m; s++) {
        rows.pack(s, -1, p, GramBlocks.PANEL, s);
        n[s] = rows.norm(s);
      }
      norms = n;
      panels = new SvPanels(p, sv.dimension(), GramBlocks.PANEL, m);
    }
    return this;
  }

  /** The packed support vectors, after {@link #packed()} (shared: read them, never modify them). */
  SvPanels panels() {
    return panels;
  }

  /** Their squared norms by support vector, after {@link #packed()} (shared). */
  float[] norms() {
    return norms;
  }
}
