package io.github.simdperceptron.learn.kernel;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.io.internal.FormatException;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.TrainingOptions;
import io.github.simdperceptron.learn.internal.TrainingLoop;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;

/**
 * The bytes of a {@link KernelTrainingState} in a model file's training state section, as
 * docs/training-state.md lays them out: format 2, the loop's place (epochs, generator, fingerprint,
 * stopping), the learner's settings the header does not hold (budget, aggressiveness), the rows,
 * the coefficients with their sums, every row's scores, the cached rows, the pending updates, the
 * budget's stream and the voted log. Reading checks every count against the bytes left before it
 * allocates, and every value against the model the state belongs to.
 */
final class KernelTrainingStateFormat {
  /** The state format of the kernel perceptron (1 is the linear learners'). */
  static final int FORMAT = 2;
  private static final int SUMS = 1;
  private static final int VOTES = 2;
  private static final int REMOVALS = 4;
  /** The most updates or terms a state may say wait between commits or flushes. */
  private static final int MOST_WAITING = 4096;

  private KernelTrainingStateFormat() {}

  static void write(KernelTrainingState t, DataOutput out) throws IOException {
    if (t.model == null) {
      throw new IllegalStateException("no training has run yet");
    }
    KernelRuleState s = t.ruleState();
    TrainingLoop.Continuation loop = t.loop;
    out.writeByte(FORMAT);
    out.writeInt(loop.epochs());
    out.writeLong(loop.generator());
    out.writeLong(t.fingerprint);
    out.writeByte(loop.status());
    out.writeInt(loop.clean());
    out.writeInt(t.budget);
    out.writeFloat(t.options.aggressiveness());
    out.writeInt(s.n);
    out.writeInt(s.k);
    out.writeLong(s.cacheBudget);
    out.writeInt(t.settings.pendingCap);
    out.writeInt(t.settings.deferCap);
    out.writeByte((s.alphaSums != null ? SUMS : 0) | (s.voteSlots != null ? VOTES : 0) | (t.budget > 0 ? REMOVALS : 0));
    int m = s.svRows.length;
    out.writeInt(m);
    for (int row : s.svRows) {
      out.writeInt(row);
    }
    writeFloats(out, s.alpha);
    if (s.alphaSums != null) {
      writeDoubles(out, s.alphaSums);
    }
    writeFloats(out, s.biases);
    writeDoubles(out, s.biasSums);
    out.writeLong(s.counter);
    writeFloats(out, s.scores);
    out.writeInt(s.cachedRows.length);
    for (int row : s.cachedRows) {
      out.writeInt(row);
    }
    out.writeInt(s.pendingRows.length);
    for (int u = 0; u < s.pendingRows.length; u++) {
      out.writeInt(s.pendingRows[u]);
      for (int cl = 0; cl < s.k; cl++) {
        out.writeFloat(s.pendingChanges[u * s.k + cl]);
      }
    }
    if (t.budget > 0) {
      out.writeLong(s.removalState);
    }
    if (s.voteSlots != null) {
      int u = s.voteSlots.length;
      out.writeInt(u);
      for (int e = 0; e < u; e++) {
        out.writeInt(s.voteSlots[e]);
        out.writeInt(s.votePlus[e]);
        out.writeInt(s.voteMinus[e]);
      }
      for (long c : s.voteCounts) {
        out.writeLong(c);
      }
    }
    writePrefix(t, s, out);
  }

  /**
   * The rows held before the visited ones (support vectors of runs on other rows): their count,
   * then per row the slot of the support vector it is, i32, or -1 and the row (dense support
   * vectors: d f32; sparse: its non-zeros, i32 count, then index i32 and value f32 each).
   */
  private static void writePrefix(KernelTrainingState t, KernelRuleState s, DataOutput out) throws IOException {
    out.writeInt(s.prefix);
    int[] slotOf = prefixSlots(s);
    Dataset rows = t.prefixRows;
    for (int r = 0; r < s.prefix; r++) {
      out.writeInt(slotOf[r]);
      if (slotOf[r] < 0) {
        if (!t.model.supportVectors().isSparse()) {
          writeFloats(out, rows.denseRow(r));
        } else {
          int[] idx = TrainingRowSets.indices(rows, r);
          float[] val = TrainingRowSets.values(rows, r, idx.length);
          out.writeInt(idx.length);
          for (int e = 0; e < idx.length; e++) {
            out.writeInt(idx[e]);
            out.writeFloat(val[e]);
          }
        }
      }
    }
  }

