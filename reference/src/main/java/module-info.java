/** The literal scalar twins of the kernel's operations and of the learners: the oracle the fast paths are diffed against. */
module io.github.simdperceptron.reference {
  exports io.github.simdperceptron.reference;
}
