package io.github.simdperceptron.learn.internal;

/**
 * A training option, or an algorithm, that a learner does not accept: which option (as
 * {@code TrainingOptions} names it, e.g. {@code "maxEpochs"}, or {@code "algorithm"}), the value
 * given, and why. The message reads {@code option + " " + reason + ", got " + value}. The learners
 * throw it as the {@link IllegalArgumentException} their Javadoc names; the command maps
 * {@link #option()} to its flag.
 */
public class OptionException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;
  private final String option;
  private final transient Object value;
  private final String reason;

  public OptionException(String option, Object value, String reason) {
    super(option + " " + reason + ", got " + value);
    this.option = option;
    this.value = value;
    this.reason = reason;
  }

  /** The option's name: a {@code TrainingOptions} property such as {@code "voteCap"}, or {@code "algorithm"}. */
  public String option() {
    return option;
  }

  /** The value given. */
  public Object value() {
    return value;
  }

  /** Why it was refused, e.g. {@code "must be >= 1"}. */
  public String reason() {
    return reason;
  }
}
