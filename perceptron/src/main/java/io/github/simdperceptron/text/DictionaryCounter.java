package io.github.simdperceptron.text;

/** Counts keys and numbers them in the order of first appearance, for a dictionary. */
final class DictionaryCounter {
  private final KeyTable table;
  long touched;
  private int[] counts;

  DictionaryCounter(int expected) {
    table = new KeyTable(expected);
    counts = new int[Math.max(16, expected)];
  }

  /**
   * Counts {@code counts[i]} occurrences of {@code keys[i]} for i in [from, from + n), writing
   * each one's provisional id into {@code ids[i]} (modified); ids are given in order of first appearance.
   */
  void addAll(long[] keys, int[] times, int from, int n, int[] ids) {
    // Kept, so that the compiler cannot drop the early reads of the slots.
    touched += table.addAll(keys, from, n, ids);
    if (table.size() > counts.length) {
      counts = java.util.Arrays.copyOf(counts, Math.max(table.size(), 2 * counts.length));
    }
    for (int i = from; i < from + n; i++) {
      int id = ids[i];
      counts[id] = (int) Math.min(Integer.MAX_VALUE, (long) counts[id] + times[i]);
    }
  }

  /** For each provisional id, its final id (the rank among those counted at least minCount times), or -1. */
  int[] finalIds(int minCount) {
    int[] map = new int[table.size()];
    int next = 0;
    for (int id = 0; id < map.length; id++) {
      map[id] = counts[id] >= minCount ? next++ : -1;
    }
    return map;
  }

  /** The keys counted at least minCount times, by final id. */
  long[] kept(int minCount) {
    long[] all = table.keysInOrder();
    int n = 0;
    for (int id = 0; id < all.length; id++) {
      if (counts[id] >= minCount) {
        all[n++] = all[id];
      }
    }
    return java.util.Arrays.copyOf(all, n);
  }
}
