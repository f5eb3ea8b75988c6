/**
 * The SIMD kernel: dense ({@link io.github.simdperceptron.kernel.DenseOps}) and sparse
 * ({@link io.github.simdperceptron.kernel.SparseOps}) vector operations, and
 * {@link io.github.simdperceptron.kernel.Kernel}, which tells which implementation runs.
 *
 * <p>Vocabulary: {@code dot} (inner product), {@code squaredNorm}, {@code scale} (x = alpha x),
 * {@code axpy} (y += alpha x), {@code dualAxpy} (the averaged perceptron's fused w += a x,
 * u += b x), {@code multiDot} (k row-major weight rows against one x, one pass over x),
 * {@code batchMargins} (X w + b for every row), {@code scatterAdd} (w[idx] += alpha val). A
 * sparse vector whose values are all 1 is passed with {@code null} values.
 *
 * <p>Two implementations sit behind the facades: the Vector API one ({@code jdk.incubator.vector},
 * loaded only when the module is present) and a fast scalar one. Only this package knows about
 * SIMD; everything else calls the facades.
 */
package io.github.simdperceptron.kernel;
