package io.github.simdperceptron.text;

import java.util.Arrays;

/**
 * The dictionary's map from a feature key to its id, in the order keys were added: open addressing
 * with linear probing over parallel arrays, so a look-up allocates nothing. Ids are 0, 1, 2, ...
 * in insertion order; {@link #keysInOrder()} gives the keys by id.
 */
final class KeyTable {
  private long[] slotKeys;
  private int[] slotIds;
  private long[] byId;
  private int size;
  private int mask;

  KeyTable(int expected) {
    int capacity = Integer.highestOneBit(Math.max(16, expected * 2 - 1)) << 1;
    slotKeys = new long[capacity];
    slotIds = new int[capacity];
    Arrays.fill(slotIds, -1);
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
    return (int) ((key * 0xc2b2ae3d27d4eb4fL) >>> 40) & mask;
  }

  /** The id of {@code key}, or -1 when absent. */
  int get(long key) {
    long[] ks = slotKeys;
    int[] ids = slotIds;
    int m = mask;
    for (int s = slot(key, m); ; s = (s + 1) & m) {
      int id = ids[s];
      if (id < 0 || ks[s] == key) {
        return id;
      }
    }
  }

  /** The id of {@code key}, added with the next id when absent. */
  int addIfAbsent(long key) {
    int m = mask;
    for (int s = slot(key, m); ; s = (s + 1) & m) {
      int id = slotIds[s];
      if (id < 0) {
        if (size == byId.length) {
          byId = Arrays.copyOf(byId, 2 * size);
        }
        byId[size] = key;
        slotKeys[s] = key;
        slotIds[s] = size;
        if (++size * 2 > slotKeys.length) {
          grow();
        }
        return size - 1;
      }
      if (slotKeys[s] == key) {
        return id;
      }
    }
  }

  private void grow() {
    int capacity = slotKeys.length * 2;
    slotKeys = new long[capacity];
    slotIds = new int[capacity];
    Arrays.fill(slotIds, -1);
    mask = capacity - 1;
    for (int id = 0; id < size; id++) {
      int s = slot(byId[id], mask);
      while (slotIds[s] >= 0) {
        s = (s + 1) & mask;
      }
      slotKeys[s] = byId[id];
      slotIds[s] = id;
    }
  }

  /** The keys by id, a copy. */
  long[] keysInOrder() {
    return Arrays.copyOf(byId, size);
  }
}
