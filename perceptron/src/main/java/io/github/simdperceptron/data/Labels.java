package io.github.simdperceptron.data;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * The class values of a dataset, in a fixed order: class index {@code k} names
 * {@code name(k)}.
 *
 * <p>Order: when every value is numeric they are sorted by numeric value, otherwise by string
 * order. Numeric values are kept in canonical form ({@code "+1"}, {@code "1"} and {@code "1.0"} are
 * the one class {@code "1"}). For binary learning the first class is the negative one (-1) and the
 * second the positive one (+1), so {-1, +1}, {0, 1} and {"cat", "dog"} map as one expects; when
 * the only class present is numeric -1 or +1 it keeps its sign.
 */
public final class Labels {
  private final List<String> names;
  private final boolean numeric;

  Labels(List<String> names, boolean numeric) {
    this.names = Collections.unmodifiableList(new ArrayList<>(names));
    this.numeric = numeric;
  }

  /** Labels with these names, in this order (for models that carry their class list). */
  public static Labels of(List<String> names) {
    Objects.requireNonNull(names, "names");
    if (names.isEmpty()) {
      throw new IllegalArgumentException("names is empty");
    }
    if (names.stream().distinct().count() != names.size()) {
      throw new IllegalArgumentException("names has duplicates: " + names);
    }
    return new Labels(names, names.stream().allMatch(Labels::isCanonicalNumber));
  }

  /** The canonical class name of a numeric label: integral values without a fraction ("1", "-1", "0"). */
  public static String canonical(double value) {
    if (!Double.isFinite(value)) {
      throw new IllegalArgumentException("label " + value + " is not finite");
    }
    if (value == Math.rint(value) && Math.abs(value) < 1e15) {
      return Long.toString((long) value);
    }
    return Double.toString(value);
  }

  static boolean isCanonicalNumber(String s) {
    try {
      return canonical(Double.parseDouble(s)).equals(s);
    } catch (NumberFormatException e) {
      return false;
    }
  }

  /** Sorts class names as documented above. */
  static Labels sorted(List<String> distinct, boolean numeric) {
    List<String> order = new ArrayList<>(distinct);
    if (numeric) {
      order.sort(Comparator.comparingDouble(Double::parseDouble));
    } else {
      Collections.sort(order);
    }
    return new Labels(order, numeric);
  }

  /** Number of classes. */
  public int size() {
    return names.size();
  }

  /** The name of class index k. */
  public String name(int k) {
    return names.get(k);
  }

  /** All names, in class-index order (unmodifiable). */
  public List<String> names() {
    return names;
  }

  /** Whether every class value is numeric. */
  public boolean numeric() {
    return numeric;
  }

  /** The class index of a name, or -1 when absent. */
  public int indexOf(String name) {
    return names.indexOf(name);
  }

  /**
   * The binary label (+1 or -1) of class index k: see the class comment. Throws
   * {@link IllegalStateException} when there are more than two classes.
   */
  public float binaryLabel(int k) {
    if (names.size() > 2) {
      throw notBinary();
    }
    if (names.size() == 1) {
      return names.get(0).equals("-1") ? -1f : 1f;
    }
    return k == 0 ? -1f : 1f;
  }

  IllegalStateException notBinary() {
    return new IllegalStateException("a binary learner needs at most 2 classes, the data has " + names.size()
        + ": " + names + "; use a multi-class learner");
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Labels && ((Labels) o).names.equals(names);
  }

  @Override
  public int hashCode() {
    return names.hashCode();
  }

  @Override
  public String toString() {
    return Arrays.toString(names.toArray());
  }
}
