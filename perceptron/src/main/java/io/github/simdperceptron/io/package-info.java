/**
 * Files: {@link io.github.simdperceptron.io.DataFormat} reads data files (libsvm / svmlight text,
 * dense CSV, IDX images and labels; gzip or not) into datasets, whole or streamed;
 * {@link io.github.simdperceptron.io.ModelFile} writes and reads a trained model (linear, voted,
 * multi-class or kernel) with its algorithm and options, and
 * {@link io.github.simdperceptron.io.TaggerFile} a sequence tagger.
 *
 * <p>Vocabulary: a reader names the file, the line and the column (or the byte) of what it cannot
 * read, in a {@code FormatException} (an {@link java.io.IOException}); a model or tagger file is a
 * frame (magic, version, length, body, CRC32) whose body is checked field by field, and is written
 * atomically (beside the target, then renamed over it). docs/formats.md gives the data formats,
 * docs/model-format.md the model and tagger files byte by byte.
 */
package io.github.simdperceptron.io;
