/**
 * The learners on Apache Spark: {@link io.github.simdperceptron.spark.PerceptronClassifier}, a
 * Spark ML estimator that trains by iterative parameter mixing (every partition runs an epoch of
 * the library's learner from the broadcast weights, and the driver mixes the partitions' weights),
 * and the {@link io.github.simdperceptron.spark.PerceptronClassificationModel} it makes;
 * {@link io.github.simdperceptron.spark.EpochReport} tells what each epoch did and cost, and
 * {@link io.github.simdperceptron.spark.TrainJob} runs a fit from spark-submit.
 *
 * <p>Vocabulary: the mixing is uniform (the mean of the partitions' weights) or by updates (each
 * partition's weight row weighted by the updates it made to it); the same partitioning gives the
 * same bits. Spark is a provided dependency. docs/spark.md gives the parameters and the measurements.
 */
package io.github.simdperceptron.spark;