  /** For each prefix row, the slot that holds it, or -1. */
  private static int[] prefixSlots(KernelRuleState s) {
    int[] slotOf = new int[s.prefix];
    java.util.Arrays.fill(slotOf, -1);
    for (int slot = 0; slot < s.svRows.length; slot++) {
      if (s.svRows[slot] < s.prefix) {
        slotOf[s.svRows[slot]] = slot;
      }
    }
    return slotOf;
  }


  /** The number of bytes {@link #write} writes for t: counted by writing them to nowhere. */
  static long bytes(KernelTrainingState t) throws IOException {
    long[] count = {0};
    write(t, new java.io.DataOutputStream(new java.io.OutputStream() {
      @Override
      public void write(int b) {
        count[0]++;
      }

      @Override
      public void write(byte[] b, int off, int len) {
        count[0] += len;
      }
    }));
    return count[0];
  }

  static KernelTrainingState read(DataInput in, int length, KernelModel model, String learner,
      TrainingOptions options) throws IOException {
    if (length < 0) {
      throw new IllegalArgumentException("a state of " + length + " bytes");
    }
    byte[] bytes = new byte[length];
    in.readFully(bytes);
    ByteBuffer b = ByteBuffer.wrap(bytes);
    try {
      KernelTrainingState t = parse(b, model, learner, options);
      if (b.hasRemaining()) {
        throw new IllegalArgumentException(b.remaining() + " bytes left over after the state");
      }
      return t;
    } catch (BufferUnderflowException e) {
      throw new IllegalArgumentException("the state ends early (" + length + " bytes)");
    }
  }

