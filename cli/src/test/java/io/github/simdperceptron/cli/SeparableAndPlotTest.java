package io.github.simdperceptron.cli;

import static io.github.simdperceptron.cli.CliTest.assertOneLineError;
import static io.github.simdperceptron.cli.CliTest.number;
import static io.github.simdperceptron.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.cli.CliTest.Result;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.io.ModelFile;
import io.github.simdperceptron.learn.LinearModel;
import io.github.simdperceptron.learn.MulticlassModel;
import io.github.simdperceptron.learn.TrainingOptions;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code perceptron separable} and {@code perceptron plot}: verdicts, certificates and pictures read back. */
class SeparableAndPlotTest {
  static final Path PICTURES = Path.of("..", "docs", "pictures", "data");

  @TempDir
  Path dir;

  private Path file(String name, String text) throws IOException {
    Path p = dir.resolve(name);
    Files.writeString(p, text, StandardCharsets.UTF_8);
    return p;
  }

  @Test
  void xorIsNotSeparableAndTheCertificateNamesItsFourLines() throws IOException {
    // A comment and a blank line first: the rows are the lines of the file, not the example numbers.
    Path xor = file("xor.svm", "# XOR\n\n-1 1:0 2:0\n-1 1:1 2:1\n+1 1:0 2:1\n+1 1:1 2:0\n");
    Result r = run("separable", "--data", xor.toString(), "--json");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("\"separable\":false"), r.out());
    assertTrue(r.out().contains("\"certificate\":[{\"row\":3,\"weight\":1,\"class\":\"-1\"},{\"row\":4,\"weight\":1,"
        + "\"class\":\"-1\"},{\"row\":5,\"weight\":1,\"class\":\"1\"},{\"row\":6,\"weight\":1,\"class\":\"1\"}]"),
        r.out());
    assertTrue(r.out().contains("\"margin\":null") && r.out().contains("\"weights\":null"), r.out());
    Result text = run("separable", "--data", xor.toString());
    assertTrue(text.out().contains("verdict      not separable"), text.out());
    assertTrue(text.out().contains("certificate  4 examples"), text.out());
  }

  @Test
  void aSeparableFileGetsItsMarginWeightsAndBias() throws IOException {
    // (0, 0) -> -1, (2, 0) -> +1: gamma* = 1/sqrt(2) with w = (1, 0), b = -1.
    Path two = file("two.csv", "-1,0,0\n1,2,0\n");
    Result r = run("separable", "--data", two.toString(), "--json");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("\"separable\":true") && r.out().contains("\"exact\":true"), r.out());
    assertEquals(1 / Math.sqrt(2), number(r.out(), "margin"), 1e-6);
    assertEquals(-1, number(r.out(), "bias"), 1e-6);
    Matcher w = Pattern.compile("\"weights\":\\[([^\\]]*)\\]").matcher(r.out());
    assertTrue(w.find(), r.out());
    String[] ws = w.group(1).split(",");
    assertEquals(1, Double.parseDouble(ws[0]), 1e-6);
    assertEquals(0, Double.parseDouble(ws[1]), 1e-6);
    assertTrue(r.out().contains("\"certificate\":null"), r.out());
    Result text = run("separable", "--data", two.toString());
    assertTrue(text.out().contains("margin       gamma* = 0.707"), text.out());
    assertTrue(text.out().contains("Novikoff     (R / gamma)^2 = "), text.out());
  }

  @Test
  void theDocsDataSetsGetTheirVerdicts() {
    for (String[] c : new String[][] {{"separable", "true"}, {"conjunction", "true"}, {"noisy", "false"},
        {"xor", "false"}}) {
      Result r = run("separable", "--data", PICTURES.resolve(c[0] + ".csv").toString(), "--json");
      assertEquals(0, r.code(), r.err());
      assertTrue(r.out().contains("\"separable\":" + c[1]), c[0] + ": " + r.out());
    }
  }

  @Test
  void aboveTheExactLimitThePlaSpeaks() {
    Result r = run("separable", "--data", PICTURES.resolve("separable.csv").toString(), "--exact-limit", "10",
        "--json");
    assertTrue(r.out().contains("\"separable\":true") && r.out().contains("\"exact\":false"), r.out());
    assertTrue(r.out().contains("above the exact limit of 10 cells: the PLA halted after"), r.out());
    Result u = run("separable", "--data", PICTURES.resolve("xor.csv").toString(), "--exact-limit", "0", "--epochs",
        "20", "--json");
    assertTrue(u.out().contains("\"separable\":null") && u.out().contains("did not halt in 20 epochs"), u.out());
  }

  @Test
  void moreThanTwoClassesIsBadUsage() throws IOException {
    Path three = file("three.csv", "a,0,0\nb,1,1\nc,2,0\n");
    assertOneLineError(run("separable", "--data", three.toString()), 2, "3 classes");
  }

  /** The region colour at pixel (x, y) of the picture. */
  private static int rgb(BufferedImage img, double fx, double fy) {
    return img.getRGB((int) (fx * img.getWidth()), (int) (fy * img.getHeight())) & 0xffffff;
  }

  @Test
  void theRegionsOfALinearModelLieOnTheirSidesOfItsLine() throws IOException {
    // The boundary x1 = 0 (w = (1, 0), b = 0): the left half is class 0 (-1), the right half class 1 (+1).
    Path model = dir.resolve("line.bin");
    ModelFile.write(model, ModelFile.of(new LinearModel(new float[] {1, 0}, 0f, Labels.of(List.of("-1", "1"))),
        "perceptron", TrainingOptions.defaults()));
    // Points in the corners only, away from where the pixels are read.
    Path data = file("corners.csv", "-1,-1,-1\n-1,-1,1\n1,1,-1\n1,1,1\n");
    for (String ext : List.of("png", "svg")) {
      Path out = dir.resolve("regions." + ext);
      Result r = run("plot", "--data", data.toString(), "--model", model.toString(), "--output", out.toString());
      assertEquals(0, r.code(), r.err());
      assertTrue(Files.size(out) > 1000, out + " is " + Files.size(out) + " bytes");
    }
    BufferedImage img = ImageIO.read(dir.resolve("regions.png").toFile());
    assertEquals(800, img.getWidth());
    int left = Charts.regionColor(0).getRGB() & 0xffffff;
    int right = Charts.regionColor(1).getRGB() & 0xffffff;
    for (double fy : new double[] {0.35, 0.45}) {
      assertEquals(left, rgb(img, 0.3, fy), "left of the line");
      assertEquals(right, rgb(img, 0.75, fy), "right of the line");
    }
    String svg = Files.readString(dir.resolve("regions.svg"));
    assertTrue(svg.startsWith("<?xml") && svg.contains("<svg") && svg.contains("<image"), svg.substring(0, 200));
  }

  @Test
  void theRegionsOfAMulticlassModelAreItsArgmax() throws IOException {
    // Three classes: scores x1, -x1 and 0.5 - |.|-free: class 2 wins where both |x1| < 0.5... here its score is
    // the constant 0.5, so class 0 wins right of x1 = 0.5, class 1 left of -0.5, class 2 between.
    Path model = dir.resolve("three.bin");
    MulticlassModel m = new MulticlassModel(new float[][] {{1, 0}, {-1, 0}, {0, 0}}, new float[] {0, 0, 0.5f},
        Labels.of(List.of("a", "b", "c")));
    ModelFile.write(model, ModelFile.of(m, "MULTICLASS(PERCEPTRON)", TrainingOptions.defaults()));
    Path data = file("three.csv", "a,2,2\nb,-2,2\nc,0,-2\n");
    Path out = dir.resolve("three.png");
    Result r = run("plot", "--data", data.toString(), "--model", model.toString(), "--output", out.toString());
    assertEquals(0, r.code(), r.err());
    BufferedImage img = ImageIO.read(out.toFile());
    // The view is [-2.32, 2.32] across about 90% of the width from about 8%.
    assertEquals(Charts.regionColor(1).getRGB() & 0xffffff, rgb(img, 0.2, 0.45));
    assertEquals(Charts.regionColor(2).getRGB() & 0xffffff, rgb(img, 0.53, 0.45));
    assertEquals(Charts.regionColor(0).getRGB() & 0xffffff, rgb(img, 0.85, 0.45));
  }

  @Test
  void moreThanTwoFeaturesNeedsFeaturesIj() throws IOException {
    Path data = file("three-features.csv", "-1,0,0,0\n1,1,1,1\n");
    Path out = dir.resolve("x.png");
    assertOneLineError(run("plot", "--data", data.toString(), "--algorithm", "pla", "--output", out.toString()), 2,
        "3 features", "--features i,j");
    Result r = run("plot", "--data", data.toString(), "--algorithm", "pla", "--features", "1,3", "--output",
        out.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("features 1 and 3 (the others at their mean)"), r.out());
    assertOneLineError(run("plot", "--data", data.toString(), "--algorithm", "pla", "--features", "1,4", "--output",
        out.toString()), 2, "--features 1,4");
    assertOneLineError(run("plot", "--data", data.toString(), "--algorithm", "pla", "--features", "1,2", "--output",
        dir.resolve("x.gif").toString()), 2, ".png or .svg");
  }

  @Test
  void theCurveShowsMistakesBesideTheBound() throws IOException {
    Path out = dir.resolve("curve.png");
    Result r = run("plot", "--data", PICTURES.resolve("separable.csv").toString(), "--algorithm", "perceptron",
        "--curve", "--epochs", "8", "--output", out.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains(": Novikoff (R/gamma*)^2 = "), r.out());
    assertTrue(ImageIO.read(out.toFile()).getWidth() == 800);
    Result noisy = run("plot", "--data", PICTURES.resolve("noisy.csv").toString(), "--algorithm", "perceptron",
        "--curve", "--output", dir.resolve("noisy.svg").toString());
    assertEquals(0, noisy.code(), noisy.err());
    assertTrue(noisy.out().contains(": Freund-Schapire"), noisy.out());
    assertArrayEquals(new byte[] {'<', '?'}, java.util.Arrays.copyOf(Files.readAllBytes(dir.resolve("noisy.svg")), 2));
  }
}
