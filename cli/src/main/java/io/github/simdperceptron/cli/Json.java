package io.github.simdperceptron.cli;

import com.google.gson.stream.JsonWriter;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A JSON object built in insertion order and printed on one line by Gson's {@link JsonWriter}.
 * Values: null, Boolean, Number (a non-finite number prints as null, an integral double as an
 * integer, a float as its shortest decimal), String, Json, Map, List, int[], long[], double[].
 */
final class Json {
  private final Map<String, Object> fields = new LinkedHashMap<>();

  Json put(String key, Object value) {
    fields.put(key, value);
    return this;
  }

  @Override
  public String toString() {
    StringWriter text = new StringWriter();
    try (JsonWriter w = new JsonWriter(text)) {
      w.setHtmlSafe(false);
      write(w, fields);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return text.toString();
  }

  /** s as a JSON string, quotes included, as {@link #toString()} prints it. */
  static String quoted(String s) {
    StringWriter text = new StringWriter();
    try (JsonWriter w = new JsonWriter(text)) {
      w.setHtmlSafe(false);
      w.value(s);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return text.toString();
  }

  private static void write(JsonWriter w, Object v) throws IOException {
    if (v == null) {
      w.nullValue();
    } else if (v instanceof Json) {
      write(w, ((Json) v).fields);
    } else if (v instanceof Boolean) {
      w.value((Boolean) v);
    } else if (v instanceof Integer || v instanceof Long) {
      w.value(((Number) v).longValue());
    } else if (v instanceof Float) {
      float f = (Float) v;
      if (Float.isFinite(f)) {
        w.value(f);
      } else {
        w.nullValue();
      }
    } else if (v instanceof Number) {
      double d = ((Number) v).doubleValue();
      if (!Double.isFinite(d)) {
        w.nullValue();
      } else if (d == Math.rint(d) && Math.abs(d) < 1e15) {
        w.value((long) d);
      } else {
        w.value(d);
      }
    } else if (v instanceof String) {
      w.value((String) v);
    } else if (v instanceof Map) {
      w.beginObject();
      for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
        w.name(String.valueOf(e.getKey()));
        write(w, e.getValue());
      }
      w.endObject();
    } else if (v instanceof List) {
      w.beginArray();
      for (Object o : (List<?>) v) {
        write(w, o);
      }
      w.endArray();
    } else if (v instanceof int[]) {
      write(w, java.util.Arrays.stream((int[]) v).boxed().toList());
    } else if (v instanceof long[]) {
      write(w, java.util.Arrays.stream((long[]) v).boxed().toList());
    } else if (v instanceof double[]) {
      write(w, java.util.Arrays.stream((double[]) v).boxed().toList());
    } else {
      throw new IllegalArgumentException("no JSON form for " + v.getClass().getName());
    }
  }
}
