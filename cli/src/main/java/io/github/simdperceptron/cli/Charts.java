package io.github.simdperceptron.cli;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.RenderingHints;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.annotations.AbstractXYAnnotation;
import org.jfree.chart.annotations.XYLineAnnotation;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.PlotRenderingInfo;
import org.jfree.chart.plot.XYPlot;
import io.github.simdperceptron.learn.calibration.CalibrationMetrics;
import org.jfree.chart.labels.StandardXYItemLabelGenerator;
import org.jfree.chart.renderer.xy.StandardXYBarPainter;
import org.jfree.chart.renderer.xy.XYBarRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.svg.SVGGraphics2D;

/**
 * The pictures of {@code perceptron plot}, drawn with JFreeChart and written as PNG (ImageIO) or SVG
 * (JFreeSVG): the decision regions of any model on a grid, the learning curves, and the reliability
 * diagram of a calibrated model.
 */
final class Charts {
  private Charts() {}

  /** Point colours by class index (a colour-blind-safe order: blue, red, green, ...), cycling. */
  private static final Color[] POINT = {new Color(31, 119, 180), new Color(214, 39, 40), new Color(44, 160, 44),
      new Color(148, 103, 189), new Color(255, 127, 14), new Color(140, 86, 75), new Color(227, 119, 194),
      new Color(23, 190, 207)};

  /** The region of a point the model has no class for (a one-class model's other side). */
  static final Color NO_CLASS = new Color(235, 235, 235);

  /** Grid cells where the predicted class changes: the boundary of any model. */
  static final Color BOUNDARY = new Color(60, 60, 60);

  static Color pointColor(int c) {
    return POINT[Math.floorMod(c, POINT.length)];
  }

  /** The region colour of class c: its point colour at a quarter strength over white. */
  static Color regionColor(int c) {
    if (c < 0) {
      return NO_CLASS;
    }
    Color p = pointColor(c);
    return new Color(tint(p.getRed()), tint(p.getGreen()), tint(p.getBlue()));
  }

  private static int tint(int v) {
    return 255 - (255 - v) / 4;
  }

  /**
   * The decision-region picture.
   *
   * @param classes the predicted class index of every grid cell, [row from the top][column from the left]
   * @param view {xMin, xMax, yMin, yMax} of the grid and the axes
   * @param points per class (index into {@code names}): {x, y} pairs
   * @param mistakes {x, y} of the examples the model gets wrong
   * @param lines segments {x1, y1, x2, y2, kind}: kind 0 the boundary, 1 a margin line
   */
  static JFreeChart regions(String title, String xLabel, String yLabel, int[][] classes, double[] view,
      List<String> names, List<double[][]> points, double[][] mistakes, List<double[]> lines) {
    int rows = classes.length;
    int cols = classes[0].length;
    BufferedImage img = new BufferedImage(cols, rows, BufferedImage.TYPE_INT_RGB);
    for (int r = 0; r < rows; r++) {
      for (int c = 0; c < cols; c++) {
        int k = classes[r][c];
        boolean edge = c + 1 < cols && classes[r][c + 1] != k || r + 1 < rows && classes[r + 1][c] != k;
        img.setRGB(c, r, (edge ? BOUNDARY : regionColor(k)).getRGB());
      }
    }
    XYSeriesCollection series = new XYSeriesCollection();
    XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(false, true);
    double size = points.stream().mapToInt(p -> p.length).sum() > 2000 ? 4 : 7;
    for (int k = 0; k < points.size(); k++) {
      XYSeries s = new XYSeries(names.get(k), false, true);
      for (double[] p : points.get(k)) {
        s.add(p[0], p[1], false);
      }
      series.addSeries(s);
      renderer.setSeriesPaint(k, pointColor(k));
      renderer.setSeriesShape(k, new Ellipse2D.Double(-size / 2, -size / 2, size, size));
    }
    if (mistakes.length > 0) {
      XYSeries s = new XYSeries("mistakes (" + mistakes.length + ")", false, true);
      for (double[] p : mistakes) {
        s.add(p[0], p[1], false);
      }
      int k = points.size();
      series.addSeries(s);
      double ring = size + 6;
      renderer.setSeriesPaint(k, Color.BLACK);
      renderer.setSeriesShape(k, new Ellipse2D.Double(-ring / 2, -ring / 2, ring, ring));
      renderer.setSeriesShapesFilled(k, false);
      renderer.setSeriesStroke(k, new BasicStroke(1.5f));
    }
    NumberAxis x = axis(xLabel, view[0], view[1]);
    NumberAxis y = axis(yLabel, view[2], view[3]);
    XYPlot plot = new XYPlot(series, x, y, renderer);
    plot.setDomainGridlinesVisible(false);
    plot.setRangeGridlinesVisible(false);
    renderer.addAnnotation(new ImageAnnotation(img, view), Layer.BACKGROUND);
    for (double[] l : lines) {
      boolean boundary = l[4] == 0;
      renderer.addAnnotation(new XYLineAnnotation(l[0], l[1], l[2], l[3], boundary ? new BasicStroke(2f)
          : new BasicStroke(1.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f),
          boundary ? Color.BLACK : new Color(80, 80, 80)), Layer.BACKGROUND);
    }
    return chart(title, plot);
  }

