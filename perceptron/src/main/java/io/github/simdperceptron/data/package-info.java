/**
 * In-memory datasets: {@link io.github.simdperceptron.data.Dataset}, dense row-major or sparse CSR
 * as it was built, validated once by {@link io.github.simdperceptron.data.Dataset#builder(int)} or
 * a factory ({@code Dataset.of} from {@code float[][]} or from CSR arrays), with class values
 * mapped by {@link io.github.simdperceptron.data.Labels}.
 */
package io.github.simdperceptron.data;
