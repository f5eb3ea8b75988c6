package io.github.simdperceptron.text;

import io.github.simdperceptron.io.internal.FormatException;
import java.io.IOException;
import java.util.Arrays;

/** A worker thread's reader of blocks: its own scanner, parser and scratch. */
final class BlockReader {
  private final String source;
  private final boolean fit;
  private final TextVectorizer.Featurizer featurizer;
  private final DocumentParser parser;
  private final DistinctKeys distinct = new DistinctKeys();

  private final boolean needLabels;

  BlockReader(TextVectorizer v, String source, boolean fit) {
    this(v, source, fit, true);
  }

  BlockReader(TextVectorizer v, String source, boolean fit, boolean needLabels) {
    this.source = source;
    this.fit = fit;
    this.needLabels = needLabels;
    this.featurizer = v.featurizer();
    this.parser = new DocumentParser(source);
  }

  Block read(byte[] bytes, int length, boolean first) throws IOException {
    LineReader lines = new LineReader(bytes, length, first, source);
    Block b = new Block();
    int cap = Math.max(16, length / 64);
    b.labels = new String[cap];
    b.labelPtr = new int[cap + 1];
    b.rowPtr = new int[cap + 1];
    int entries = Math.max(64, length / 3);
    if (fit) {
      b.keys = new long[entries];
      b.counts = new int[entries];
    } else {
      b.indices = new int[entries];
      b.values = new float[entries];
    }
    int labelCount = 0;
    int nnz = 0;
    KeyScanner scanner = featurizer.scanner;
    while (lines.next()) {
      long line = lines.line();
      if (lines.end() == lines.start() && needLabels) {
        throw FormatException.atLine(source, line, 0, null, "an empty line (expected a labelled document:"
            + " __label__NAME words ... or LABEL<TAB>text)");
      }
      parser.parse(lines.bytes(), lines.start(), lines.end(), line, scanner);
      if (parser.labels.isEmpty() && needLabels) {
        throw FormatException.atLine(source, line, 1, null, "no label (expected __label__NAME fields, or a tab"
            + " after the label: LABEL<TAB>text)");
      }
      int d = b.documents;
      if (d + 1 >= b.rowPtr.length) {
        b.rowPtr = Arrays.copyOf(b.rowPtr, 2 * b.rowPtr.length);
        b.labelPtr = Arrays.copyOf(b.labelPtr, 2 * b.labelPtr.length);
      }
      for (String label : parser.labels) {
        if (labelCount == b.labels.length) {
          b.labels = Arrays.copyOf(b.labels, 2 * labelCount);
        }
        b.labels[labelCount++] = label;
      }
      b.labelPtr[d + 1] = labelCount;
      b.tokens += scanner.tokens();
      int n;
      if (fit) {
        n = distinct.of(scanner.keys(), scanner.count());
        if (nnz + n > b.keys.length) {
          b.keys = Arrays.copyOf(b.keys, Math.max(nnz + n, 2 * b.keys.length));
          b.counts = Arrays.copyOf(b.counts, b.keys.length);
        }
        System.arraycopy(distinct.keys, 0, b.keys, nnz, n);
        System.arraycopy(distinct.counts, 0, b.counts, nnz, n);
      } else {
        n = featurizer.row(scanner.keys(), scanner.count());
        if (nnz + n > b.indices.length) {
          b.indices = Arrays.copyOf(b.indices, Math.max(nnz + n, 2 * b.indices.length));
          b.values = Arrays.copyOf(b.values, b.indices.length);
        }
        System.arraycopy(featurizer.indices, 0, b.indices, nnz, n);
        System.arraycopy(featurizer.values, 0, b.values, nnz, n);
      }
      nnz += n;
      b.rowPtr[d + 1] = nnz;
      b.documents++;
    }
    b.lines = lines.line();
    return b;
  }
}
