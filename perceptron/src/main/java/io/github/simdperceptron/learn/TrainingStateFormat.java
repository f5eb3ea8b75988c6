package io.github.simdperceptron.learn;

import io.github.simdperceptron.learn.TrainingState.Form;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;
import java.util.Objects;

/**
 * The bytes of a {@link TrainingState} in a model file's training state section, as
 * docs/model-format.md lays them out: format, form, epochs, generator, fingerprint, each learner's
 * status and clean run, the weight rows with their biases, the counters, the averaged sums, and a
 * voted learner's stored rows. Reading checks every count and value against the model the state
 * belongs to.
 */
final class TrainingStateFormat {
  private static final int FORMAT = 1;

  private TrainingStateFormat() {}

  /** {@link TrainingState#writeTo}: the state s (not its model, labels or options) as docs/model-format.md lays it out. */
  static void write(TrainingState s, DataOutput out) throws IOException {
    Form form = s.form;
    Algorithm algorithm = s.algorithm;
    int epochs = s.epochs;
    long generator = s.generator;
    long fingerprint = s.fingerprint;
    byte[] status = s.status;
    int[] clean = s.clean;
    float[][] w = s.w;
    float[] b = s.b;
    long[] counts = s.counts;
    double[][] u = s.u;
    double[] beta = s.beta;
    int[] votedRows = s.votedRows;
    if (w == null) {
      throw new IllegalStateException("no training has run yet");
    }
    out.writeByte(FORMAT);
    out.writeByte(form.ordinal());
    out.writeInt(epochs);
    out.writeLong(generator);
    out.writeLong(fingerprint);
    out.writeInt(status.length);
    for (int c = 0; c < status.length; c++) {
      out.writeByte(status[c]);
      out.writeInt(clean[c]);
    }
    out.writeInt(w.length);
    for (int r = 0; r < w.length; r++) {
      out.writeFloat(b[r]);
      for (float x : w[r]) {
        out.writeFloat(x);
      }
    }
    out.writeInt(counts.length);
    for (long c : counts) {
      out.writeLong(c);
    }
    out.writeBoolean(u != null);
    if (u != null) {
      for (int r = 0; r < u.length; r++) {
        out.writeDouble(beta[r]);
        for (double x : u[r]) {
          out.writeDouble(x);
        }
      }
    }
    if (algorithm == Algorithm.VOTED) {
      out.writeInt(votedRows.length);
      for (int r : votedRows) {
        out.writeInt(r);
      }
    }
  }

  /** {@link TrainingState#bytes}: the number of bytes {@link #write} writes for s. */
  static long bytes(TrainingState s) {
    long rows = s.w.length;
    return 2 + 4 + 8 + 8 + 4 + 5L * s.status.length + 4 + rows * (4 + 4L * s.dimension) + 4 + 8L * s.counts.length + 1
        + (s.u == null ? 0 : rows * (8 + 8L * s.dimension))
        + (s.algorithm == Algorithm.VOTED ? 4 + 4L * s.votedRows.length : 0);
  }

