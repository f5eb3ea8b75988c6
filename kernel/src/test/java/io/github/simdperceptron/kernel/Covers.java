package io.github.simdperceptron.kernel;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The facade methods a test method exercises, as {@code Class.method(paramType,...)} with simple
 * type names, e.g. {@code "DenseOps.dot(float[],int,float[],int,int)"}. {@link FacadeCoverageTest}
 * checks these against the public methods of the facades, so a new method without a test fails.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
@interface Covers {
  String[] value();
}
