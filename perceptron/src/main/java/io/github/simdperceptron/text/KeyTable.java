package io.github.simdperceptron.text;

import java.util.Arrays;

/**
 * The dictionary's map from a feature key to its id, in the order keys were added: open addressing
 * with linear probing over parallel arrays, so a look-up allocates nothing. Ids are 0, 1, 2, ...
 * in insertion order; {@link #keysInOrder()} gives the keys by id.
 */
final class KeyTable {
  /** Slot s holds its key at [2s] and its id + 1 at [2s+1] (0: empty): one cache line per probe. */
  private long[] slots;
  private long[] byId;
  private int size;
  private int mask;

  KeyTable(int expected) {
    int capacity = Integer.highestOneBit(Math.max(16, expected * 2 - 1)) << 1;
    slots = new long[2 * capacity];
    byId = new long[Math.max(16, expected)];
    mask = capacity - 1;
  }

  /** The table of {@code keys}, key i getting id i; the keys must be distinct. */
  static KeyTable of(long[] keys) {
    KeyTable t = new KeyTable(keys.length);
    for (long k : keys) {
      if (t.addIfAbsent(k) != t.size - 1) {
        throw new IllegalArgumentException("duplicate key " + Long.toHexString(k));
      }
    }
    return t;
  }

  int size() {
    return size;
  }

  private static int slot(long key, int mask) {
    long h = key * 0xc2b2ae3d27d4eb4fL;
    return (int) (h ^ (h >>> 32)) & mask;
  }

  /** The id of {@code key}, or -1 when absent. */
  int get(long key) {
    long[] t = slots;
    int m = mask;
    for (int s = slot(key, m); ; s = (s + 1) & m) {
      long id = t[2 * s + 1];
      if (id == 0 || t[2 * s] == key) {
        return (int) id - 1;
      }
    }
  }

  /**
   * {@link #addIfAbsent} of {@code keys[from, from + n)} in order, ids into {@code ids[from, ...)}
   * (modified). The slots of a group of keys are read first, so that their cache misses overlap
   * instead of coming one after another; the ids are those of the one-by-one calls.
   */
  long addAll(long[] keys, int from, int n, int[] ids) {
    final int group = 16;
    long touched = 0;
    for (int g = from; g < from + n; g += group) {
      int end = Math.min(from + n, g + group);
      long[] t = slots;
      int m = mask;
      for (int i = g; i < end; i++) {
        touched += t[2 * slot(keys[i], m) + 1];
      }
      for (int i = g; i < end; i++) {
        ids[i] = addIfAbsent(keys[i]);
      }
    }
    return touched;
  }

  /**
   * The (id, count) pairs of the keys {@code keys[0, n)} that the table holds, in order, into
   * {@code pairs} (modified; the id in the high 32 bits, {@code counts[i]} in the low 32); returns
   * how many (absent keys are skipped). As {@link #addAll}, a group's slots are read first.
   */
  int getAll(long[] keys, int[] counts, int n, long[] pairs) {
    final int group = 16;
    long[] t = slots;
    int m = mask;
    int found = 0;
    long touched = 0;
    for (int g = 0; g < n; g += group) {
      int end = Math.min(n, g + group);
      for (int i = g; i < end; i++) {
        touched += t[2 * slot(keys[i], m) + 1];
      }
      for (int i = g; i < end; i++) {
        int id = get(keys[i]);
        if (id >= 0) {
          pairs[found++] = (long) id << 32 | counts[i];
        }
      }
    }
    sink += touched;
    return found;
  }

  /** Keeps the early reads of {@link #getAll} from being dropped by the compiler. */
  private long sink;

  /** The id of {@code key}, added with the next id when absent. */
  int addIfAbsent(long key) {
    long[] t = slots;
    int m = mask;
    for (int s = slot(key, m); ; s = (s + 1) & m) {
      long id = t[2 * s + 1];
      if (id == 0) {
        if (size == byId.length) {
          byId = Arrays.copyOf(byId, 2 * size);
        }
        byId[size] = key;
        t[2 * s] = key;
        t[2 * s + 1] = ++size;
        if (size * 2 > m + 1) {
          grow();
        }
        return size - 1;
      }
      if (t[2 * s] == key) {
        return (int) id - 1;
      }
    }
  }

  private void grow() {
    int capacity = 2 * (mask + 1);
    long[] t = new long[2 * capacity];
    int m = capacity - 1;
    for (int id = 0; id < size; id++) {
      int s = slot(byId[id], m);
      while (t[2 * s + 1] != 0) {
        s = (s + 1) & m;
      }
      t[2 * s] = byId[id];
      t[2 * s + 1] = id + 1;
    }
    slots = t;
    mask = m;
  }

  /** The keys by id, a copy. */
  long[] keysInOrder() {
    return Arrays.copyOf(byId, size);
  }
}
