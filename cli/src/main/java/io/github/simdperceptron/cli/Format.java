package io.github.simdperceptron.cli;

import java.util.Locale;

/** Number formats shared by the tables. */
final class Format {
  private Format() {}

  static String rate(double perSecond) {
    if (!Double.isFinite(perSecond)) {
      return "-";
    }
    if (perSecond >= 1e6) {
      return String.format(Locale.ROOT, "%.1fM", perSecond / 1e6);
    }
    if (perSecond >= 1e3) {
      return String.format(Locale.ROOT, "%.1fk", perSecond / 1e3);
    }
    return String.format(Locale.ROOT, "%.0f", perSecond);
  }

  static String percent(double fraction) {
    return Double.isNaN(fraction) ? "-" : String.format(Locale.ROOT, "%.2f%%", 100 * fraction);
  }

  static String seconds(double s) {
    return s < 1 ? String.format(Locale.ROOT, "%.1f ms", s * 1e3) : String.format(Locale.ROOT, "%.2f s", s);
  }

  static String num(double v) {
    return v == 0 ? "0" : String.format(Locale.ROOT, "%.4g", v);
  }
}
