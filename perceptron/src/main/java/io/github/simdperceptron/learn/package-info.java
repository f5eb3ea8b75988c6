/**
 * The learners. {@link Learner} trains the perceptrons named by {@link Algorithm} with
 * {@link TrainingOptions}: binary, multi-class and one-vs-rest fits return the model with its
 * {@link TrainingReport} ({@link FitResult}); a {@link Learner} instance learns one example or one
 * pass at a time. The models are {@link LinearModel}, {@link VotedModel} (both {@link BinaryModel})
 * and {@link MulticlassModel}, all {@link Model}.
 *
 * <p>Every algorithm runs the one training loop ({@code Trainer}: epochs, seeded example order,
 * stopping of one learner or of one-vs-rest's K per-class learners, early stopping, progress,
 * report); what differs between algorithms is a small package-private update rule. The kernel
 * perceptron ({@code learn.kernel}) on a dataset's rows and the structured perceptron of the
 * {@code sequence} package on its sentences run in the same loop, through
 * {@link io.github.simdperceptron.learn.internal.TrainingLoop}.
 * docs/learners.md specifies each step, and the literal twins in the {@code reference} module are
 * diffed against these learners in the tests.
 */
package io.github.simdperceptron.learn;
