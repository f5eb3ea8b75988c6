package io.github.simdperceptron.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.FitResult;
import io.github.simdperceptron.learn.Learner;
import io.github.simdperceptron.learn.Model;
import io.github.simdperceptron.learn.TrainingOptions;
import io.github.simdperceptron.learn.calibration.Calibration;
import io.github.simdperceptron.learn.calibration.Calibrator;
import io.github.simdperceptron.learn.kernel.KernelLearner;
import io.github.simdperceptron.learn.kernel.KernelModel;
import io.github.simdperceptron.io.internal.FormatException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CalibratedModelFileTest {
  private static final TrainingOptions OPTIONS = TrainingOptions.builder().maxEpochs(4).seed(1).build();

  @TempDir
  Path dir;

  @Test
  void everyKindRoundTripsWithItsCalibrationInVersionFour() throws IOException {
    Dataset multi = ModelFileTest.MULTI;
    Dataset binary = ModelFileTest.DATA;
    check(Learner.fit(Algorithm.AVERAGED, binary, OPTIONS), binary, Calibration.Method.PLATT);
    check(Learner.fit(Algorithm.VOTED, binary, OPTIONS), binary, Calibration.Method.PLATT);
    check(Learner.fitMulticlass(Algorithm.AVERAGED, multi, OPTIONS), multi, Calibration.Method.TEMPERATURE);
    check(Learner.fitOneVsRest(Algorithm.POCKET, multi, OPTIONS), multi, Calibration.Method.OVR_PLATT);
    check(KernelLearner.fit(Algorithm.AVERAGED, KernelModel.Function.rbf(0.3), 0, multi, OPTIONS), multi,
        Calibration.Method.OVR_PLATT);
    check(KernelLearner.fit(Algorithm.PERCEPTRON, KernelModel.Function.poly(0.5, 2, 1), 0, binary, OPTIONS), binary,
        Calibration.Method.PLATT);
  }

  private void check(FitResult<? extends Model> fit, Dataset data, Calibration.Method method) throws IOException {
    Calibration c = Calibrator.fit(fit.model(), data, method);
    Path plain = dir.resolve("plain.model");
    Path calibrated = dir.resolve("calibrated.model");
    ModelFile.write(plain, fit);
    ModelFile saved = ModelFile.of(fit.model(), fit.report().algorithm(), fit.options()).withCalibration(c);
    ModelFile.write(calibrated, saved);
    byte[] bytes = Files.readAllBytes(calibrated);
    assertEquals(ModelFile.VERSION, ((bytes[8] & 0xff) << 8) | (bytes[9] & 0xff));
    // The section adds its flags byte, its length (4), method (1), classes (4), count (4) and 8 per parameter.
    assertEquals(Files.size(plain) + 1 + 4 + 1 + 4 + 4 + 8L * c.parameters().length, bytes.length);
    ModelFile read = ModelFile.read(calibrated);
    assertEquals(c, read.calibration());
    assertNull(ModelFile.read(plain).calibration());
    double[][] before = saved.calibrated().probabilities(data);
    double[][] after = read.calibrated().probabilities(data);
    for (int i = 0; i < before.length; i++) {
      assertArrayEquals(before[i], after[i], 0, method + " row " + i);
    }
  }

  @Test
  void aCalibrationThatDoesNotFitTheModelIsRefused() {
    Model m = Learner.fitMulticlass(Algorithm.AVERAGED, ModelFileTest.MULTI, OPTIONS).model();
    Calibration platt = Calibration.of(Calibration.Method.PLATT, 2, new double[] {1, 0});
    assertThrows(IllegalArgumentException.class,
        () -> ModelFile.of(m, "MULTICLASS(AVERAGED)", OPTIONS).withCalibration(platt));
    assertThrows(IllegalStateException.class, () -> ModelFile.of(m, "MULTICLASS(AVERAGED)", OPTIONS).calibrated());
  }

  @Test
  void aCraftedSectionWithAValidChecksumIsRefused() throws IOException {
    FitResult<? extends Model> fit = Learner.fit(Algorithm.AVERAGED, ModelFileTest.DATA, OPTIONS);
    Calibration c = Calibration.of(Calibration.Method.PLATT, 2, new double[] {1.5, -0.25});
    Path file = dir.resolve("m.model");
    ModelFile.write(file, ModelFile.of(fit.model(), fit.report().algorithm(), fit.options()).withCalibration(c));
    byte[] good = Files.readAllBytes(file);
    // The section's parameters are the 16 bytes before the weight rows; a = 1.5 is the first of them.
    int a = indexOf(good, ByteBuffer.allocate(8).putDouble(1.5).array());
    int section = a - 4 - 4 - 1 - 4;
    assertEquals(1, good[section + 4], "the method byte");

    byte[] method = good.clone();
    method[section + 4] = 9;
    assertRefused(method, "calibration: method 9");

    byte[] nan = good.clone();
    ByteBuffer.wrap(nan).putDouble(a, Double.NaN);
    assertRefused(nan, "expected a finite value");

    byte[] flags = good.clone();
    flags[section - 1] = 8;
    assertRefused(flags, "section flags 8");
  }

  private void assertRefused(byte[] bytes, String message) {
    CRC32 crc = new CRC32();
    crc.update(bytes, 0, bytes.length - 4);
    ByteBuffer.wrap(bytes).putInt(bytes.length - 4, (int) crc.getValue());
    FormatException e = assertThrows(FormatException.class, () -> ModelFile.read(bytes, "crafted"));
    assertTrue(e.getMessage().contains(message), e.getMessage());
  }

  private static int indexOf(byte[] haystack, byte[] needle) {
    for (int i = 0; i + needle.length <= haystack.length; i++) {
      boolean match = true;
      for (int j = 0; j < needle.length && match; j++) {
        match = haystack[i + j] == needle[j];
      }
      if (match) {
        return i;
      }
    }
    throw new AssertionError("not found");
  }
}
