package io.github.simdperceptron.bench;

import io.github.simdperceptron.bench.ReportGenerator.Result;
import io.github.simdperceptron.bench.ReportGenerator.Training;
import io.github.simdperceptron.bench.ReportGenerator.Roofline;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** The plots of {@link ReportGenerator}'s report, drawn with XChart. */
final class ReportPlots {
  private ReportPlots() {}

  static XYChart logLog(String title, String x, String y) {
    XYChart c = new XYChartBuilder().width(960).height(500).title(title).xAxisTitle(x).yAxisTitle(y).build();
    c.getStyler().setXAxisLogarithmic(true);
    c.getStyler().setYAxisLogarithmic(true);
    c.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.OutsideE);
    return c;
  }

  static void add(XYChart c, String name, List<double[]> points) {
    points.sort(Comparator.comparingDouble(p -> p[0]));
    XYSeries s = c.addSeries(name, points.stream().mapToDouble(p -> p[0]).toArray(),
        points.stream().mapToDouble(p -> p[1]).toArray());
    s.setMarker(SeriesMarkers.CIRCLE);
  }

  static void save(XYChart c, Path png) throws IOException {
    String base = png.toString().replaceAll("\\.png$", "");
    BitmapEncoder.saveBitmap(c, base, BitmapEncoder.BitmapFormat.PNG);
  }

  static void dot(List<Result> dots, Path png) throws IOException {
    XYChart c = logLog("Dense dot: ns per element vs d", "d (floats per vector)", "ns per element");
    Map<String, List<double[]>> series = new LinkedHashMap<>();
    for (Result r : dots) {
      int n = r.intParam("size");
      series.computeIfAbsent(r.method(), k -> new ArrayList<>()).add(new double[] {n, r.ns() / n});
    }
    series.forEach((k, v) -> add(c, k, v));
    save(c, png);
  }

  static void training(List<Training> ts, String layout, Path png) throws IOException {
    boolean dense = layout.equals("dense");
    XYChart c = logLog("Training (" + layout + "): ns per non-zero visited vs " + (dense ? "d" : "non-zeros per row"),
        dense ? "d" : "non-zeros per row", "ns per non-zero");
    Map<String, List<double[]>> series = new TreeMap<>();
    for (Training t : ts) {
      String key = t.r().method() + " " + t.r().param("algorithm").toLowerCase(Locale.ROOT)
          + (dense ? "" : String.format(Locale.ROOT, " d=%.0e", (double) t.d()));
      series.computeIfAbsent(key, k -> new ArrayList<>()).add(new double[] {dense ? t.d() : t.nnz(), t.nsPerNonZero()});
    }
    series.forEach((k, v) -> add(c, k, v));
    save(c, png);
  }

  static void roofline(List<Result> dots, List<Training> ts, Roofline roof, Path png) throws IOException {
    XYChart c = new XYChartBuilder().width(960).height(500)
        .title(String.format(Locale.ROOT, "Fraction of the roofline bound (BW %.1f GB/s, F %.1f GFLOP/s)",
            roof.bytesPerNs(), roof.flopsPerNs()))
        .xAxisTitle("working set (bytes)").yAxisTitle("bound time / measured time").build();
    c.getStyler().setXAxisLogarithmic(true);
    c.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.OutsideE);
    Map<String, List<double[]>> series = new TreeMap<>();
    for (Result r : dots) {
      double n = r.intParam("size");
      series.computeIfAbsent("dot " + r.method(), k -> new ArrayList<>())
          .add(new double[] {8 * n, roof.boundNs(2 * n, 8 * n, 8 * n) / r.ns()});
    }
    for (Training t : ts) {
      series.computeIfAbsent("train " + t.layout() + " " + t.r().method(), k -> new ArrayList<>())
          .add(new double[] {t.workingSet(), roof.boundNs(t.flops(), t.bytes(), t.workingSet()) / t.r().ns()});
    }
    series.forEach((k, v) -> {
      add(c, k, v);
      c.getSeriesMap().get(k).setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
    });
    save(c, png);
  }
}
