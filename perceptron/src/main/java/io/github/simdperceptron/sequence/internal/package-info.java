/**
 * What the sequence package shares with the tagger file, and may change in any release:
 * {@link io.github.simdperceptron.sequence.internal.TaggerAccess} takes a tagger apart into its
 * tables of keys, weights and known words' rows, and builds one back from them.
 */
package io.github.simdperceptron.sequence.internal;
