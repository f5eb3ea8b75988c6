package io.github.simdperceptron.data;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** Collects the label of every row during building, then maps them to sorted class indices. */
final class LabelCollector {
  /** A label written as a decimal number ("+1", "1.0", "-2e3"): kept in canonical form, as {@link Labels} says. */
  private static final Pattern NUMBER = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

  private final Map<String, Integer> firstSeen = new HashMap<>();
  private final List<String> distinct = new ArrayList<>();
  private int[] rowKey = new int[16];
  private int rows;
  private boolean numeric = true;
  /** Whether the last row brought a new class, and then the numeric flag before it (for {@link #dropLast()}). */
  private boolean lastWasNew;
  private boolean numericBefore = true;
  /** The raw bits of the first numeric labels met, and their keys. */
  private final long[] seenBits = new long[16];
  private final int[] seenKeys = new int[16];
  private int seen;

  void add(String label, int row) {
    if (label == null) {
      throw new NullPointerException("row " + row + ": label is null");
    }
    if (label.isEmpty()) {
      throw new IllegalArgumentException("row " + row + ": label is empty");
    }
    if (NUMBER.matcher(label).matches()) {
      add(Double.parseDouble(label), row);
      return;
    }
    put(label);
  }

  private int put(String label) {
    Integer key = firstSeen.get(label);
    lastWasNew = key == null;
    if (key == null) {
      numericBefore = numeric;
      key = distinct.size();
      firstSeen.put(label, key);
      distinct.add(label);
      numeric &= Labels.isCanonicalNumber(label);
    }
    putKey(key);
    return key;
  }

  private void putKey(int key) {
    if (rows == rowKey.length) {
      rowKey = java.util.Arrays.copyOf(rowKey, rows * 2);
    }
    rowKey[rows++] = key;
  }

  void add(double label, int row) {
    // A numeric label column holds a few distinct values: each is named once, not once per row.
    long bits = Double.doubleToRawLongBits(label);
    for (int k = 0; k < seen; k++) {
      if (seenBits[k] == bits) {
        lastWasNew = false;
        putKey(seenKeys[k]);
        return;
      }
    }
    if (!Double.isFinite(label)) {
      throw new IllegalArgumentException("row " + row + ": label " + label + " is not finite");
    }
    int key = put(Labels.canonical(label));
    if (seen < seenBits.length) {
      seenBits[seen] = bits;
      seenKeys[seen++] = key;
    }
  }

  /**
   * Removes the last row's label (a row that failed validation after its label was taken),
   * including its class when no other row has it.
   */
  void dropLast() {
    rows--;
    if (lastWasNew) {
      if (seen > 0 && seenKeys[seen - 1] == distinct.size() - 1) {
        seen--;
      }
      firstSeen.remove(distinct.remove(distinct.size() - 1));
      numeric = numericBefore;
      lastWasNew = false;
    }
  }

  int rows() {
    return rows;
  }

  Labels labels() {
    return Labels.sorted(distinct, numeric);
  }

  /** Class index of every row, in the order of {@link #labels()}. */
  int[] classes(Labels labels) {
    int[] keyToClass = new int[distinct.size()];
    for (int k = 0; k < distinct.size(); k++) {
      keyToClass[k] = labels.indexOf(distinct.get(k));
    }
    int[] out = new int[rows];
    for (int i = 0; i < rows; i++) {
      out[i] = keyToClass[rowKey[i]];
    }
    return out;
  }
}
