package io.github.simdperceptron.io;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.io.internal.FormatException;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Streams a dense CSV file, one example per line. Made by {@link CsvFormat#open}; the first
 * non-blank line fixes the number of columns (and may be a header). docs/formats.md lists every
 * rule and error.
 */
final class CsvReader implements DataFormat.Reader {
  private final LineSource lines;
  private final CsvFormat format;
  private final List<String> fields = new ArrayList<>();
  private final List<Integer> starts = new ArrayList<>();
  private List<String> header;
  private int columns = -1;
  private long firstLine;
  private int labelAt;
  private String pending;
  private String label;
  private float[] row;

  CsvReader(InputStream in, String source, CsvFormat format) {
    this.lines = new LineSource(in, source);
    this.format = format;
  }

  @Override
  public boolean next() throws IOException {
    if (columns < 0 && !start()) {
      return false;
    }
    String s = pending;
    pending = null;
    if (s == null) {
      s = nextNonBlank();
    }
    if (s == null) {
      label = null;
      row = null;
      return false;
    }
    parseRow(s);
    return true;
  }

  /** Reads the first line: the column count, the header, the label column. False on empty input. */
  private boolean start() throws IOException {
    String s = nextNonBlank();
    if (s == null) {
      return false;
    }
    firstLine = lines.line();
    split(s);
    columns = fields.size();
    if (columns < 2) {
      throw FormatException.atLine(source(), firstLine, 0, null, "1 column (expected at least 2, a label and a"
          + " feature, separated by " + FormatException.quote(String.valueOf(format.delimiter())) + ")");
    }
    boolean isHeader;
    if (format.labelName() != null || format.header() == DataFormat.Header.PRESENT) {
      isHeader = true;
    } else if (format.header() == DataFormat.Header.ABSENT) {
      isHeader = false;
    } else {
      isHeader = false;
      int lc = positionalLabel(s);
      for (int k = 0; k < columns && !isHeader; k++) {
        isHeader = k != lc && !isNumber(fields.get(k).trim());
      }
    }
    if (isHeader) {
      header = new ArrayList<>();
      for (String f : fields) {
        header.add(f.trim());
      }
      if (format.labelName() != null) {
        labelAt = header.indexOf(format.labelName());
        if (labelAt < 0) {
          throw FormatException.atLine(source(), firstLine, 0, null, "no column named "
              + FormatException.quote(format.labelName()) + " in the header (expected one of " + header + ")");
        }
      } else {
        labelAt = positionalLabel(s);
      }
    } else {
      if (format.labelName() != null) {
        throw FormatException.atLine(source(), firstLine, 0, null, "no header to find the label column "
            + FormatException.quote(format.labelName()) + " in");
      }
      labelAt = positionalLabel(s);
      pending = s;
    }
    return true;
  }

  private int positionalLabel(String s) throws FormatException {
    int lc = format.labelColumn() < 0 ? columns - 1 : format.labelColumn();
    if (lc >= columns) {
      throw FormatException.atLine(source(), firstLine, 0, null, "label column " + (lc + 1) + " does not exist"
          + " (expected at most " + columns + ", the number of columns on this line)");
    }
    return lc;
  }

  private static boolean isNumber(String s) {
    try {
      Float.parseFloat(s);
      return true;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  private String nextNonBlank() throws IOException {
    String s;
    while ((s = lines.next()) != null) {
      if (!s.isBlank()) {
        return s;
      }
    }
    return null;
  }

  private void parseRow(String s) throws FormatException {
    split(s);
    if (fields.size() != columns) {
      throw FormatException.atLine(source(), lines.line(), 0, null, fields.size() + " fields (expected " + columns
          + ", as on line " + firstLine + ")");
    }
    float[] x = new float[columns - 1];
    String lab = null;
    for (int k = 0, j = 0; k < columns; k++) {
      String f = fields.get(k).trim();
      if (k == labelAt) {
        lab = parseLabel(f, starts.get(k));
        continue;
      }
      if (f.isEmpty()) {
        throw fieldError(k, f, "missing value (expected a number)");
      }
      float v;
      try {
        v = Float.parseFloat(f);
      } catch (NumberFormatException e) {
        throw fieldError(k, f, "not a number (expected a float such as 0.5, -3 or 1e-4)");
      }
      if (!Float.isFinite(v)) {
        throw fieldError(k, f, "not a finite float (expected a magnitude below 3.4e38)");
      }
      x[j++] = v;
    }
    label = lab;
    row = x;
  }

  private String parseLabel(String f, int start) throws FormatException {
    if (f.isEmpty()) {
      throw fieldError(labelAt, f, "missing label (expected a class name or number)");
    }
    double v;
    try {
      v = Double.parseDouble(f);
    } catch (NumberFormatException e) {
      return f;
    }
    if (!Double.isFinite(v)) {
      throw fieldError(labelAt, f, "the label is not finite (expected a class name or a finite number)");
    }
    return Labels.canonical(v);
  }

  private FormatException fieldError(int k, String f, String problem) {
    String name = header == null ? "column " + (k + 1) : "column " + (k + 1) + " (" + header.get(k) + ")";
    return FormatException.atLine(source(), lines.line(), starts.get(k) + 1, f,
        name + ", " + FormatException.quote(f) + ": " + problem);
  }

  /** Splits a line into fields; a field may be double-quoted, with "" for a quote inside. */
  private void split(String s) throws FormatException {
    fields.clear();
    starts.clear();
    char d = format.delimiter();
    int p = 0;
    int n = s.length();
    StringBuilder sb = new StringBuilder();
    while (true) {
      int start = p;
      int q = p;
      while (q < n && (s.charAt(q) == ' ' || s.charAt(q) == '\t') && s.charAt(q) != d) {
        q++;
      }
      if (q < n && s.charAt(q) == '"') {
        sb.setLength(0);
        int k = q + 1;
        while (true) {
          if (k >= n) {
            throw FormatException.atLine(source(), lines.line(), q + 1, s.substring(q),
                "unterminated quoted field starting " + FormatException.quote(s.substring(q))
                    + " (expected a closing '\"' on the same line)");
          }
          char c = s.charAt(k);
          if (c == '"') {
            if (k + 1 < n && s.charAt(k + 1) == '"') {
              sb.append('"');
              k += 2;
              continue;
            }
            break;
          }
          sb.append(c);
          k++;
        }
        k++;
        while (k < n && s.charAt(k) != d) {
          if (s.charAt(k) != ' ' && s.charAt(k) != '\t') {
            throw FormatException.atLine(source(), lines.line(), k + 1, s.substring(k, k + 1),
                FormatException.quote(s.substring(k, k + 1)) + " after a closing quote (expected "
                    + FormatException.quote(String.valueOf(d)) + " or the end of the line)");
          }
          k++;
        }
        fields.add(sb.toString());
        starts.add(start);
        p = k;
      } else {
        int k = s.indexOf(d, start);
        if (k < 0) {
          k = n;
        }
        fields.add(s.substring(start, k));
        starts.add(start);
        p = k;
      }
      if (p >= n) {
        break;
      }
      p++;
      if (p == n) {
        fields.add("");
        starts.add(n);
        break;
      }
    }
  }

  @Override
  public String label() {
    return label;
  }

  @Override
  public boolean isSparse() {
    return false;
  }

  @Override
  public int[] indices() {
    return null;
  }

  @Override
  public float[] values() {
    return row == null ? null : row.clone();
  }

  /** The header's column names (trimmed, unquoted), or null when the file has none or nothing was read yet. */
  public List<String> header() {
    return header;
  }

  @Override
  public long line() {
    return lines.line();
  }

  @Override
  public String source() {
    return lines.source();
  }

  /** Columns minus the label; 0 before the first line was read. */
  @Override
  public int dimension() {
    return Math.max(0, columns - 1);
  }

  @Override
  public Dataset readAll() throws IOException {
    Dataset.Builder b = null;
    while (next()) {
      if (b == null) {
        b = Dataset.builder(columns - 1);
      }
      b.add(row, label);
    }
    if (b == null) {
      throw FormatException.atLine(source(), Math.max(1, line()), 0, null,
          "no examples (expected lines of delimited values" + (header != null ? " after the header" : "") + ")");
    }
    return b.build();
  }

  @Override
  public void close() throws IOException {
    lines.close();
  }
}
