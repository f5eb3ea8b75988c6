import io.github.simdperceptron.io.ModelFile;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.FitResult;
import io.github.simdperceptron.learn.Learner;
import io.github.simdperceptron.learn.MulticlassModel;
import io.github.simdperceptron.learn.TrainingOptions;
import io.github.simdperceptron.text.TextCorpus;
import io.github.simdperceptron.text.TextFile;
import io.github.simdperceptron.text.TextVectorizer;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What `perceptron train --data TEXT --model M` does with its defaults (read and vectorize, fit the
 * multi-class averaged perceptron for 10 epochs, write the model), ROUNDS times in one JVM: the first
 * round is what a cold process pays, the later ones the floor once the JIT has compiled the code.
 *
 * <pre>
 * mvn -B -q -DskipTests package -pl cli -am
 * java --add-modules jdk.incubator.vector -XX:+UseParallelGC -Xms256m -cp cli/target/perceptron.jar \
 *     bench/scripts/TextWarmFloor.java TRAIN.txt [ROUNDS]
 * </pre>
 */
public class TextWarmFloor {
  public static void main(String[] args) throws Exception {
    Path data = Path.of(args[0]);
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 6;
    Path model = Files.createTempFile("text-warm-floor", ".bin");
    try {
      for (int round = 1; round <= rounds; round++) {
        long t0 = System.nanoTime();
        TextCorpus corpus = TextFile.read(TextVectorizer.builder().build(), data);
        long t1 = System.nanoTime();
        TrainingOptions options = TrainingOptions.builder().build();
        FitResult<MulticlassModel> fit = Learner.fitMulticlass(Algorithm.AVERAGED, corpus.data(), options);
        long t2 = System.nanoTime();
        ModelFile.write(model, ModelFile.of(fit.model(), "MULTICLASS(AVERAGED)", options).withText(corpus.vectorizer()));
        long t3 = System.nanoTime();
        System.out.printf("round %d: read %.3f s, fit %.3f s, write %.3f s, total %.3f s%n", round,
            (t1 - t0) / 1e9, (t2 - t1) / 1e9, (t3 - t2) / 1e9, (t3 - t0) / 1e9);
      }
    } finally {
      Files.deleteIfExists(model);
    }
  }
}
