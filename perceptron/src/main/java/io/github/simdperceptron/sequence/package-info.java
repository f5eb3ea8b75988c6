/**
 * Sequence labelling with the structured perceptron (Collins 2002): part-of-speech, chunk or name
 * tags for the words of a sentence. {@link io.github.simdperceptron.sequence.TaggedCorpus} reads
 * tagged sentences (CoNLL columns or word/TAG lines);
 * {@link io.github.simdperceptron.sequence.Tagger} is trained on them and tags sentences, one
 * array of words or one line of text at a time, from many threads; {@code io.TaggerFile} stores it.
 *
 * <p>Vocabulary: a token's features are ids of keys (a template number and a run of chars: the
 * word, its lower case, affixes, shape, its neighbours), from a dictionary of the training data's
 * keys or from their hashes; a tagger's weights are emission weights (feature by tag), transition
 * weights (tag to tag) and the weights of a sentence's first and last tags. A sentence is decoded
 * by Viterbi (the best tag sequence) or greedily (left to right). Training runs in the learners'
 * one training loop (epochs, seeded order, early stopping on held-out sentences, the report);
 * with integer weights it agrees bit for bit with the literal twin {@code ReferenceSequence}.
 * docs/sequence-labelling.md gives the model, the features and the training in full.
 */
package io.github.simdperceptron.sequence;
