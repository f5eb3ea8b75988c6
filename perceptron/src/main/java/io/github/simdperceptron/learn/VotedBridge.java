package io.github.simdperceptron.learn;

import io.github.simdperceptron.learn.internal.VotedAccess;
import java.util.Objects;

/** The voted model's parts, handed to {@link VotedAccess} when {@link VotedModel} loads. */
final class VotedBridge implements VotedAccess.Bridge {
  @Override
  public VotedAccess.Parts parts(VotedModel model) {
    return model.parts();
  }

  @Override
  public VotedModel model(VotedAccess.Parts p) {
    Objects.requireNonNull(p, "parts");
    Objects.requireNonNull(p.labels, "labels");
    LinearModel.checkBinary(p.labels);
    int d = p.dimension;
    if (d < 1) {
      throw new IllegalArgumentException("dimension must be >= 1, got " + d);
    }
    Objects.requireNonNull(p.anchors, "anchors");
    Objects.requireNonNull(p.anchorBiases, "anchorBiases");
    if (p.anchorBiases.length != p.anchors.length) {
      throw new IllegalArgumentException(p.anchors.length + " anchors and " + p.anchorBiases.length
          + " anchor biases: expected as many of each");
    }
    for (int a = 0; a < p.anchors.length; a++) {
      if (p.anchors[a] != null) {
        if (p.anchors[a].length != d) {
          throw new IllegalArgumentException("anchors[" + a + "] has length " + p.anchors[a].length + ", expected "
              + d);
        }
        LinearModel.checkFinite("anchors[" + a + "]", p.anchors[a]);
      }
      LinearModel.checkFinite("anchorBiases[" + a + "]", p.anchorBiases[a]);
    }
    Objects.requireNonNull(p.rowLabels, "rowLabels");
    int rows = p.rows == null ? 0 : p.rows.size();
    if (p.rowLabels.length != rows) {
      throw new IllegalArgumentException(rows + " rows and " + p.rowLabels.length + " row labels: expected as"
          + " many of each");
    }
    if (p.rows != null && p.rows.dimension() != d) {
      throw new IllegalArgumentException("the rows have dimension " + p.rows.dimension() + ", expected " + d);
    }
    for (int r = 0; r < rows; r++) {
      if (p.rowLabels[r] != 1f && p.rowLabels[r] != -1f) {
        throw new IllegalArgumentException("rowLabels[" + r + "] = " + p.rowLabels[r] + " is not +1 or -1");
      }
    }
    Objects.requireNonNull(p.entries, "entries");
    Objects.requireNonNull(p.counts, "counts");
    if (p.counts.length != p.entries.length) {
      throw new IllegalArgumentException(p.entries.length + " entries and " + p.counts.length + " counts: expected"
          + " as many of each");
    }
    for (int e = 0; e < p.entries.length; e++) {
      int ref = p.entries[e];
      if (ref >= rows || ref < -p.anchors.length || (e == 0 && ref >= 0)) {
        throw new IllegalArgumentException("entries[" + e + "] = " + ref + " (expected " + (e == 0 ? ""
            : "a row in [0, " + rows + ") or ") + "an anchor -1 - a with a in [0, " + p.anchors.length + "))");
      }
      if (p.counts[e] < 0) {
        throw new IllegalArgumentException("counts[" + e + "] = " + p.counts[e] + " is negative");
      }
    }
    return new VotedModel(p);
  }
}
