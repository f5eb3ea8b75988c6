/**
 * File helpers shared by the model file writer and the command: not part of the API, may change in
 * any release. {@link io.github.simdperceptron.io.internal.AtomicFile} replaces a file atomically.
 */
package io.github.simdperceptron.io.internal;
