/**
 * Raw text in: {@link io.github.simdperceptron.text.TextVectorizer} turns documents into sparse rows
 * (tokens, word and character n-grams, a dictionary or hashing, binary, count or log values, an
 * optional L2 norm), {@link io.github.simdperceptron.text.TextFile} reads files of labelled
 * documents (fastText's {@code __label__} lines or {@code label<TAB>text}) into a
 * {@link io.github.simdperceptron.text.TextCorpus} or streams them, and the vectorizer travels inside
 * the model file ({@code io.ModelFile#withText}). docs/formats.md specifies the features so that
 * other programs can reproduce them; docs/text.md is the guide.
 */
package io.github.simdperceptron.text;
