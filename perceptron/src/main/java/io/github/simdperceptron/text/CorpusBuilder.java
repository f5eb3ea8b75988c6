package io.github.simdperceptron.text;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.data.internal.DataAccess;
import io.github.simdperceptron.io.internal.FormatException;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** One pass over a file: labels, rows, and (fitting) the dictionary's counts. */
final class CorpusBuilder {
  private final TextVectorizer vectorizer;
  private final String source;
  /** Whether the pass builds the dictionary. */
  private final boolean fit;
  /** Whether the rows hold counts until the document frequencies are known (tfidf). */
  private final boolean frequencies;
  private final Map<String, Integer> labelIds = new HashMap<>();
  private final List<String> labelNames = new ArrayList<>();
  private int[] rowPtr = new int[1 << 10];
  private int[] indices = new int[1 << 14];
  private float[] values;
  private int[] labelPtr = new int[1 << 10];
  private int[] labelList = new int[1 << 10];
  private boolean multi;
  private int rows;
  private int nnz;
  private int labelCount;
  private long tokens;

  CorpusBuilder(TextVectorizer vectorizer, String source) {
    this.vectorizer = vectorizer;
    this.source = source;
    this.fit = vectorizer.needsDictionary();
    this.frequencies = vectorizer.needsFrequencies();
    // Counts when fitting (the values come once the dictionary and the frequencies are known), else the values.
    this.values = new float[indices.length];
  }

  TextCorpus read(InputStream in, int threads) throws IOException {
    TextVectorizer reading = frequencies && !fit ? vectorizer.counting() : vectorizer;
    ThreadLocal<BlockReader> readers = ThreadLocal.withInitial(() -> new BlockReader(reading, source, fit));
    DictionaryCounter counter = fit ? new DictionaryCounter(1 << 16) : null;
    LineBlocks blocks = new LineBlocks(source);
    blocks.run(in, threads, (bytes, length, first) -> readers.get().read(bytes, length, first),
        block -> take(block, counter));
    if (rows == 0) {
      throw FormatException.atLine(source, 0, 0, null, "no documents (expected one labelled document per line)");
    }
    TextVectorizer fitted = vectorizer;
    if (fit) {
      fitted = vectorizer.withDictionary(counter.kept(vectorizer.minCount()));
      renumber(counter.finalIds(vectorizer.minCount()), frequencies ? fitted.counting() : fitted);
    }
    if (frequencies) {
      // The rows hold counts of distinct ids: the frequencies come from them, then the values.
      fitted = fitted.withFrequencies(rows, fitted.frequencies(rowPtr, rows, indices));
      TextVectorizer.Featurizer f = fitted.featurizer();
      for (int i = 0; i < rows; i++) {
        f.countsToValues(indices, values, rowPtr[i], rowPtr[i + 1]);
      }
    }
    return corpus(fitted, fitted.featurizer().unitValues());
  }

  /** Appends a block's documents: their labels, and their rows (fitting: the keys' provisional ids and counts). */
  private void take(Block block, DictionaryCounter counter) {
    tokens += block.tokens;
    int[] ids = null;
    if (fit) {
      int all = block.rowPtr[block.documents];
      ids = new int[all];
      counter.addAll(block.keys, block.counts, 0, all, ids);
    }
    for (int d = 0; d < block.documents; d++) {
      addLabels(block.labels, block.labelPtr[d], block.labelPtr[d + 1]);
      int from = block.rowPtr[d];
      int n = block.rowPtr[d + 1] - from;
      if (fit) {
        reserve(n);
        for (int p = 0; p < n; p++) {
          indices[nnz + p] = ids[from + p];
          values[nnz + p] = block.counts[from + p];
        }
        nnz += n;
        rowPtr[++rows] = nnz;
      } else {
        append(block.indices, block.values, from, n);
      }
    }
  }

  private void addLabels(String[] names, int from, int to) {
    int first = labelCount;
    for (int k = from; k < to; k++) {
      String name = names[k];
      Integer id = labelIds.get(name);
      if (id == null) {
        id = labelNames.size();
        labelIds.put(name, id);
        labelNames.add(name);
      }
      boolean repeated = false;
      for (int j = first; j < labelCount; j++) {
        repeated |= labelList[j] == id;
      }
      if (!repeated) {
        if (labelCount == labelList.length) {
          labelList = Arrays.copyOf(labelList, 2 * labelCount);
        }
        labelList[labelCount++] = id;
      }
    }
    multi |= labelCount - first > 1;
    if (rows + 2 > labelPtr.length) {
      labelPtr = Arrays.copyOf(labelPtr, 2 * labelPtr.length);
    }
    labelPtr[rows + 1] = labelCount;
  }

  private void reserve(int n) {
    if (rows + 2 > rowPtr.length) {
      rowPtr = Arrays.copyOf(rowPtr, 2 * rowPtr.length);
    }
    if ((long) nnz + n > Integer.MAX_VALUE - 16) {
      throw new IllegalArgumentException(source + ": more than " + (Integer.MAX_VALUE - 16) + " non-zeros in"
          + " one dataset (use hashing and streaming for a larger file)");
    }
    if (nnz + n > indices.length) {
      int grown = (int) Math.min(Integer.MAX_VALUE - 16, Math.max(nnz + (long) n, indices.length * 3L / 2));
      indices = Arrays.copyOf(indices, grown);
      values = Arrays.copyOf(values, grown);
    }
  }

