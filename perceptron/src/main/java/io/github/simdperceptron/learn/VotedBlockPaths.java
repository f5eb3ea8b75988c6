package io.github.simdperceptron.learn;

/**
 * Which of its shortcuts a block of {@link VotedScratch#scoreBlock} may take: the counted dots of
 * a binary document ({@link VotedScratch#countedRowDots}), the dots counted in bytes
 * ({@link VotedScratch#byteBlock}) and the integer pass ({@link VotedScratch#intBlock}). A model
 * scores with {@link #ALL}; tests build the others to compare each shortcut with the path it
 * replaces, which gives the same scores bit for bit. Immutable.
 */
final class VotedBlockPaths {
  /** What a model scores with: every shortcut where it applies. */
  static final VotedBlockPaths ALL = new VotedBlockPaths(true, true, true);

  /** Whether a block may count the dots of a binary document. */
  final boolean countedDots;
  /** Whether a block may take the dots counted in bytes. */
  final boolean byteDots;
  /** Whether a block may take the integer pass (the byte dots feed only that pass). */
  final boolean intPass;

  private VotedBlockPaths(boolean countedDots, boolean byteDots, boolean intPass) {
    this.countedDots = countedDots;
    this.byteDots = byteDots;
    this.intPass = intPass;
  }

  /** These paths without the counted dots: every dot as the one-document path finds it. */
  VotedBlockPaths withoutCountedDots() {
    return new VotedBlockPaths(false, byteDots, intPass);
  }

  /** These paths without the byte dots: an integer block takes its dots in float. */
  VotedBlockPaths withoutByteDots() {
    return new VotedBlockPaths(countedDots, false, intPass);
  }

  /** These paths without the integer pass: every block in double. */
  VotedBlockPaths withoutIntPass() {
    return new VotedBlockPaths(countedDots, byteDots, false);
  }
}
