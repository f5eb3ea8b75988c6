/**
 * Access to the stored form of the voted perceptron's model for the model file and the other
 * modules of this project: not part of the API, may change in any release.
 *
 * <p>{@link io.github.simdperceptron.learn.internal.VotedAccess} takes a
 * {@link io.github.simdperceptron.learn.VotedModel} apart into its anchors, mistake rows and
 * entries, and builds one back from them.
 */
package io.github.simdperceptron.learn.internal;
