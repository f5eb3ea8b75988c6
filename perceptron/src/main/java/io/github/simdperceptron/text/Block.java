package io.github.simdperceptron.text;

/** One block's documents as a worker read them. */
final class Block implements LineBlocks.Counted {
  long lines;
  int documents;
  long tokens;
  String[] labels;
  int[] labelPtr;
  int[] rowPtr;
  /** Transforming: the rows. */
  int[] indices;
  float[] values;
  /** Fitting: each document's distinct keys in order of first appearance, with their counts. */
  long[] keys;
  int[] counts;

  @Override
  public long lines() {
    return lines;
  }
}
