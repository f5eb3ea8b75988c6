package io.github.simdperceptron.sequence;

import io.github.simdperceptron.sequence.internal.TaggerAccess;
import java.util.Arrays;

/**
 * An open-addressing table of feature keys, a key being a template number and a run of chars,
 * looked up from a char array without making a string. Entries are numbered in the order they were
 * added; each keeps a count. Not thread-safe to add to; finding is safe once no one adds.
 */
final class FeatureTable implements TaggerAccess.Table {
  /**
   * Pairs (hash, entry + 1) in slot order, 0 as the entry for an empty slot: a probe compares the
   * hash in the slot's own cache line and reads the entry's key only when the hashes agree.
   */
  private int[] slots = new int[2 << 10];
  private int size;
  private int[] hashes = new int[256];
  private byte[] templates = new byte[256];
  private int[] starts = new int[257];
  private int[] counts = new int[256];
  private char[] pool = new char[4096];

  FeatureTable() {}

  /** An empty table with room for {@code entries} entries before it grows or rehashes. */
  FeatureTable(int entries) {
    int n = Math.max(256, Math.min(entries, 1 << 26));
    hashes = new int[n];
    templates = new byte[n];
    starts = new int[n + 1];
    counts = new int[n];
    // A table rehashes when more than a quarter of the slots array (half its slots) is in use.
    slots = new int[slotsFor(n)];
  }

  /**
   * A table of {@code size} entries from their parts, as {@link #templates()}, {@link #hashes()},
   * {@link #starts()} and {@link #pool()} give them, without hashing a key: the hashes are taken as
   * given. Checks what a lookup relies on to stay in bounds (templates below {@code templateLimit},
   * starts from 0 ascending to the pool's end); a hash that is not its key's makes that key not
   * found, nothing worse. The arrays are kept, not copied.
   *
   * @throws IllegalArgumentException naming the first part that is out of bounds
   */
  static FeatureTable of(int size, byte[] templates, int[] hashes, int[] starts, char[] pool, int templateLimit) {
    if (size < 0 || templates.length < size || hashes.length < size || starts.length < size + 1) {
      throw new IllegalArgumentException(size + " entries with " + templates.length + " templates, " + hashes.length
          + " hashes, " + starts.length + " starts");
    }
    for (int e = 0; e < size; e++) {
      if (templates[e] < 0 || templates[e] >= templateLimit) {
        throw new IllegalArgumentException("entry " + e + ": template " + templates[e] + " (expected below "
            + templateLimit + ")");
      }
    }
    if (starts[0] != 0 || starts[size] != pool.length) {
      throw new IllegalArgumentException("keys from char " + starts[0] + " to " + starts[size] + " of a pool of "
          + pool.length + " (expected from 0 to its end)");
    }
    for (int e = 0; e < size; e++) {
      if (starts[e + 1] < starts[e]) {
        throw new IllegalArgumentException("entry " + e + ": key from char " + starts[e] + " to " + starts[e + 1]);
      }
    }
    FeatureTable t = new FeatureTable();
    t.size = size;
    t.templates = templates;
    t.hashes = hashes;
    t.starts = starts;
    t.pool = pool;
    t.counts = new int[size];
    t.rehash(slotsFor(size));
    return t;
  }

  /** The slots array of a table of n entries: at most half its slots used, as {@link #add} keeps it. */
  private static int slotsFor(int n) {
    return 2 * (Integer.highestOneBit(Math.max(1024, 2 * n - 1)) << 1);
  }

  /** The template of every entry, in entry order (the first {@link #size()} of the array; not a copy). */
  @Override
  public byte[] templates() {
    return templates;
  }

  /** The hash of every entry's key (the first {@link #size()}; not a copy). */
  @Override
  public int[] hashes() {
    return hashes;
  }

  /** Entry e's key is pool()[starts()[e], starts()[e + 1]) (the first {@link #size()} + 1; not a copy). */
  @Override
  public int[] starts() {
    return starts;
  }

  /** The keys' chars (the first {@code starts()[size()]}; not a copy). */
  @Override
  public char[] pool() {
    return pool;
  }

