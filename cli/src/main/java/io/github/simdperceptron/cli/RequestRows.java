package io.github.simdperceptron.cli;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.io.DataFormat;
import io.github.simdperceptron.io.internal.FormatException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The rows of a request body to serve's /predict or /learn (docs/online.md): JSON (one row, or
 * {@code {"rows": [...]}}; a row is an array of d numbers or {@code {"indices": [...], "values":
 * [...]}} with 0-based indices) or libsvm lines (1-based, a label first). Every row is checked
 * against the model's dimension d; a row that does not fit throws {@link Bad} naming it.
 */
final class RequestRows {
  /** A body that does not hold rows for the model: the message says why, in one line. */
  static final class Bad extends Exception {
    private static final long serialVersionUID = 1L;

    Bad(String message) {
      super(message);
    }
  }

  private static final Set<String> TOP = Set.of("rows", "labels", "scores");
  private static final Set<String> ROW = Set.of("indices", "values", "label", "scores");

  private final int d;
  /** Per row: its 0-based strictly increasing indices, or null for a dense row. */
  final List<int[]> indices = new ArrayList<>();
  /** Per row: the values at its indices, or the whole dense row. */
  final List<float[]> values = new ArrayList<>();
  /** Per row: its class, or null when none was given. */
  final List<String> labels = new ArrayList<>();
  /** Whether the request asks for the scores too. */
  boolean scores;

  private RequestRows(int d) {
    this.d = d;
  }

  int size() {
    return values.size();
  }

  /** The rows of a JSON body for a model of dimension d. */
  static RequestRows json(String body, int d) throws Bad {
    Object v;
    try {
      v = JsonText.parse(body);
    } catch (JsonText.Malformed e) {
      throw new Bad(e.getMessage());
    }
    RequestRows r = new RequestRows(d);
    if (v instanceof Map<?, ?> m && m.containsKey("rows")) {
      keys(m, TOP, "the request");
      r.scores = flag(m.get("scores"));
      Object rows = m.get("rows");
      if (rows instanceof List<?> list) {
        for (Object row : list) {
          r.row(row);
        }
      } else if (!(rows instanceof JsonText.Numbers n && n.size() == 0)) {
        throw new Bad("\"rows\" must be an array of rows");
      }
      Object labels = m.get("labels");
      if (labels != null) {
        List<String> names = labelList(labels);
        if (names.size() != r.size()) {
          throw new Bad("\"labels\" has " + names.size() + " labels for " + r.size() + " rows");
        }
        for (int i = 0; i < names.size(); i++) {
          if (r.labels.get(i) != null) {
            throw new Bad("row " + i + " has a label and \"labels\" another");
          }
          r.labels.set(i, names.get(i));
        }
      }
    } else if (v instanceof Map<?, ?> m) {
      r.scores = flag(m.get("scores"));
      r.row(m);
    } else if (v instanceof List<?> list) {
      for (Object row : list) {
        r.row(row);
      }
    } else {
      r.row(v);
    }
    if (r.size() == 0) {
      throw new Bad("the request has no rows");
    }
    return r;
  }

  /** The rows of libsvm lines (a label first, as in files; features from 1) for a model of dimension d. */
  static RequestRows libsvm(byte[] body, int d) throws Bad {
    RequestRows r = new RequestRows(d);
    try (DataFormat.Reader reader = DataFormat.libsvm().open(new ByteArrayInputStream(body), "request")) {
      while (reader.next()) {
        int[] idx = reader.indices();
        if (idx.length > 0 && idx[idx.length - 1] >= d) {
          throw new Bad("request:" + reader.line() + ": feature " + (idx[idx.length - 1] + 1)
              + " is beyond the model's " + d + " features");
        }
        r.indices.add(idx);
        r.values.add(reader.values());
        r.labels.add(reader.label());
      }
    } catch (FormatException e) {
      throw new Bad(e.getMessage().replace('\n', ' '));
    } catch (IOException e) {
      throw new Bad("request: " + e.getMessage());
    }
    if (r.size() == 0) {
      throw new Bad("the request has no rows");
    }
    return r;
  }

  /** Throws {@link Bad} naming the first row without a label. */
  void requireLabels() throws Bad {
    int i = labels.indexOf(null);
    if (i >= 0) {
      throw new Bad("row " + i + " has no label (give \"label\" in each row, or \"labels\" beside \"rows\")");
    }
  }

