/**
 * The JMH benchmarks (one idea a class: the dense and sparse kernels, the K-class scores, Gram
 * blocks, Viterbi steps, training, reading) and {@link io.github.simdperceptron.bench.ReportGenerator},
 * which runs them into a results directory and renders docs/benchmarks.md from it alone.
 *
 * <p>Vocabulary: {@code kernel} is this project's fast path (Panama or its scalar twin, chosen by
 * the fork's {@code -Dsimdperceptron.impl}), {@code reference} the literal twin, {@code ejml} and
 * {@code lucene} the peers; a trial's setup checks that the fork runs the implementation it asked
 * for and that the kernel gives the right answer ({@code Sanity}), so that a benchmark measuring the
 * wrong thing fails instead of printing a number. The uber-jar is {@code bench/target/benchmarks.jar}.
 */
package io.github.simdperceptron.bench;
