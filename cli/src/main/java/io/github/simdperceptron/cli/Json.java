package io.github.simdperceptron.cli;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A JSON object built in insertion order and printed on one line. Values: null, Boolean, Number
 * (a non-finite double prints as null), String, Json, Map, List, int[], long[], double[].
 */
final class Json {
  private final Map<String, Object> fields = new LinkedHashMap<>();

  Json put(String key, Object value) {
    fields.put(key, value);
    return this;
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder();
    write(sb, fields);
    return sb.toString();
  }

  private static void write(StringBuilder sb, Object v) {
    if (v == null) {
      sb.append("null");
    } else if (v instanceof Json) {
      write(sb, ((Json) v).fields);
    } else if (v instanceof Boolean || v instanceof Integer || v instanceof Long) {
      sb.append(v);
    } else if (v instanceof Number) {
      double d = ((Number) v).doubleValue();
      if (!Double.isFinite(d)) {
        sb.append("null");
      } else if (d == Math.rint(d) && Math.abs(d) < 1e15) {
        sb.append((long) d);
      } else {
        sb.append(d);
      }
    } else if (v instanceof String) {
      string(sb, (String) v);
    } else if (v instanceof Map) {
      sb.append('{');
      Iterator<? extends Map.Entry<?, ?>> it = ((Map<?, ?>) v).entrySet().iterator();
      while (it.hasNext()) {
        Map.Entry<?, ?> e = it.next();
        string(sb, String.valueOf(e.getKey()));
        sb.append(':');
        write(sb, e.getValue());
        if (it.hasNext()) {
          sb.append(',');
        }
      }
      sb.append('}');
    } else if (v instanceof List) {
      sb.append('[');
      List<?> l = (List<?>) v;
      for (int i = 0; i < l.size(); i++) {
        if (i > 0) {
          sb.append(',');
        }
        write(sb, l.get(i));
      }
      sb.append(']');
    } else if (v instanceof int[]) {
      write(sb, java.util.Arrays.stream((int[]) v).boxed().toList());
    } else if (v instanceof long[]) {
      write(sb, java.util.Arrays.stream((long[]) v).boxed().toList());
    } else if (v instanceof double[]) {
      write(sb, java.util.Arrays.stream((double[]) v).boxed().toList());
    } else {
      throw new IllegalArgumentException("no JSON form for " + v.getClass().getName());
    }
  }

  private static void string(StringBuilder sb, String s) {
    sb.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"':
          sb.append("\\\"");
          break;
        case '\\':
          sb.append("\\\\");
          break;
        case '\n':
          sb.append("\\n");
          break;
        case '\r':
          sb.append("\\r");
          break;
        case '\t':
          sb.append("\\t");
          break;
        default:
          if (c < 0x20) {
            sb.append(String.format("\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
      }
    }
    sb.append('"');
  }
}
