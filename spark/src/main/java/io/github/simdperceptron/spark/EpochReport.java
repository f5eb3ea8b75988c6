package io.github.simdperceptron.spark;

import java.io.Serializable;

/**
 * What one epoch of iterative parameter mixing did and cost, measured on the driver and the executors.
 *
 * @param epoch the epoch, from 0
 * @param mistakes the mistakes all partitions made in it (for one-vs-rest, summed over the classes)
 * @param seconds the driver's wall time of the epoch: broadcast, the partitions' learning, the
 *     shuffle of their weights, the mixing and the collection of the sums
 * @param learnSeconds the learners' own time, summed over the partitions
 * @param slowestLearnSeconds the slowest partition's learner time
 */
public record EpochReport(int epoch, long mistakes, double seconds, double learnSeconds, double slowestLearnSeconds)
    implements Serializable {}
