/**
 * What the perceptron theory says about a dataset: its radius, the margin of a linear separator,
 * and the mistake bounds of Novikoff (1962) and Freund and Schapire (1999).
 *
 * <p>Vocabulary. {@code bias} means the augmented examples {@code x -> (x, 1)} and weights
 * {@code (w, b)}: training with a bias is exactly training without one on the augmented examples,
 * so every quantity here is the one of the augmented problem (radius, norms and margins include
 * the constant feature and the bias). Without the bias, b must be 0. The activation of example i
 * is {@code a_i = w . x_i + b}, computed by the dataset's batch-margin kernel in float, exactly as
 * the learners compute it; everything after that (norms, quotients, sums) is in double.
 */
package io.github.simdperceptron.theory;
