/**
 * Probabilities from a model's raw scores. {@link Calibrator} fits a {@link Calibration} (Platt
 * scaling for one binary score; a fitted temperature or normalised one-vs-rest Platt for K
 * scores) on held-out or cross-validated scores; {@link CalibratedModel} applies it;
 * {@link CalibrationMetrics} measures the result (log-loss, Brier score, expected calibration
 * error, the reliability diagram). docs/probabilities.md says which method is the default and why.
 */
package io.github.simdperceptron.learn.calibration;