  private static KernelTrainingState parse(ByteBuffer b, KernelModel model, String learner, TrainingOptions options) {
    int format = b.get() & 0xFF;
    if (format != FORMAT) {
      throw new IllegalArgumentException("state format " + format + " in a kernel model (expected " + FORMAT + ")");
    }
    int epochs = nonNegative(b.getInt(), "epochs");
    long generator = b.getLong();
    if (generator < 0 || generator >= 1L << 48) {
      throw new IllegalArgumentException("the example order's generator state " + generator + " is not 48 bits");
    }
    long fingerprint = b.getLong();
    byte status = b.get();
    if ((status & ~3) != 0) {
      throw new IllegalArgumentException("status " + status + " (bits 1 converged, 2 halted)");
    }
    int clean = nonNegative(b.getInt(), "clean visits");
    int budget = nonNegative(b.getInt(), "budget");
    float aggressiveness = b.getFloat();
    if (!(aggressiveness > 0f) || Float.isInfinite(aggressiveness)) {
      throw new IllegalArgumentException("aggressiveness " + aggressiveness + " (must be > 0 and finite)");
    }
    KernelRuleState s = new KernelRuleState();
    s.n = b.getInt();
    if (s.n < 1) {
      throw new IllegalArgumentException("training rows " + s.n + " (must be >= 1)");
    }
    s.k = b.getInt();
    if (s.k != model.scoreCount()) {
      throw new IllegalArgumentException(s.k + " scores a row, the model has " + model.scoreCount());
    }
    s.cacheBudget = b.getLong();
    if (s.cacheBudget < 0) {
      throw new IllegalArgumentException("column cache budget " + s.cacheBudget + " bytes");
    }
    int pendingCap = b.getInt();
    int deferCap = b.getInt();
    if (pendingCap < 1 || pendingCap > MOST_WAITING || deferCap < 1 || deferCap > MOST_WAITING) {
      throw new IllegalArgumentException("commits every " + pendingCap + " updates, flushes every " + deferCap
          + " terms (each must be in [1, " + MOST_WAITING + "])");
    }
    int flags = b.get() & 0xFF;
    boolean averaged = model.averagedForm() || model.algorithm() == Algorithm.AVERAGED;
    boolean voted = model.algorithm() == Algorithm.VOTED;
    int expected = (averaged ? SUMS : 0) | (voted ? VOTES : 0) | (budget > 0 ? REMOVALS : 0);
    if (flags != expected) {
      throw new IllegalArgumentException("flags " + flags + ", expected " + expected + " for this learner");
    }
    int k = s.k;
    int m = count(b, "support vectors", 4L + 4L * k + (averaged ? 8L * k : 0));
    if (m != model.size()) {
      throw new IllegalArgumentException(m + " support vectors, the model has " + model.size());
    }
    s.svRows = new int[m];
    for (int slot = 0; slot < m; slot++) {
      s.svRows[slot] = index(b.getInt(), s.n, "support vector " + slot + "'s row");
    }
    s.alpha = finiteFloats(b, m * k, "coefficients");
    s.alphaSums = averaged ? finiteDoubles(b, m * k, "coefficient sums") : null;
    s.biases = finiteFloats(b, k, "biases");
    s.biasSums = finiteDoubles(b, k, "bias sums");
    s.counter = b.getLong();
    if (s.counter < 1) {
      throw new IllegalArgumentException("visit counter " + s.counter + " (must be >= 1)");
    }
    if ((long) s.n * k * 4 > b.remaining()) {
      throw new IllegalArgumentException(s.n + " rows' scores need more bytes than the " + b.remaining() + " left");
    }
    // Scores are kept as training left them (a polynomial kernel on large values may overflow).
    s.scores = new float[s.n * k];
    for (int i = 0; i < s.scores.length; i++) {
      s.scores[i] = b.getFloat();
    }
    int cached = count(b, "cached columns", 4);
    s.cachedRows = new int[cached];
    for (int c = 0; c < cached; c++) {
      s.cachedRows[c] = index(b.getInt(), s.n, "cached column " + c + "'s row");
      if (c > 0 && s.cachedRows[c] <= s.cachedRows[c - 1]) {
        throw new IllegalArgumentException("cached rows not ascending at " + c);
      }
    }
    int pending = count(b, "pending updates", 4L + 4L * k);
    if (pending >= pendingCap) {
      throw new IllegalArgumentException(pending + " pending updates (at most " + (pendingCap - 1) + ")");
    }
    s.pendingRows = new int[pending];
    s.pendingChanges = new float[pending * k];
    for (int u = 0; u < pending; u++) {
      s.pendingRows[u] = index(b.getInt(), s.n, "pending update " + u + "'s row");
      for (int cl = 0; cl < k; cl++) {
        s.pendingChanges[u * k + cl] = finite(b.getFloat(), "pending update " + u + "'s change");
      }
    }
    s.removalState = budget > 0 ? b.getLong() : 0L;
    if (voted) {
      int u = count(b, "voted updates", 12L + 8L);
      s.voteSlots = new int[u];
      s.votePlus = new int[u];
      s.voteMinus = new int[u];
      int classes = k == 1 ? 2 : k;
      for (int e = 0; e < u; e++) {
        s.voteSlots[e] = index(b.getInt(), m, "voted update " + e + "'s slot");
        s.votePlus[e] = index(b.getInt(), classes, "voted update " + e + "'s class");
        s.voteMinus[e] = index(b.getInt(), classes, "voted update " + e + "'s class");
      }
      s.voteCounts = new long[u + 1];
      for (int e = 0; e <= u; e++) {
        s.voteCounts[e] = b.getLong();
        if (s.voteCounts[e] < 0) {
          throw new IllegalArgumentException("survival count " + e + " is negative");
        }
      }
    }
    Dataset prefixRows = readPrefix(b, s, model);
    TrainingOptions withAggressiveness = options.toBuilder().aggressiveness(aggressiveness).build();
    KernelTrainingState t = new KernelTrainingState(model.algorithm(), model.averagedForm(), model.kernel(), budget,
        withAggressiveness, new KernelSettings(pendingCap, s.cacheBudget, deferCap),
        new TrainingLoop.Continuation(generator, status, clean, epochs));
    String named = KernelRule.name(model.algorithm(), model.averagedForm(), model.kernel());
    if (!named.equals(learner)) {
      throw new IllegalArgumentException("learner " + FormatException.quote(learner) + ": the model's learner is " + named);
    }
    t.fingerprint = fingerprint;
    t.rows = s.n - s.prefix;
    t.labels = model.labels();
    t.trainingDimension = model.dimension();
    t.prefixRows = prefixRows;
    t.restored = s;
    t.model = model;
    t.learner = learner;
    return t;
  }

