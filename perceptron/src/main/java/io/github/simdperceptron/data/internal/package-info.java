/**
 * Access to the datasets' storage and training operations for the learners, the readers and the
 * other modules of this project: not part of the API, may change in any release.
 *
 * <p>The public dataset types expose what a user reads (sizes, labels, rows, dot products);
 * {@link io.github.simdperceptron.data.internal.DataAccess} reaches what a training loop writes
 * through (the row updates, the batch scores, the CSR and row-major arrays), on data that was
 * validated when the dataset was built. {@link io.github.simdperceptron.data.internal.Generators}
 * makes the built-in synthetic data of the tests, the benchmarks and the command's demo.
 */
package io.github.simdperceptron.data.internal;