  /** {@link TrainingState#readFrom}: a state {@link #write} wrote for model, every count and value checked. */
  static TrainingState read(DataInput in, Model model, String learner, TrainingOptions options) throws IOException {
    Objects.requireNonNull(model, "model");
    TrainingState s = TrainingState.of(learner, options);
    int format = in.readUnsignedByte();
    if (format != FORMAT) {
      throw new IllegalArgumentException("training state format " + format + " (expected " + FORMAT + ")");
    }
    int form = in.readUnsignedByte();
    if (form != s.form.ordinal()) {
      throw new IllegalArgumentException("training state form " + form + " (expected " + s.form.ordinal() + " for "
          + learner + ")");
    }
    int k = model.labels().size();
    int rows = s.form == Form.BINARY ? 1 : k;
    boolean voted = s.algorithm == Algorithm.VOTED;
    if (s.form == Form.BINARY ? !(voted ? model instanceof VotedModel : model instanceof LinearModel)
        : !(model instanceof MulticlassModel)) {
      throw new IllegalArgumentException("a training state of " + learner + " with a " + model.getClass()
          .getSimpleName());
    }
    s.labels = model.labels();
    s.dimension = model.dimension();
    s.model = model;
    s.epochs = in.readInt();
    if (s.epochs < 0) {
      throw new IllegalArgumentException("training state: " + s.epochs + " epochs");
    }
    s.generator = in.readLong();
    s.fingerprint = in.readLong();
    int learners = in.readInt();
    int expected = s.form == Form.ONE_VS_REST ? k : 1;
    if (learners != expected) {
      throw new IllegalArgumentException("training state: " + learners + " learners (expected " + expected + ")");
    }
    s.status = new byte[learners];
    s.clean = new int[learners];
    for (int c = 0; c < learners; c++) {
      s.status[c] = in.readByte();
      s.clean[c] = in.readInt();
      if ((s.status[c] & ~(Stopping.CONVERGED | Stopping.HALTED | Stopping.CAPPED)) != 0 || s.clean[c] < 0) {
        throw new IllegalArgumentException("training state: learner " + c + ": status " + s.status[c] + ", clean run "
            + s.clean[c]);
      }
    }
    int r = in.readInt();
    if (r != rows) {
      throw new IllegalArgumentException("training state: " + r + " weight rows (expected " + rows + ")");
    }
    s.w = new float[rows][s.dimension];
    s.b = new float[rows];
    for (int c = 0; c < rows; c++) {
      s.b[c] = finite(in.readFloat());
      for (int j = 0; j < s.dimension; j++) {
        s.w[c][j] = finite(in.readFloat());
      }
    }
    int n = in.readInt();
    if (n != expected) {
      throw new IllegalArgumentException("training state: " + n + " counters (expected " + expected + ")");
    }
    s.counts = new long[n];
    for (int c = 0; c < n; c++) {
      s.counts[c] = in.readLong();
      if (s.counts[c] < 1) {
        throw new IllegalArgumentException("training state: counter " + s.counts[c] + " (expected >= 1)");
      }
    }
    boolean sums = in.readBoolean();
    if (sums != (s.algorithm == Algorithm.AVERAGED)) {
      throw new IllegalArgumentException("training state: averaged sums " + (sums ? "present" : "absent") + " for "
          + learner);
    }
    if (sums) {
      s.u = new double[rows][s.dimension];
      s.beta = new double[rows];
      for (int c = 0; c < rows; c++) {
        s.beta[c] = finite(in.readDouble());
        for (int j = 0; j < s.dimension; j++) {
          s.u[c][j] = finite(in.readDouble());
        }
      }
    }
    if (voted) {
      io.github.simdperceptron.learn.internal.VotedAccess.Parts parts = ((VotedModel) model).parts();
      if (parts.anchors.length != 1 || parts.entries[0] != -1) {
        throw new IllegalArgumentException("training state of a voted model of " + parts.anchors.length
            + " anchors (expected the one a training makes)");
      }
      int stored = parts.rows == null ? 0 : parts.rows.size();
      int v = in.readInt();
      if (v != stored) {
        throw new IllegalArgumentException("training state: " + v + " stored rows (expected the model's " + stored
            + ")");
      }
      s.votedRows = new int[v];
      for (int t = 0; t < v; t++) {
        s.votedRows[t] = in.readInt();
        if (s.votedRows[t] < -1) {
          throw new IllegalArgumentException("training state: stored row " + t + " from data row " + s.votedRows[t]);
        }
      }
      // The data rows must be distinct for the slots they give back.
      int[] sorted = s.votedRows.clone();
      Arrays.sort(sorted);
      for (int t = 1; t < sorted.length; t++) {
        if (sorted[t] >= 0 && sorted[t] == sorted[t - 1]) {
          throw new IllegalArgumentException("training state: two stored rows from data row " + sorted[t]);
        }
      }
    }
    return s;
  }

  private static float finite(float x) {
    if (!Float.isFinite(x)) {
      throw new IllegalArgumentException("training state: a weight of " + x + " (expected finite)");
    }
    return x;
  }

  private static double finite(double x) {
    if (!Double.isFinite(x)) {
      throw new IllegalArgumentException("training state: a running sum of " + x + " (expected finite)");
    }
    return x;
  }
}
