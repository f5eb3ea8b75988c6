package io.github.simdperceptron.cli;

import static io.github.simdperceptron.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.simdperceptron.cli.CliTest.Result;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tagger's warm-up: its kernel calls all run, it can be switched off, and it changes no tag. */
class TagWarmupTest {
  @TempDir
  Path dir;

  @Test
  void runsAllItsCallsUnlessStopped() throws InterruptedException {
    TagWarmup w = TagWarmup.start();
    if (Runtime.getRuntime().availableProcessors() < 2) {
      assertNull(w, "one processor: no warm-up beside the reading");
      return;
    }
    assertNotNull(w, "two processors warm up");
    long deadline = System.nanoTime() + 120_000_000_000L;
    while (w.running() && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertFalse(w.running(), "the warm-up ends by itself");
    // A call that threw would end the warm-up early: the generated arrays must suit the kernels.
    assertEquals(TagWarmup.CALLS, w.callsDone());
  }

  @Test
  void theSwitchStartsNoneAndTheTagsAreTheSameEitherWay() throws IOException {
    String model = dir.resolve("tagger.bin").toString();
    assertEquals(0, run("tag", "train", "--data", TagCliTest.TRAIN, "--model", model, "--epochs", "2").code());
    Path text = dir.resolve("text.txt");
    Files.writeString(text, "The jury said it did not find any evidence .\nA cat sat on the mat .\n");
    Result warm = run("tag", "predict", "--model", model, "--data", text.toString());
    String before = System.getProperty("perceptron.warmup");
    System.setProperty("perceptron.warmup", "false");
    try {
      assertNull(TagWarmup.start());
      Result cold = run("tag", "predict", "--model", model, "--data", text.toString());
      assertEquals(0, cold.code(), cold.err());
      assertEquals(0, warm.code(), warm.err());
      assertEquals(cold.out(), warm.out());
      assertEquals(2, warm.out().lines().count(), warm.out());
    } finally {
      if (before == null) {
        System.clearProperty("perceptron.warmup");
      } else {
        System.setProperty("perceptron.warmup", before);
      }
    }
  }
}
