package io.github.simdperceptron.cli;

import io.github.simdperceptron.learn.TrainingOptions.ProgressListener;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * The progress line of long training: epoch, mistakes and examples per second, rewritten in place
 * on stderr at most five times a second, only when stderr is a terminal. The launcher tells
 * whether it is ({@code -Dperceptron.stderr.tty}); without it, a console on stdin and stdout is
 * taken as the sign.
 */
final class Progress implements ProgressListener {
  private final PrintWriter err;
  private final int maxEpochs;
  private long last;
  private String pending;
  private boolean shown;

  private Progress(PrintWriter err, int maxEpochs) {
    this.err = err;
    this.maxEpochs = maxEpochs;
  }

  /** A listener drawing on err when stderr is a terminal, else null. */
  static Progress forStderr(PrintWriter err, int maxEpochs) {
    String tty = System.getProperty("perceptron.stderr.tty");
    boolean terminal = tty != null ? Boolean.parseBoolean(tty) : System.console() != null;
    return terminal ? new Progress(err, maxEpochs) : null;
  }

  @Override
  public void epochFinished(int epoch, int mistakes, int updates, double examplesPerSecond) {
    pending = String.format(Locale.ROOT, "\repoch %d/%d: %d mistakes, %s examples/s   ", epoch, maxEpochs, mistakes,
        Format.rate(examplesPerSecond));
    long now = System.nanoTime();
    if (!shown || now - last >= 200_000_000L) {
      draw();
      last = now;
    }
  }

  private void draw() {
    err.print(pending);
    err.flush();
    pending = null;
    shown = true;
  }

  /** Draws the last state if it was skipped, and ends the line. */
  void done() {
    if (pending != null) {
      draw();
    }
    if (shown) {
      err.println();
      err.flush();
    }
  }
}
