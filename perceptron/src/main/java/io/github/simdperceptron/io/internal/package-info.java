/**
 * File helpers shared by the model file writer and the command: not part of the API, may change in
 * any release. {@link io.github.simdperceptron.io.internal.AtomicFile} replaces a file atomically;
 * {@link io.github.simdperceptron.io.internal.Utf8Lines} reads the lines of a UTF-8 text.
 */
package io.github.simdperceptron.io.internal;
