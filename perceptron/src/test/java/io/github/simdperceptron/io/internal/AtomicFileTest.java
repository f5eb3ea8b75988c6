package io.github.simdperceptron.io.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFileTest {
  @TempDir
  Path dir;

  private static AtomicFile.Content text(String s) {
    return out -> out.write(s.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void aFailedWriteLeavesTheOldFileAndNoTemporary() throws IOException {
    Path f = dir.resolve("f.txt");
    AtomicFile.write(f, text("old"));
    IOException boom = assertThrows(IOException.class, () -> AtomicFile.write(f, out -> {
      out.write('n');
      throw new IOException("No space left on device");
    }));
    assertEquals("No space left on device", boom.getMessage());
    assertEquals("old", Files.readString(f));
    try (var s = Files.list(dir)) {
      assertEquals(1, s.count());
    }
  }

  @Test
  void temporariesOfDeadWritersAreDeletedAndThoseOfLiveOnesKept() throws IOException {
    Path f = dir.resolve("m.bin");
    Path dead = Files.createFile(dir.resolve(".m.bin.2147483647.1f.tmp"));
    Path live = Files.createFile(dir.resolve(".m.bin." + ProcessHandle.current().pid() + ".2a.tmp"));
    Path other = Files.createFile(dir.resolve(".n.bin.2147483647.1f.tmp"));
    AtomicFile.write(f, text("new"));
    assertFalse(Files.exists(dead));
    assertTrue(Files.exists(live));
    assertTrue(Files.exists(other));
  }

  @Test
  void aNonRegularTargetIsRefusedByItsOwnName() throws IOException {
    FileSystemException e = assertThrows(FileSystemException.class, () -> AtomicFile.write(dir, text("x")));
    assertEquals(dir.toString(), e.getFile());
    Path missing = dir.resolve("nope").resolve("f.txt");
    FileSystemException m = assertThrows(FileSystemException.class, () -> AtomicFile.write(missing, text("x")));
    assertEquals(missing.toString(), m.getFile());
  }
}
