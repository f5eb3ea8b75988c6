package io.github.simdperceptron.io;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.learn.Learner;
import java.io.Closeable;
import java.io.IOException;

/**
 * Reads a data file one example at a time; only the current line is held in memory, so a file
 * larger than memory can be learned in one pass ({@link #feed(Learner)}). The accessors
 * describe the example {@link #next()} moved to; their arrays are fresh for every example.
 *
 * <p>Bad input is a {@link FormatException} naming the file, line, column and token; other
 * {@link IOException}s are I/O failures. After an exception the reader should be closed.
 */
interface ExampleReader extends Closeable {

  /** Moves to the next example; false at the end of the input. */
  boolean next() throws IOException;

  /** The class of the current example: the canonical number ({@code "1"}, {@code "-1"}, {@code "2.5"}) or the name. */
  String label();

  /** Whether the current example is sparse: {@link #indices()} holds its 0-based feature indices. */
  boolean isSparse();

  /** The 0-based, strictly increasing feature indices of a sparse example; null for a dense one. */
  int[] indices();

  /** The values at {@link #indices()} for a sparse example, or the whole row for a dense one. */
  float[] values();

  /** The line the current example was read from, from 1. */
  long line();

  /** The name of the input in messages (usually the file's path). */
  String source();

  /** The dimension: fixed by the format options or the file's columns, else 1 + the largest index seen so far. */
  int dimension();

  /** Reads every remaining example into a validated dataset; throws FormatException when there is none. */
  Dataset readAll() throws IOException;

  /**
   * Feeds every remaining example to the learner, in file order, one at a time; returns how many.
   * An example the learner refuses (an index beyond its dimension, a class it does not know) is a
   * {@link FormatException} naming the line. Sparse examples need numeric labels.
   */
  default long feed(Learner<?> learner) throws IOException {
    long count = 0;
    while (next()) {
      try {
        if (isSparse()) {
          learner.learn(indices(), values(), Double.parseDouble(label()));
        } else {
          learner.learn(values(), label());
        }
      } catch (IllegalArgumentException e) {
        throw FormatException.atLine(source(), line(), 0, null, e.getMessage());
      }
      count++;
    }
    return count;
  }
}
