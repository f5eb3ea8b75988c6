/**
 * The kernel perceptron (docs/kernel-perceptron.md): {@link io.github.simdperceptron.learn.kernel.KernelLearner}
 * trains it through the one training loop of the learn package, and
 * {@link io.github.simdperceptron.learn.kernel.KernelModel} holds the support vectors, their
 * coefficients and a kernel ({@link io.github.simdperceptron.learn.kernel.KernelModel.Function}, of a
 * {@link io.github.simdperceptron.learn.kernel.KernelKind}).
 *
 * <p>Inside, LIBSVM's split: the kernel kind finishes Gram values and knows its name in files;
 * the training engine ({@code TrainingScores}) keeps every training row's scores up to date from
 * kernel columns, with the column cache under a byte budget ({@code ColumnCache}), the pending
 * updates ({@code PendingBlock}) and the deferred terms of cached columns ({@code DeferredTerms});
 * the update rules ({@code KernelRule}, {@code AveragedKernelRule}, {@code VotedKernelRule}, with
 * an optional {@code Budget}) ask it for scores and tell it about updates. Prediction packs the
 * support vectors once ({@code SupportVectorPanels}) and scores Gram blocks of rows against them.
 */
package io.github.simdperceptron.learn.kernel;
