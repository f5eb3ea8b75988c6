package io.github.simdperceptron.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.simdperceptron.io.internal.FormatException;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MainTest {

  @Test
  void exitCodesSeparateBadInputFromFailedWork() {
    assertEquals(2, Main.exitCode(new UsageException("x")));
    assertEquals(2, Main.exitCode(FormatException.atLine("f", 1, 1, "t", "bad")));
    assertEquals(2, Main.exitCode(new NoSuchFileException("f")));
    assertEquals(2, Main.exitCode(new IllegalArgumentException("x")));
    assertEquals(1, Main.exitCode(new WorkFailure("disagree")));
    assertEquals(1, Main.exitCode(new IOException("disk full")));
    assertEquals(1, Main.exitCode(new OutOfMemoryError("Java heap space")));
  }

  @Test
  void messagesAreOneLine() {
    assertEquals("disagree", Main.message(new WorkFailure("disagree")));
    assertEquals("f: no such file or directory", Main.message(new NoSuchFileException("f")));
    assertEquals("I/O error: disk full now", Main.message(new IOException("disk full\nnow")));
    assertEquals("a binary learner needs at most 2 classes",
        Main.message(new IllegalArgumentException("a binary learner needs at most 2 classes")));
  }

  @Test
  void jsonEscapesAndOrders() {
    String s = new Json().put("a", "q\"\\\n\u0001").put("n", 1.5).put("i", 3L).put("nan", Double.NaN)
        .put("l", List.of(1, "x")).put("m", Map.of("k", true)).put("arr", new int[] {1, 2}).put("z", null)
        .toString();
    assertEquals("{\"a\":\"q\\\"\\\\\\n\\u0001\",\"n\":1.5,\"i\":3,\"nan\":null,\"l\":[1,\"x\"],\"m\":{\"k\":true},"
        + "\"arr\":[1,2],\"z\":null}", s);
  }
}
