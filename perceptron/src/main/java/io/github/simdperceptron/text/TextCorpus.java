package io.github.simdperceptron.text;

import io.github.simdperceptron.data.Dataset;
import java.util.Arrays;

/**
 * Labelled documents read from a text file ({@link TextFile#read}): their rows as a sparse
 * {@link Dataset}, the vectorizer that made them (fitted on them when it keeps a dictionary), and
 * every document's labels. The dataset's class of a document is its first label in the file; a
 * multi-label document's other labels are in {@link #classesOf(int)}. Immutable.
 */
public final class TextCorpus {
  private final Dataset data;
  private final TextVectorizer vectorizer;
  /** Per document, its labels' class indices in [labelPtr[i], labelPtr[i+1]); null when every document has one. */
  private final int[] labelPtr;
  private final int[] labelClasses;
  private final long tokens;

  TextCorpus(Dataset data, TextVectorizer vectorizer, int[] labelPtr, int[] labelClasses, long tokens) {
    this.data = data;
    this.vectorizer = vectorizer;
    this.labelPtr = labelPtr;
    this.labelClasses = labelClasses;
    this.tokens = tokens;
  }

  /** The documents' rows; class i is document i's first label. */
  public Dataset data() {
    return data;
  }

  /** The vectorizer the rows come from (fitted). */
  public TextVectorizer vectorizer() {
    return vectorizer;
  }

  /** Whether some document has more than one label. */
  public boolean multiLabel() {
    return labelPtr != null;
  }

  /** The class indices (into {@code data().labels()}) of document i's labels, distinct, in file order; a new array. */
  public int[] classesOf(int i) {
    if (labelPtr == null) {
      return new int[] {data.classOf(i)};
    }
    return Arrays.copyOfRange(labelClasses, labelPtr[i], labelPtr[i + 1]);
  }

  /** The number of tokens read (words, and punctuation when it is kept). */
  public long tokens() {
    return tokens;
  }
}