  private void append(int[] idx, float[] val, int from, int n) {
    reserve(n);
    System.arraycopy(idx, from, indices, nnz, n);
    System.arraycopy(val, from, values, nnz, n);
    nnz += n;
    rowPtr[++rows] = nnz;
  }

  /**
   * Maps each row's provisional ids to their final ones, dropping those under the minimum count
   * (the map keeps the order of the kept ids, so rows stay sorted), and turns counts into values.
   */
  private void renumber(int[] finalIds, TextVectorizer fitted) {
    // Rows are independent: parts of them are renumbered in place on several threads, each part
    // compacted within its own stretch, then the stretches are moved together.
    int parts = Math.min(LineBlocks.threads(), Math.max(1, rows / 4096));
    int[] firstRow = new int[parts + 1];
    for (int p = 0; p <= parts; p++) {
      firstRow[p] = (int) ((long) rows * p / parts);
    }
    int[] starts = new int[parts];
    for (int p = 0; p < parts; p++) {
      starts[p] = rowPtr[firstRow[p]];
    }
    int[] ends = new int[parts];
    java.util.stream.IntStream.range(0, parts).parallel().forEach(p ->
        ends[p] = renumberRows(finalIds, fitted.featurizer(), firstRow[p], firstRow[p + 1], starts[p]));
    int out = ends[0];
    for (int p = 1; p < parts; p++) {
      int start = starts[p];
      int shift = start - out;
      System.arraycopy(indices, start, indices, out, ends[p] - start);
      System.arraycopy(values, start, values, out, ends[p] - start);
      for (int i = firstRow[p] + 1; i <= firstRow[p + 1]; i++) {
        rowPtr[i] -= shift;
      }
      out = ends[p] - shift;
    }
    nnz = out;
  }

  /**
   * Renumbers rows [fromRow, toRow) in place from {@code start} (their first entry): final ids, those under
   * the minimum count dropped, sorted, counts turned into values. Writes {@code rowPtr[i + 1]} of
   * each row relative to the same start; returns the end of the part's entries.
   */
  private int renumberRows(int[] finalIds, TextVectorizer.Featurizer f, int fromRow, int toRow, int start) {
    int out = start;
    int from = out;
    long[] pairs = new long[256];
    PairSort sort = new PairSort();
    for (int i = fromRow; i < toRow; i++) {
      int to = rowPtr[i + 1];
      int m = 0;
      if (pairs.length < to - from) {
        pairs = new long[Math.max(to - from, 2 * pairs.length)];
      }
      for (int p = from; p < to; p++) {
        int id = finalIds[indices[p]];
        if (id >= 0) {
          // A row's keys come in order of first appearance: sorted here by final id, count alongside.
          pairs[m++] = ((long) id << 32) | (int) values[p];
        }
      }
      sort.sort(pairs, m);
      int rowStart = out;
      for (int p = 0; p < m; p++) {
        indices[out] = (int) (pairs[p] >>> 32);
        values[out++] = (int) pairs[p];
      }
      f.countsToValues(indices, values, rowStart, out);
      from = to;
      rowPtr[i + 1] = out;
    }
    return out;
  }

  private TextCorpus corpus(TextVectorizer fitted, boolean unitValues) {
    List<String> sorted = classOrder(labelNames);
    int[] toSorted = new int[labelNames.size()];
    for (int k = 0; k < toSorted.length; k++) {
      toSorted[labelIds.get(sorted.get(k))] = k;
    }
    int[] classes = new int[rows];
    for (int i = 0; i < rows; i++) {
      classes[i] = toSorted[labelList[labelPtr[i]]];
    }
    for (int k = 0; k < labelCount; k++) {
      labelList[k] = toSorted[labelList[k]];
    }
    Labels labels = Labels.of(sorted);
    Dataset rowsOnly = DataAccess.wrapCheckedRows(Arrays.copyOf(rowPtr, rows + 1), Arrays.copyOf(indices, nnz),
        unitValues ? null : Arrays.copyOf(values, nnz), fitted.dimension(), new double[rows]);
    indices = null;
    values = null;
    Dataset data = rowsOnly.withLabels(labels, classes);
    return new TextCorpus(data, fitted, multi ? Arrays.copyOf(labelPtr, rows + 1) : null,
        multi ? Arrays.copyOf(labelList, labelCount) : null, tokens);
  }

  /** Class names in the order the readers give them: numerically when every name is a number, else as strings. */
  static List<String> classOrder(java.util.Collection<String> names) {
    List<String> sorted = new ArrayList<>(names);
    boolean numeric = sorted.stream().allMatch(CorpusBuilder::isNumber);
    sorted.sort(numeric ? Comparator.comparingDouble(Double::parseDouble) : Comparator.naturalOrder());
    return sorted;
  }

  private static boolean isNumber(String s) {
    try {
      Double.parseDouble(s);
      return !s.isEmpty() && Character.isDigit(s.charAt(s.length() - 1));
    } catch (NumberFormatException e) {
      return false;
    }
  }
}
