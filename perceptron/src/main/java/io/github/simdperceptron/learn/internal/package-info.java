/** Pieces the training loops of the library share: not part of the API, may change in any release. */
package io.github.simdperceptron.learn.internal;
