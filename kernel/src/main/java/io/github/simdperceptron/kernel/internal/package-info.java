/**
 * Unchecked kernels for the learners: not part of the API, may change in any release.
 *
 * <p>The learners call these on validated data, so no argument is checked here; a wrong index is
 * caught by Java's array bounds checks at best. Users call the checked facades in
 * {@link io.github.simdperceptron.kernel}.
 */
package io.github.simdperceptron.kernel.internal;
