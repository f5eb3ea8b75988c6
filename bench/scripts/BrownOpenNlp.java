import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import opennlp.tools.postag.POSModel;
import opennlp.tools.postag.POSSample;
import opennlp.tools.postag.POSTagFormat;
import opennlp.tools.postag.POSTaggerFactory;
import opennlp.tools.postag.POSTaggerME;
import opennlp.tools.postag.WordTagSampleStream;
import opennlp.tools.util.MarkableFileInputStreamFactory;
import opennlp.tools.util.ObjectStream;
import opennlp.tools.util.PlainTextByLineStream;
import opennlp.tools.util.TrainingParameters;

/**
 * OpenNLP's POSTaggerME trained with its perceptron on TRAIN (one sentence a line of word_tag) and
 * evaluated on TEST (one sentence a line of word/tag, the tag after the last slash), tagging with
 * POSTagFormat.CUSTOM (the Brown tags as they are). Prints one JSON line.
 *
 * <p>usage: java -cp opennlp-tools.jar:slf4j-api.jar:. BrownOpenNlp TRAIN TEST [ITERATIONS] [CUTOFF]
 */
public class BrownOpenNlp {
  public static void main(String[] args) throws IOException {
    int iterations = args.length > 2 ? Integer.parseInt(args[2]) : 10;
    int cutoff = args.length > 3 ? Integer.parseInt(args[3]) : 1;
    TrainingParameters params = TrainingParameters.defaultParams();
    params.put(TrainingParameters.ALGORITHM_PARAM, "PERCEPTRON");
    params.put(TrainingParameters.ITERATIONS_PARAM, iterations);
    params.put(TrainingParameters.CUTOFF_PARAM, cutoff);
    long start = System.nanoTime();
    POSModel model;
    try (ObjectStream<String> lines = new PlainTextByLineStream(new MarkableFileInputStreamFactory(new File(args[0])),
        StandardCharsets.UTF_8); ObjectStream<POSSample> samples = new WordTagSampleStream(lines)) {
      model = POSTaggerME.train("en", samples, params, new POSTaggerFactory());
    }
    double trainSeconds = (System.nanoTime() - start) / 1e9;
    List<String[]> words = new ArrayList<>();
    List<String[]> gold = new ArrayList<>();
    for (String line : Files.readAllLines(new File(args[1]).toPath(), StandardCharsets.UTF_8)) {
      String[] tokens = line.trim().split("\\s+");
      if (line.isBlank()) {
        continue;
      }
      String[] w = new String[tokens.length];
      String[] t = new String[tokens.length];
      for (int i = 0; i < tokens.length; i++) {
        int slash = tokens[i].lastIndexOf('/');
        w[i] = tokens[i].substring(0, slash);
        t[i] = tokens[i].substring(slash + 1);
      }
      words.add(w);
      gold.add(t);
    }
    POSTaggerME tagger = new POSTaggerME(model, POSTagFormat.CUSTOM);
    start = System.nanoTime();
    List<String[]> predicted = new ArrayList<>();
    for (String[] w : words) {
      predicted.add(tagger.tag(w));
    }
    double tagSeconds = (System.nanoTime() - start) / 1e9;
    long tokens = 0;
    long correct = 0;
    for (int s = 0; s < gold.size(); s++) {
      for (int i = 0; i < gold.get(s).length; i++) {
        tokens++;
        correct += gold.get(s)[i].equals(predicted.get(s)[i]) ? 1 : 0;
      }
    }
    System.out.printf(java.util.Locale.ROOT, "{\"tagger\":\"opennlp POSTaggerME perceptron\",\"iterations\":%d,"
        + "\"cutoff\":%d,\"test_tokens\":%d,\"accuracy\":%s,\"train_seconds\":%s,\"tag_seconds\":%s,"
        + "\"tokens_per_second\":%s}%n", iterations, cutoff, tokens, (double) correct / tokens, trainSeconds,
        tagSeconds, tokens / tagSeconds);
  }
}