  /** The prefix rows ({@link #writePrefix}) as a dataset in the support vectors' form, or null for none; sets s.prefix. */
  private static Dataset readPrefix(ByteBuffer b, KernelRuleState s, KernelModel model) {
    int m0 = count(b, "rows before the visited ones", 4);
    if (m0 >= s.n) {
      throw new IllegalArgumentException(m0 + " rows before the visited ones, of " + s.n + " rows");
    }
    s.prefix = m0;
    if (m0 == 0) {
      return null;
    }
    Dataset support = model.supportVectors();
    int d = model.dimension();
    boolean dense = !support.isSparse();
    Dataset.Builder rows = Dataset.builder(d);
    for (int r = 0; r < m0; r++) {
      int slot = b.getInt();
      if (slot >= 0) {
        if (slot >= s.svRows.length || s.svRows[slot] != r) {
          throw new IllegalArgumentException("row " + r + " before the visited ones: slot " + slot
              + " does not hold it");
        }
        if (dense) {
          rows.add(support.denseRow(slot), "0");
        } else {
          int[] idx = TrainingRowSets.indices(support, slot);
          rows.add(idx, TrainingRowSets.values(support, slot, idx.length), "0");
        }
      } else if (slot != -1) {
        throw new IllegalArgumentException("row " + r + " before the visited ones: slot " + slot);
      } else if (dense) {
        if (4L * d > b.remaining()) {
          throw new IllegalArgumentException("row " + r + " before the visited ones: " + d + " floats in "
              + b.remaining() + " bytes left");
        }
        rows.add(finiteFloats(b, d, "row " + r + " before the visited ones"), "0");
      } else {
        int nnz = count(b, "non-zeros of row " + r + " before the visited ones", 8);
        int[] idx = new int[nnz];
        float[] val = new float[nnz];
        for (int e = 0; e < nnz; e++) {
          idx[e] = index(b.getInt(), d, "row " + r + "'s feature");
          if (e > 0 && idx[e] <= idx[e - 1]) {
            throw new IllegalArgumentException("row " + r + " before the visited ones: features not ascending");
          }
          val[e] = finite(b.getFloat(), "row " + r + "'s value");
        }
        rows.add(idx, val, "0");
      }
    }
    return rows.build();
  }

  /** A count of items of at least itemBytes each, checked against the bytes left. */
  private static int count(ByteBuffer b, String what, long itemBytes) {
    int c = b.getInt();
    if (c < 0 || c * itemBytes > b.remaining()) {
      throw new IllegalArgumentException(c + " " + what + " in " + b.remaining() + " bytes left");
    }
    return c;
  }

  private static int nonNegative(int v, String what) {
    if (v < 0) {
      throw new IllegalArgumentException(what + " " + v + " (must be >= 0)");
    }
    return v;
  }

  private static int index(int v, int bound, String what) {
    if (v < 0 || v >= bound) {
      throw new IllegalArgumentException(what + " " + v + " is not in [0, " + bound + ")");
    }
    return v;
  }

  private static float finite(float v, String what) {
    if (!Float.isFinite(v)) {
      throw new IllegalArgumentException(what + " " + v + " is not finite");
    }
    return v;
  }

  private static float[] finiteFloats(ByteBuffer b, int n, String what) {
    float[] v = new float[n];
    for (int i = 0; i < n; i++) {
      v[i] = finite(b.getFloat(), what + " [" + i + "]");
    }
    return v;
  }

  private static double[] finiteDoubles(ByteBuffer b, int n, String what) {
    double[] v = new double[n];
    for (int i = 0; i < n; i++) {
      v[i] = b.getDouble();
      if (!Double.isFinite(v[i])) {
        throw new IllegalArgumentException(what + " [" + i + "] " + v[i] + " is not finite");
      }
    }
    return v;
  }

  private static void writeFloats(DataOutput out, float[] v) throws IOException {
    for (float x : v) {
      out.writeFloat(x);
    }
  }

  private static void writeDoubles(DataOutput out, double[] v) throws IOException {
    for (double x : v) {
      out.writeDouble(x);
    }
  }
}
