/**
 * What the learners share with the command and the Spark module, and may change in any release:
 * the exception that names a refused training option.
 */
package io.github.simdperceptron.learn.internal;
