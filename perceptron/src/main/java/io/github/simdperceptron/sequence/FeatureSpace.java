package io.github.simdperceptron.sequence;

/**
 * Where feature ids come from: a dictionary of the keys seen in the training data at least
 * {@code cutoff} times (ids in order of first appearance), or the low {@code bits} bits of a key's
 * hash (2^bits ids, no dictionary; colliding keys share a weight). A key outside the dictionary
 * has no id and adds nothing. Safe to share between threads once built.
 */
final class FeatureSpace implements Features.Keys {
  /** The dictionary, or null when hashing. */
  final FeatureTable table;
  /** The hash bits, or 0 with a dictionary. */
  final int bits;
  private final int mask;

  private FeatureSpace(FeatureTable table, int bits) {
    this.table = table;
    this.bits = bits;
    this.mask = bits == 0 ? 0 : (1 << bits) - 1;
  }

  static FeatureSpace dictionary(FeatureTable table) {
    return new FeatureSpace(table, 0);
  }

  static FeatureSpace hashed(int bits) {
    return new FeatureSpace(null, bits);
  }

  /** The number of feature ids. */
  int size() {
    return table != null ? table.size() : 1 << bits;
  }

  @Override
  public int id(int template, int h, char[] chars, int from, int to) {
    return table != null ? table.find(template, h, chars, from, to) : h & mask;
  }

  /** Counts every key into {@code counts} and gives no id. */
  static Features.Keys counter(FeatureTable counts) {
    return (template, h, chars, from, to) -> {
      counts.increment(counts.add(template, h, chars, from, to));
      return -1;
    };
  }
}
