package io.github.simdperceptron.bench;

/**
 * JVM options of the JMH forks, as constants for {@code @Fork(jvmArgsAppend = ...)}.
 *
 * <p>The kernel picks its implementation once per JVM ({@code -Dsimdperceptron.impl}), so
 * "panama" and "fast scalar" are measured in separate forks: each benchmark class runs in a
 * Panama fork by default, and its scalar methods carry their own {@code @Fork} with
 * {@link #SCALAR}. Every fork carries the module flag and a fixed heap ({@code -Xms} = {@code -Xmx}),
 * big enough for two 16M-float arrays and the 128 MiB streaming buffer. Do not pass
 * {@code -jvmArgsAppend} on the command line: it would replace these. {@link Sanity#requireImplementation}
 * fails the trial when the fork runs another implementation than the one it asked for.
 */
final class Forks {
  static final String ADD_MODULES = "--add-modules";
  static final String VECTOR_MODULE = "jdk.incubator.vector";
  static final String XMS = "-Xms2g";
  static final String XMX = "-Xmx2g";
  static final String IMPL_PREFIX = "-Dsimdperceptron.impl=";
  static final String PANAMA = IMPL_PREFIX + "panama";
  static final String SCALAR = IMPL_PREFIX + "scalar";
  /** Default number of forks; the machine is shared, so never fewer than two. */
  static final int COUNT = 2;

  private Forks() {}
}
