package io.github.simdperceptron.learn;

import io.github.simdperceptron.learn.internal.OptionException;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The binary perceptron algorithms, and where each one can be used: docs/learners.md fixes what
 * each one does, step by step. Every learner asks its algorithm ({@link #online()},
 * {@link #oneVsRest()}, {@link #multiclass()}) instead of keeping a list of its own.
 */
public enum Algorithm {
  /** The online perceptron: Algorithm 2.10, with the bias CIML Algorithm 5. */
  PERCEPTRON(true, true, true),
  /** Cyclic PLA: the perceptron, halting after one full cycle without a mistake. */
  PLA(false, true, false),
  /** Pocket with ratchet: keeps the weights with the fewest training errors (strict improvement only). */
  POCKET(false, true, false),
  /** Voted perceptron (Freund and Schapire): every intermediate vector votes with its survival count. */
  VOTED(true, false, false),
  /** Averaged perceptron (CIML Algorithm 7, sums in double). */
  AVERAGED(true, true, true),
  /** Margin perceptron: updates when y * a &lt;= tau. */
  MARGIN(true, true, false),
  /**
   * Passive-aggressive (Crammer et al. 2006): on a loss {@code 1 - y a > 0}, the smallest step that
   * makes it zero, {@code tau = loss / |x|^2}.
   */
  PA(true, true, true),
  /** PA-I: the passive-aggressive step capped by the aggressiveness C, {@code tau = min(C, loss / |x|^2)}. */
  PA1(true, true, true),
  /** PA-II: the passive-aggressive step softened by C, {@code tau = loss / (|x|^2 + 1 / (2C))}. */
  PA2(true, true, true);

  private final boolean online;
  private final boolean oneVsRest;
  private final boolean multiclass;

  Algorithm(boolean online, boolean oneVsRest, boolean multiclass) {
    this.online = online;
    this.oneVsRest = oneVsRest;
    this.multiclass = multiclass;
  }

  /**
   * Whether it learns one example at a time ({@link Learner#binary}): PLA's halt and pocket's
   * error count need the whole training set.
   */
  public boolean online() {
    return online;
  }

  /**
   * Whether one-vs-rest trains it per class ({@link Learner#fitOneVsRest}): a voted
   * learner per class is not one weight row ({@link #AVERAGED} is its linear counterpart).
   */
  public boolean oneVsRest() {
    return oneVsRest;
  }

  /**
   * Whether it has a direct multi-class form ({@link Learner#fitMulticlass},
   * {@link Learner#multiclass}): the perceptron and its averaged form, and the passive-aggressive
   * learners (the update of the true class and the highest-scoring wrong one).
   */
  public boolean multiclass() {
    return multiclass;
  }

  /** Whether it is one of the passive-aggressive learners {@link #PA}, {@link #PA1}, {@link #PA2}. */
  public boolean passiveAggressive() {
    return this == PA || this == PA1 || this == PA2;
  }

  /** The name in lower case, as the command and the model files write it: "perceptron", "averaged", ... */
  public String canonicalName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The update condition's threshold: {@code y * a <= threshold} updates (tau for the margin perceptron, else 0). */
  float threshold(TrainingOptions options) {
    return this == MARGIN ? options.tau() : 0f;
  }

  /** Throws {@link OptionException} unless it has a capability, naming those that have it between before and after. */
  void require(Predicate<Algorithm> capability, String before, String after) {
    if (!capability.test(this)) {
      String all = Arrays.stream(values()).filter(capability).map(Algorithm::name).collect(Collectors.joining(", "));
      int last = all.lastIndexOf(", ");
      String names = last < 0 ? all : all.substring(0, last) + " or " + all.substring(last + 2);
      throw new OptionException("algorithm", this, before + names + after);
    }
  }

  /** The algorithm of a name in any case ("Averaged", "pla"); null when there is none. */
  public static Algorithm byName(String name) {
    return Arrays.stream(values()).filter(a -> a.name().equalsIgnoreCase(name)).findFirst().orElse(null);
  }
}
