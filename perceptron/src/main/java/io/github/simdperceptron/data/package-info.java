/**
 * In-memory datasets: dense row-major ({@link io.github.simdperceptron.data.DenseDataset}) and
 * sparse CSR ({@link io.github.simdperceptron.data.SparseDataset}), built and validated once by
 * their builders or factories ({@code of} from {@code float[][]} or from CSR arrays), with class
 * values mapped by {@link io.github.simdperceptron.data.Labels}.
 */
package io.github.simdperceptron.data;
