package io.github.simdperceptron.learn;

/** The binary perceptron algorithms; docs/learners.md fixes what each one does, step by step. */
public enum Algorithm {
  /** The online perceptron: Algorithm 2.10, with the bias CIML Algorithm 5. */
  PERCEPTRON,
  /** Cyclic PLA: the perceptron, halting after one full cycle without a mistake. */
  PLA,
  /** Pocket with ratchet: keeps the weights with the fewest training errors (strict improvement only). */
  POCKET,
  /** Voted perceptron (Freund and Schapire): every intermediate vector votes with its survival count. */
  VOTED,
  /** Averaged perceptron (CIML Algorithm 7, sums in double). */
  AVERAGED,
  /** Margin perceptron: updates when y * a &lt;= tau. */
  MARGIN
}
