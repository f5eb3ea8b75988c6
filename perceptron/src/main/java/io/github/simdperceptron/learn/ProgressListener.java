package io.github.simdperceptron.learn;

/** Called by the training loop after every epoch, on the training thread. */
@FunctionalInterface
public interface ProgressListener {
  /**
   * @param epoch the epoch just finished, from 1
   * @param mistakes mistakes made in that epoch
   * @param updates updates made in that epoch
   * @param examplesPerSecond visits per second over that epoch
   */
  void epochFinished(int epoch, int mistakes, int updates, double examplesPerSecond);
}
