package io.github.simdperceptron.learn.internal;

import java.util.Random;

/**
 * {@link Random}'s sequence without its thread safety: the same 48-bit linear congruential
 * generator that {@code java.util.Random} specifies (so {@code new SeededRandom(s)} draws exactly
 * what {@code new Random(s)} draws, every {@code nextInt(bound)} included), kept in a plain field
 * instead of an {@code AtomicLong} whose compare-and-set costs more than the rest of a shuffle
 * step. The training loop shuffles with it, and the reference with {@code java.util.Random}.
 * Its state can be saved and restored, so that a continued training draws what an uninterrupted one
 * would. Not thread-safe: one training loop uses one. Not part of the API.
 */
public final class SeededRandom extends Random {
  private static final long serialVersionUID = 1L;
  private static final long MULTIPLIER = 0x5DEECE66DL;
  private static final long ADDEND = 0xBL;
  private static final long MASK = (1L << 48) - 1;

  private long state;

  /** The sequence of {@code new Random(seed)}. */
  public SeededRandom(long seed) {
    super(seed);
    state = (seed ^ MULTIPLIER) & MASK;
  }

  @Override
  public void setSeed(long seed) {
    // Random's constructor calls this before our field exists; it is set again right after.
    state = (seed ^ MULTIPLIER) & MASK;
  }

  /** The generator's 48-bit state: a generator restored to it ({@link #restore}) draws what this one draws next. */
  public long state() {
    return state;
  }

  /** Continues from a state {@link #state()} returned. */
  public void restore(long saved) {
    state = saved & MASK;
  }

  @Override
  protected int next(int bits) {
    state = (state * MULTIPLIER + ADDEND) & MASK;
    return (int) (state >>> (48 - bits));
  }
}