  /**
   * The learning curves: mistakes per epoch, their running total and the bound on it (top);
   * training and test accuracy per epoch (bottom).
   */
  static JFreeChart curves(String title, int[] mistakesPerEpoch, double[] bound, String boundLabel,
      double[] trainAccuracy, double[] testAccuracy) {
    XYSeriesCollection counts = new XYSeriesCollection();
    XYSeries perEpoch = new XYSeries("mistakes in the epoch", false, true);
    XYSeries total = new XYSeries("running total", false, true);
    XYSeries limit = new XYSeries(boundLabel == null ? "no bound" : boundLabel, false, true);
    long sum = 0;
    for (int e = 0; e < mistakesPerEpoch.length; e++) {
      sum += mistakesPerEpoch[e];
      perEpoch.add(e + 1, mistakesPerEpoch[e], false);
      total.add(e + 1, sum, false);
      if (bound != null && Double.isFinite(bound[e])) {
        limit.add(e + 1, bound[e], false);
      }
    }
    counts.addSeries(perEpoch);
    counts.addSeries(total);
    XYLineAndShapeRenderer top = new XYLineAndShapeRenderer(true, true);
    top.setSeriesPaint(0, pointColor(0));
    top.setSeriesPaint(1, pointColor(1));
    if (boundLabel != null) {
      counts.addSeries(limit);
      top.setSeriesPaint(2, Color.BLACK);
      top.setSeriesStroke(2, new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
          new float[] {6f, 4f}, 0f));
      top.setSeriesShapesVisible(2, false);
    }
    NumberAxis countAxis = new NumberAxis("mistakes");
    XYPlot upper = new XYPlot(counts, null, countAxis, top);
    XYSeriesCollection acc = new XYSeriesCollection();
    XYSeries train = new XYSeries("training accuracy", false, true);
    XYSeries test = new XYSeries("test accuracy", false, true);
    for (int e = 0; e < trainAccuracy.length; e++) {
      train.add(e + 1, trainAccuracy[e], false);
      if (testAccuracy != null) {
        test.add(e + 1, testAccuracy[e], false);
      }
    }
    acc.addSeries(train);
    XYLineAndShapeRenderer bottom = new XYLineAndShapeRenderer(true, true);
    bottom.setSeriesPaint(0, pointColor(2));
    if (testAccuracy != null) {
      acc.addSeries(test);
      bottom.setSeriesPaint(1, pointColor(3));
    }
    NumberAxis accAxis = new NumberAxis("accuracy");
    accAxis.setAutoRangeIncludesZero(false);
    XYPlot lower = new XYPlot(acc, null, accAxis, bottom);
    NumberAxis epochs = new NumberAxis("epoch");
    epochs.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
    epochs.setAutoRangeIncludesZero(false);
    CombinedDomainXYPlot plot = new CombinedDomainXYPlot(epochs);
    plot.setGap(12);
    plot.add(upper, 3);
    plot.add(lower, 2);
    return chart(title, plot);
  }

  /**
   * The reliability diagram: per bin of the top probability, the fraction of its examples whose top
   * class is right against their mean top probability, beside the diagonal of perfect calibration
   * (top); the examples per bin (bottom).
   */
  static JFreeChart reliability(String title, CalibrationMetrics.Bin[] bins) {
    XYSeriesCollection points = new XYSeriesCollection();
    XYSeries observed = new XYSeries("observed frequency of the top class", false, true);
    XYSeries diagonal = new XYSeries("perfect calibration", false, true);
    diagonal.add(0, 0, false);
    diagonal.add(1, 1, false);
    XYSeries counts = new XYSeries("examples per bin", false, true);
    for (CalibrationMetrics.Bin b : bins) {
      if (b.count() > 0) {
        observed.add(b.confidence(), b.accuracy(), false);
      }
      counts.add((b.from() + b.to()) / 2, b.count(), false);
    }
    points.addSeries(observed);
    points.addSeries(diagonal);
    XYLineAndShapeRenderer top = new XYLineAndShapeRenderer(true, true);
    top.setSeriesPaint(0, pointColor(0));
    top.setSeriesPaint(1, Color.BLACK);
    top.setSeriesStroke(1, new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
        new float[] {6f, 4f}, 0f));
    top.setSeriesShapesVisible(1, false);
    XYPlot upper = new XYPlot(points, null, axis("observed frequency", 0, 1), top);
    XYBarRenderer bars = new XYBarRenderer(0.1);
    bars.setSeriesPaint(0, pointColor(2));
    bars.setShadowVisible(false);
    bars.setBarPainter(new StandardXYBarPainter());
    bars.setDefaultItemLabelGenerator(new StandardXYItemLabelGenerator("{2}", java.text.NumberFormat.getIntegerInstance(
        Locale.ROOT), java.text.NumberFormat.getIntegerInstance(Locale.ROOT)));
    bars.setDefaultItemLabelsVisible(true);
    NumberAxis countAxis = new NumberAxis("examples");
    countAxis.setUpperMargin(0.15);
    XYSeriesCollection perBin = new XYSeriesCollection(counts);
    perBin.setIntervalWidth(1.0 / bins.length);
    XYPlot lower = new XYPlot(perBin, null, countAxis, bars);
    CombinedDomainXYPlot plot = new CombinedDomainXYPlot(axis("predicted probability of the top class", 0, 1));
    plot.setGap(12);
    plot.add(upper, 3);
    plot.add(lower, 1);
    return chart(title, plot);
  }

  private static NumberAxis axis(String label, double lo, double hi) {
    NumberAxis a = new NumberAxis(label);
    a.setAutoRangeIncludesZero(false);
    a.setRange(lo, hi);
    return a;
  }

  private static JFreeChart chart(String title, org.jfree.chart.plot.Plot plot) {
    JFreeChart chart = new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, 15), plot, true);
    chart.setBackgroundPaint(Color.WHITE);
    LegendTitle legend = chart.getLegend();
    legend.setPosition(RectangleEdge.BOTTOM);
    return chart;
  }

  /** Writes the chart as PNG or SVG, by the file's extension (checked before by {@link #format}). */
  static void write(JFreeChart chart, Path file, int width, int height) throws IOException {
    if (format(file).equals("svg")) {
      SVGGraphics2D g = new SVGGraphics2D(width, height);
      chart.draw(g, new Rectangle(0, 0, width, height));
      Files.writeString(file, g.getSVGDocument(), StandardCharsets.UTF_8);
      return;
    }
    BufferedImage img = chart.createBufferedImage(width, height);
    try (OutputStream out = Files.newOutputStream(file)) {
      if (!ImageIO.write(img, "png", out)) {
        throw new IOException("no PNG writer in this Java runtime");
      }
    }
  }

  /** "png" or "svg" from the output file's extension; bad usage otherwise. */
  static String format(Path file) {
    String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
    if (name.endsWith(".png")) {
      return "png";
    }
    if (name.endsWith(".svg")) {
      return "svg";
    }
    throw new UsageException("--output " + file + ": the name must end in .png or .svg (the picture's format)");
  }

  /** An image stretched over a rectangle of data coordinates, drawn pixel for pixel (no smoothing). */
  private static final class ImageAnnotation extends AbstractXYAnnotation {
    private static final long serialVersionUID = 1L;
    private final transient BufferedImage image;
    private final double[] view;

    ImageAnnotation(BufferedImage image, double[] view) {
      this.image = image;
      this.view = view.clone();
    }

    @Override
    public void draw(Graphics2D g2, XYPlot plot, Rectangle2D dataArea, ValueAxis domainAxis, ValueAxis rangeAxis,
        int rendererIndex, PlotRenderingInfo info) {
      RectangleEdge xEdge = plot.getDomainAxisEdge();
      RectangleEdge yEdge = plot.getRangeAxisEdge();
      double x0 = domainAxis.valueToJava2D(view[0], dataArea, xEdge);
      double x1 = domainAxis.valueToJava2D(view[1], dataArea, xEdge);
      double y0 = rangeAxis.valueToJava2D(view[3], dataArea, yEdge);
      double y1 = rangeAxis.valueToJava2D(view[2], dataArea, yEdge);
      Object hint = g2.getRenderingHint(RenderingHints.KEY_INTERPOLATION);
      g2.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_NEAREST_NEIGHBOR);
      g2.drawImage(image, (int) Math.round(Math.min(x0, x1)), (int) Math.round(Math.min(y0, y1)),
          (int) Math.round(Math.abs(x1 - x0)), (int) Math.round(Math.abs(y1 - y0)), null);
      if (hint != null) {
        g2.setRenderingHint(RenderingHints.KEY_INTERPOLATION, hint);
      }
    }

    @Override
    public boolean equals(Object o) {
      return o == this;
    }

    @Override
    public int hashCode() {
      return System.identityHashCode(this);
    }
  }
}