  /** The labelled rows as a sparse dataset of dimension d (a dense row as its non-zeros). */
  Dataset dataset() {
    Dataset.Builder b = Dataset.builder(d);
    for (int i = 0; i < size(); i++) {
      int[] idx = indices.get(i);
      float[] val = values.get(i);
      if (idx == null) {
        int nnz = 0;
        for (float x : val) {
          nnz += x != 0 ? 1 : 0;
        }
        int[] si = new int[nnz];
        float[] sv = new float[nnz];
        for (int j = 0, p = 0; j < val.length; j++) {
          if (val[j] != 0) {
            si[p] = j;
            sv[p++] = val[j];
          }
        }
        idx = si;
        val = sv;
      }
      b.add(idx, val, labels.get(i));
    }
    return b.build();
  }

  private void row(Object row) throws Bad {
    String where = "row " + size();
    String label = null;
    if (row instanceof JsonText.Numbers n) {
      indices.add(null);
      values.add(dense(n, where));
    } else if (row instanceof Map<?, ?> m) {
      keys(m, ROW, where);
      Object idx = m.get("indices");
      Object val = m.get("values");
      if (idx == null && val == null) {
        throw new Bad(where + ": expected \"indices\" and \"values\" (sparse) or \"values\" (dense)");
      }
      if (idx == null) {
        indices.add(null);
        values.add(dense(numbers(val, where + ": \"values\""), where));
      } else {
        int[] ix = indices(numbers(idx, where + ": \"indices\""), where);
        float[] vx;
        if (val == null) {
          vx = new float[ix.length];
          Arrays.fill(vx, 1f);
        } else {
          vx = floats(numbers(val, where + ": \"values\""), where);
          if (vx.length != ix.length) {
            throw new Bad(where + ": " + ix.length + " indices but " + vx.length + " values");
          }
        }
        indices.add(ix);
        values.add(vx);
      }
      Object l = m.get("label");
      if (l != null) {
        label = label(l, where);
      }
    } else {
      throw new Bad(where + ": expected an array of numbers or an object with \"indices\" and \"values\"");
    }
    labels.add(label);
  }

  private float[] dense(JsonText.Numbers n, String where) throws Bad {
    if (n.size() != d) {
      throw new Bad(where + ": " + n.size() + " values, the model has " + d + " features");
    }
    return floats(n, where);
  }

  private int[] indices(JsonText.Numbers n, String where) throws Bad {
    int[] out = new int[n.size()];
    for (int k = 0; k < out.length; k++) {
      long i;
      try {
        i = Long.parseLong(n.text(k));
      } catch (NumberFormatException e) {
        throw new Bad(where + ": index " + n.text(k) + " is not an integer");
      }
      if (i < 0 || i >= d) {
        throw new Bad(where + ": index " + i + " is not in [0, " + d + "), the model's features (0-based)");
      }
      if (k > 0 && i <= out[k - 1]) {
        throw new Bad(where + ": the indices must increase (" + out[k - 1] + " then " + i + ")");
      }
      out[k] = (int) i;
    }
    return out;
  }

  private static float[] floats(JsonText.Numbers n, String where) throws Bad {
    float[] out = new float[n.size()];
    for (int k = 0; k < out.length; k++) {
      out[k] = Float.parseFloat(n.text(k));
      if (!Float.isFinite(out[k])) {
        throw new Bad(where + ": value " + n.text(k) + " is not a finite float");
      }
    }
    return out;
  }

  private static JsonText.Numbers numbers(Object v, String what) throws Bad {
    if (v instanceof JsonText.Numbers n) {
      return n;
    }
    throw new Bad(what + " must be an array of numbers");
  }

  private static String label(Object v, String where) throws Bad {
    if (v instanceof JsonText.Num n) {
      return n.text();
    }
    if (v instanceof String s) {
      return s;
    }
    throw new Bad(where + ": a label is a number or a string");
  }

  private static List<String> labelList(Object v) throws Bad {
    List<String> out = new ArrayList<>();
    if (v instanceof JsonText.Numbers n) {
      for (int k = 0; k < n.size(); k++) {
        out.add(n.text(k));
      }
    } else if (v instanceof List<?> list) {
      for (Object o : list) {
        out.add(label(o, "\"labels\"[" + out.size() + "]"));
      }
    } else {
      throw new Bad("\"labels\" must be an array of labels");
    }
    return out;
  }

  private static boolean flag(Object v) throws Bad {
    if (v == null || v instanceof Boolean) {
      return v == Boolean.TRUE;
    }
    throw new Bad("\"scores\" must be true or false");
  }

  private static void keys(Map<?, ?> m, Set<String> allowed, String where) throws Bad {
    for (Object k : m.keySet()) {
      if (!allowed.contains(k)) {
        throw new Bad(where + ": unknown key \"" + k + "\" (expected " + String.join(", ", allowed.stream().sorted()
            .toList()) + ")");
      }
    }
  }
}
