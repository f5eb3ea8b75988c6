package io.github.simdperceptron.cli;

/**
 * A daemon thread that runs generated work beside a command's real work, so that the JIT has
 * compiled the real work's loops when it needs them; {@link #finish} stops it and waits for it.
 * Subclasses check {@link #stopping()} between their units of work.
 */
abstract class WarmupThread {
  private final Thread thread;
  private volatile boolean stop;

  WarmupThread(String name) {
    thread = new Thread(this::work, name);
    thread.setDaemon(true);
  }

  /**
   * Whether a warm-up may run at all: the machine has two or more processors (one would only be
   * taken from the real work), and the system property {@code perceptron.warmup} is not
   * {@code false} (to time a cold run).
   */
  static boolean allowed() {
    return !"false".equals(System.getProperty("perceptron.warmup")) && Runtime.getRuntime().availableProcessors() >= 2;
  }

  /** The generated work; returns when done or when {@link #stopping()}. Never throws. */
  abstract void work();

  /** Starts the thread. */
  final void begin() {
    thread.start();
  }

  /** Whether {@link #finish} has been called. */
  final boolean stopping() {
    return stop;
  }

  /** Whether the thread is still running (for tests). */
  final boolean running() {
    return thread.isAlive();
  }

  /**
   * Stops and waits for the thread: a fit under way ends at its next few visits (the training loop
   * gives up once its thread is interrupted), other work after the unit under way.
   */
  final void finish() {
    stop = true;
    thread.interrupt();
    try {
      thread.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
