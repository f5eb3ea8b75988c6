package io.github.simdperceptron.io.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Replaces a file all at once: the bytes go to a temporary file next to the target, which is
 * forced to disk and renamed over it, so a crash or a failed write leaves the old file or the new
 * one, never a mix and never a missing file.
 *
 * <p>A symbolic link is followed: the file it points to is replaced and the link stays. The new
 * file keeps the permissions of the file it replaces (a new file gets the usual ones, as the
 * process's umask allows). A target that exists and is not a regular file (a directory, a device
 * such as {@code /dev/null}, a pipe) is refused. Temporary files of earlier writes to the same
 * target whose process has died (killed during the write) are deleted. Errors name the target,
 * never the temporary file.
 */
public final class AtomicFile {
  /** Writes the content of a file to the stream it is given; must not close it. */
  @FunctionalInterface
  public interface Content {
    /** Writes the whole content to {@code out}. */
    void writeTo(OutputStream out) throws IOException;
  }

  /** {@code .NAME.PID.RANDOM.tmp}: the process id tells a later write whether the writer still runs. */
  private static final Pattern TEMP = Pattern.compile("\\.(.+)\\.([0-9]+)\\.[0-9a-f]+\\.tmp");

  private AtomicFile() {}

  /**
   * Writes {@code content} to {@code path}, replacing any regular file there atomically.
   *
   * @throws FileSystemException naming {@code path} when it exists and is not a regular file, or
   *     when its directory is missing or not writable
   * @throws IOException when writing fails; the old file is then untouched
   */
  public static void write(Path path, Content content) throws IOException {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(content, "content");
    Path target = resolveLinks(path.toAbsolutePath());
    if (Files.exists(target) && !Files.isRegularFile(target)) {
      throw new FileSystemException(path.toString(), null, Files.isDirectory(target) ? "is a directory"
          : "not a regular file (a device, a pipe or a socket), so it is not replaced");
    }
    Path dir = target.getParent();
    deleteStaleTemporaries(dir, target.getFileName().toString());
    Path tmp = createTemporary(path, dir, target.getFileName().toString());
    boolean moved = false;
    try {
      try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
        OutputStream out = Channels.newOutputStream(ch);
        content.writeTo(out);
        out.flush();
        ch.force(true);
      } catch (FileSystemException e) {
        throw renamed(e, path);
      }
      copyPermissions(target, tmp);
      try {
        try {
          Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
          Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
        }
      } catch (FileSystemException e) {
        throw renamed(e, path);
      }
      moved = true;
      syncDirectory(dir);
    } finally {
      if (!moved) {
        Files.deleteIfExists(tmp);
      }
    }
  }

  /** The file a chain of symbolic links ends at (which need not exist yet). */
  static Path resolveLinks(Path p) throws IOException {
    Path at = p;
    for (int hops = 0; Files.isSymbolicLink(at); hops++) {
      if (hops == 40) {
        throw new FileSystemException(p.toString(), null, "too many levels of symbolic links");
      }
      at = at.resolveSibling(Files.readSymbolicLink(at)).normalize();
    }
    return at;
  }

  private static Path createTemporary(Path path, Path dir, String name) throws IOException {
    long pid = ProcessHandle.current().pid();
    for (int attempt = 0; ; attempt++) {
      Path tmp = dir.resolve("." + name + "." + pid + "."
          + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 1) + ".tmp");
      try {
        // CREATE_NEW, not createTempFile: the new file gets the permissions the umask allows, not 0600.
        Files.newByteChannel(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE).close();
        return tmp;
      } catch (FileAlreadyExistsException e) {
        if (attempt == 100) {
          throw renamed(e, path);
        }
      } catch (FileSystemException e) {
        throw renamed(e, path);
      }
    }
  }

  /** The same failure, naming the file the caller asked for (and its directory when that is missing). */
  private static FileSystemException renamed(FileSystemException e, Path path) {
    FileSystemException named;
    if (e instanceof AccessDeniedException) {
      named = new AccessDeniedException(path.toString(), null, "permission denied (cannot write in its directory)");
    } else if (e instanceof NoSuchFileException) {
      named = new NoSuchFileException(path.toString(), null, "its directory does not exist");
    } else {
      named = new FileSystemException(path.toString(), null, e.getReason());
    }
    named.initCause(e);
    return named;
  }

  private static void deleteStaleTemporaries(Path dir, String name) {
    try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, "." + globEscape(name) + ".*.tmp")) {
      for (Path p : s) {
        Matcher m = TEMP.matcher(p.getFileName().toString());
        if (m.matches() && m.group(1).equals(name) && !alive(m.group(2))) {
          Files.deleteIfExists(p);
        }
      }
    } catch (IOException | RuntimeException e) {
      // Cleaning up after a killed writer is a courtesy; the write itself does not depend on it.
    }
  }

  private static boolean alive(String pid) {
    try {
      return ProcessHandle.of(Long.parseLong(pid)).map(ProcessHandle::isAlive).orElse(false);
    } catch (NumberFormatException e) {
      return true;
    }
  }

  private static String globEscape(String s) {
    return s.replaceAll("([\\\\*?\\[\\]{}])", "\\\\$1");
  }

  private static void copyPermissions(Path from, Path to) throws IOException {
    PosixFileAttributeView view = Files.getFileAttributeView(to, PosixFileAttributeView.class);
    if (view == null || !Files.exists(from)) {
      return;
    }
    PosixFileAttributes old = Files.readAttributes(from, PosixFileAttributes.class);
    view.setPermissions(old.permissions());
  }

  private static void syncDirectory(Path dir) {
    try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
      ch.force(true);
    } catch (IOException | UnsupportedOperationException e) {
      // Not every platform can open a directory; the rename itself is still atomic.
    }
  }
}
