package io.github.simdperceptron.sequence;

import java.util.Arrays;
import java.util.Map;

/**
 * A tagged corpus as feature ids, extracted once before the epochs so that training touches no
 * string: token t's ids are {@code ids[tokenPtr[t], tokenPtr[t + 1])} and its tag {@code gold[t]};
 * sentence s is tokens {@code [sentencePtr[s], sentencePtr[s + 1])}.
 */
final class Encoded {
  final int[] ids;
  final int[] tokenPtr;
  final int[] sentencePtr;
  final int[] gold;
  final int longest;

  Encoded(int[] ids, int[] tokenPtr, int[] sentencePtr, int[] gold, int longest) {
    this.ids = ids;
    this.tokenPtr = tokenPtr;
    this.sentencePtr = sentencePtr;
    this.gold = gold;
    this.longest = longest;
  }

  /** The ids {@code keys} gives the corpus's keys, and the tags' indices in {@code tags}. */
  static Encoded of(TaggedCorpus corpus, Features.Keys keys, Map<String, Integer> tags) {
    long tokens = corpus.tokens();
    if (tokens * Features.MAX_PER_TOKEN > Integer.MAX_VALUE - 16) {
      throw new IllegalArgumentException(tokens + " tokens are more than one training run takes ("
          + (Integer.MAX_VALUE - 16) / Features.MAX_PER_TOKEN + ")");
    }
    int[] ids = new int[(int) tokens * Features.MAX_PER_TOKEN];
    int[] tokenPtr = new int[(int) tokens + 1];
    int[] sentencePtr = new int[corpus.size() + 1];
    int[] gold = new int[(int) tokens];
    Features f = new Features();
    int t = 0;
    int at = 0;
    int longest = 0;
    for (int s = 0; s < corpus.size(); s++) {
      String[] words = corpus.wordsOf(s);
      String[] tagsOf = corpus.tagsOf(s);
      f.load(words, words.length);
      for (int i = 0; i < words.length; i++, t++) {
        at = f.extract(i, keys, ids, at);
        tokenPtr[t + 1] = at;
        gold[t] = tags.get(tagsOf[i]);
      }
      sentencePtr[s + 1] = t;
      longest = Math.max(longest, words.length);
    }
    // Keys outside the dictionary left room unused; the weights are not allocated yet, so the copy
    // does not raise the peak of a fit.
    return new Encoded(Arrays.copyOf(ids, at), tokenPtr, sentencePtr, gold, longest);
  }

  int sentences() {
    return sentencePtr.length - 1;
  }
}
