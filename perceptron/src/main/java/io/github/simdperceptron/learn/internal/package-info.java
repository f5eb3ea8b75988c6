/**
 * What the learners share with each other, the model file, the command and the Spark module, and
 * may change in any release: the epoch order of the training loops,
 * {@link io.github.simdperceptron.learn.internal.TrainingLoop}, which runs a learner of another
 * package (the kernel perceptron, the structured perceptron) in the one training loop, the
 * exception that names a refused training option, and
 * {@link io.github.simdperceptron.learn.internal.VotedAccess}, which
 * takes a {@link io.github.simdperceptron.learn.VotedModel} apart into its anchors, mistake rows
 * and entries and builds one back from them.
 */
package io.github.simdperceptron.learn.internal;
