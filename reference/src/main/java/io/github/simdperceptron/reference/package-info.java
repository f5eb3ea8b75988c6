/**
 * The literal twins: every kernel operation ({@link io.github.simdperceptron.reference.ReferenceOps})
 * and every learner (binary, multi-class, the kernel perceptron, the structured perceptron)
 * written as docs/learners.md, docs/kernel-perceptron.md and docs/sequence-labelling.md say, one
 * accumulator in textbook order, each with its own epoch loop over {@code java.util.Random}'s
 * shuffles. They are the oracle the fast paths are diffed against (bit for bit on integer data),
 * and are themselves checked against EJML.
 *
 * <p>Deliberately naive and never optimised; nothing here shares code with the library. A run
 * returns everything the equivalence tests compare
 * ({@link io.github.simdperceptron.reference.ReferenceRun}, or the sequence learner's own
 * {@link io.github.simdperceptron.reference.ReferenceSequence.Run}).
 */
package io.github.simdperceptron.reference;