  /** The hash of a key: FNV-1a over the template and the chars, then MurmurHash3's finaliser. */
  static int hash(int template, char[] chars, int from, int to) {
    int h = 0x811C9DC5 ^ (template * 0x9E3779B9);
    for (int i = from; i < to; i++) {
      h = (h ^ chars[i]) * 0x01000193;
    }
    h ^= h >>> 16;
    h *= 0x85EBCA6B;
    h ^= h >>> 13;
    h *= 0xC2B2AE35;
    return h ^ (h >>> 16);
  }

  @Override
  public int size() {
    return size;
  }

  /** The entry of the key with hash h, or -1. */
  int find(int template, int h, char[] chars, int from, int to) {
    int mask = (slots.length >> 1) - 1;
    for (int s = h & mask; ; s = (s + 1) & mask) {
      int e = slots[2 * s + 1] - 1;
      if (e < 0) {
        return -1;
      }
      // One test of the whole key: a slot whose hash matches while its key differs (a collision,
      // rare) would otherwise be a branch the JIT compiles as never taken, and leave compiled code
      // late in a run when it is.
      if (((slots[2 * s] ^ h) | keyDifference(e, template, chars, from, to)) == 0) {
        return e;
      }
    }
  }

  /** The entry of the key, added with count 0 when missing. */
  int add(int template, int h, char[] chars, int from, int to) {
    int e = find(template, h, chars, from, to);
    if (e >= 0) {
      return e;
    }
    if (size == hashes.length) {
      int n = 2 * size;
      hashes = Arrays.copyOf(hashes, n);
      templates = Arrays.copyOf(templates, n);
      starts = Arrays.copyOf(starts, n + 1);
      counts = Arrays.copyOf(counts, n);
    }
    int len = to - from;
    int at = starts[size];
    if (at + len > pool.length) {
      pool = Arrays.copyOf(pool, Math.max(2 * pool.length, at + len));
    }
    System.arraycopy(chars, from, pool, at, len);
    e = size++;
    hashes[e] = h;
    templates[e] = (byte) template;
    starts[e + 1] = at + len;
    if (size > slots.length >> 2) {
      rehash(2 * slots.length);
    } else {
      place(e);
    }
    return e;
  }

  /** Adds the key chars[0, length) with its hash. */
  @Override
  public int add(int template, char[] chars, int length) {
    return add(template, hash(template, chars, 0, length), chars, 0, length);
  }

  /** Adds the key (the key's string) with its hash. */
  int add(int template, String key) {
    char[] c = key.toCharArray();
    return add(template, hash(template, c, 0, c.length), c, 0, c.length);
  }

  void increment(int e) {
    counts[e]++;
  }

  int count(int e) {
    return counts[e];
  }

  @Override
  public int template(int e) {
    return templates[e];
  }

  @Override
  public String key(int e) {
    return new String(pool, starts[e], starts[e + 1] - starts[e]);
  }

  /** The length of entry e's key. */
  int length(int e) {
    return starts[e + 1] - starts[e];
  }

  /** Copies entry e's key into out from at. */
  void getChars(int e, char[] out, int at) {
    System.arraycopy(pool, starts[e], out, at, starts[e + 1] - starts[e]);
  }

  /** A new table of the entries counted at least {@code cutoff} times, in this table's order. */
  FeatureTable kept(int cutoff) {
    FeatureTable t = new FeatureTable();
    for (int e = 0; e < size; e++) {
      if (counts[e] >= cutoff) {
        t.add(templates[e], hashes[e], pool, starts[e], starts[e + 1]);
      }
    }
    return t;
  }

  /** Zero when entry e's key is (template, chars[from, to)), else not: no early exit (see {@link #find}). */
  private int keyDifference(int e, int template, char[] chars, int from, int to) {
    int at = starts[e];
    int length = starts[e + 1] - at;
    int diff = (templates[e] ^ template) | (length ^ (to - from));
    for (int i = 0, n = Math.min(length, to - from); i < n; i++) {
      diff |= pool[at + i] ^ chars[from + i];
    }
    return diff;
  }

  private void rehash(int n) {
    slots = new int[n];
    for (int e = 0; e < size; e++) {
      place(e);
    }
  }

  private void place(int e) {
    int mask = (slots.length >> 1) - 1;
    int s = hashes[e] & mask;
    while (slots[2 * s + 1] != 0) {
      s = (s + 1) & mask;
    }
    slots[2 * s] = hashes[e];
    slots[2 * s + 1] = e + 1;
  }
}
