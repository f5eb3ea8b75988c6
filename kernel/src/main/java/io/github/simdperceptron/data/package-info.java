/**
 * In-memory datasets: dense row-major ({@link io.github.simdperceptron.data.DenseDataset}) and
 * sparse CSR ({@link io.github.simdperceptron.data.SparseDataset}), built and validated once by
 * their builders, with class values mapped by {@link io.github.simdperceptron.data.Labels}; and
 * {@link io.github.simdperceptron.data.Generators}, built-in data that needs nothing from outside.
 */
package io.github.simdperceptron.data;
