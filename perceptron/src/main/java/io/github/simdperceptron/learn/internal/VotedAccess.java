package io.github.simdperceptron.learn.internal;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.learn.VotedModel;

/**
 * The stored form of a {@link VotedModel}, for the model file; not part of the API.
 *
 * <p>A voted model is a sequence of entries, each one weight vector with its bias and survival
 * count. An anchor entry sets the current vector to a stored one (or to zero); a mistake entry
 * adds {@code y_r x_r} to it, x_r being a stored row (a mistake the learner made) and y_r its
 * label, and adds y_r to the bias when the model's bias steps are on. Entry 0 is an anchor.
 * docs/learners.md gives the scoring pass, docs/model-format.md the bytes.
 */
public final class VotedAccess {
  /** The parts of a voted model. The arrays are shared, not copied: nobody may modify them. */
  public static final class Parts {
    /** The class values (at most two). */
    public final Labels labels;
    /** Number of features. */
    public final int dimension;
    /** Whether a mistake entry adds its y to the bias. */
    public final boolean biasSteps;
    /** The anchor vectors, each of length {@link #dimension} or null for the zero vector. */
    public final float[][] anchors;
    /** The anchors' biases. */
    public final float[] anchorBiases;
    /** The distinct mistake rows (their labels are not used), or null when there is none. */
    public final Dataset rows;
    /** The label (+1 or -1) of each row. */
    public final float[] rowLabels;
    /** Per entry: a row index r >= 0 (a mistake on row r), or -1 - a for anchor a. */
    public final int[] entries;
    /** Per entry: its survival count (>= 0; entries with count 0 do not vote). */
    public final long[] counts;

    /** Takes the arrays over as they are; {@link VotedAccess#model} checks them. */
    public Parts(Labels labels, int dimension, boolean biasSteps, float[][] anchors, float[] anchorBiases,
        Dataset rows, float[] rowLabels, int[] entries, long[] counts) {
      this.labels = labels;
      this.dimension = dimension;
      this.biasSteps = biasSteps;
      this.anchors = anchors;
      this.anchorBiases = anchorBiases;
      this.rows = rows;
      this.rowLabels = rowLabels;
      this.entries = entries;
      this.counts = counts;
    }
  }

  /** The operations behind this class, implemented in the learn package. */
  public interface Bridge {
    Parts parts(VotedModel model);

    VotedModel model(Parts parts);
  }

  private static Bridge installed;

  private VotedAccess() {}

  /** Called once by the learn package when {@link VotedModel} is initialized; any other call throws. */
  public static synchronized void install(Bridge bridge) {
    Class<?> c = bridge.getClass();
    if (installed != null || !c.getPackageName().equals(VotedModel.class.getPackageName())
        || c.getClassLoader() != VotedModel.class.getClassLoader()) {
      throw new IllegalStateException("the voted model bridge is installed by the learn package, once");
    }
    installed = bridge;
  }

  private static final class Holder {
    static final Bridge BRIDGE = load();

    private static Bridge load() {
      try {
        Class.forName(VotedModel.class.getName(), true, VotedModel.class.getClassLoader());
      } catch (ClassNotFoundException e) {
        throw new AssertionError(e);
      }
      synchronized (VotedAccess.class) {
        return installed;
      }
    }
  }

  /** The model's parts (its own arrays: read them, never modify them). */
  public static Parts parts(VotedModel model) {
    return Holder.BRIDGE.parts(model);
  }

  /**
   * A model of these parts, which it owns from now on. Throws {@link IllegalArgumentException}
   * naming the part at fault when they do not make a model (see the class comment).
   */
  public static VotedModel model(Parts parts) {
    return Holder.BRIDGE.model(parts);
  }
}
