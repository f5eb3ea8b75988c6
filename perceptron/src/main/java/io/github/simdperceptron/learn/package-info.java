/**
 * The learners. {@link BinaryLearner} trains the binary perceptrons named by {@link Algorithm} with
 * {@link TrainingOptions}, returning a model and a {@link TrainingReport}; {@link MulticlassLearner}
 * the multi-class perceptron and one-vs-rest; {@link OnlineLearner} learns one example or one pass
 * at a time.
 *
 * <p>Every algorithm runs the one training loop ({@code Trainer}: epochs, seeded example order,
 * stopping of one learner or of one-vs-rest's K per-class learners, early stopping, progress,
 * report); what differs between algorithms is a small package-private update rule.
 * docs/learners.md specifies each step, and the literal twins in the {@code reference} module are
 * diffed against these learners in the tests.
 */
package io.github.simdperceptron.learn;
