package io.github.simdperceptron.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.io.internal.FormatException;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.FitResult;
import io.github.simdperceptron.learn.Learner;
import io.github.simdperceptron.learn.MulticlassModel;
import io.github.simdperceptron.learn.TrainingOptions;
import io.github.simdperceptron.text.TextCorpus;
import io.github.simdperceptron.text.TextFile;
import io.github.simdperceptron.text.TextVectorizer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Model files that carry a text vectorizer (version 3), and the files without one (unchanged). */
class TextModelFileTest {
  @TempDir
  Path dir;

  private static final String TEXT = "__label__sport the match ended\n__label__news the minister said\n"
      + "__label__sport a late goal\n__label__tech the new chip\n__label__news said today\n";

  private static TextCorpus corpus(TextVectorizer v) throws IOException {
    return TextFile.read(v, new ByteArrayInputStream(TEXT.getBytes(StandardCharsets.UTF_8)), "t.txt");
  }

  @Test
  void aTextModelReadsBackWithItsVectorizerAsVersionThree() throws IOException {
    for (TextVectorizer v : new TextVectorizer[] {TextVectorizer.builder().build(),
        TextVectorizer.builder().hashBits(12).charNgrams(2, 3).values(TextVectorizer.Values.LOG).l2(true).build()}) {
      TextCorpus c = corpus(v);
      TrainingOptions o = TrainingOptions.builder().maxEpochs(5).seed(3).build();
      FitResult<MulticlassModel> fit = Learner.fitMulticlass(Algorithm.AVERAGED, c.data(), o);
      Path p = dir.resolve("m.bin");
      ModelFile.write(p, ModelFile.of(fit.model(), fit.report().algorithm(), o).withText(c.vectorizer()));
      byte[] bytes = Files.readAllBytes(p);
      assertEquals(3, ByteBuffer.wrap(bytes).getShort(ModelFile.MAGIC.length));
      ModelFile back = ModelFile.read(p);
      assertEquals(c.vectorizer(), back.text());
      MulticlassModel m = (MulticlassModel) back.model();
      assertArrayEquals(fit.model().weights(), m.weights());
      TextVectorizer.Row r = back.text().transform("the late goal");
      assertArrayEquals(c.vectorizer().transform("the late goal").indices(), r.indices());
    }
  }

  @Test
  void aModelWithoutTextIsWrittenAsBefore() throws IOException {
    TextCorpus c = corpus(TextVectorizer.builder().build());
    TrainingOptions o = TrainingOptions.builder().maxEpochs(2).build();
    FitResult<MulticlassModel> fit = Learner.fitMulticlass(Algorithm.PERCEPTRON, c.data(), o);
    Path plain = dir.resolve("plain.bin");
    ModelFile.write(plain, ModelFile.of(fit.model(), fit.report().algorithm(), o));
    byte[] bytes = Files.readAllBytes(plain);
    assertEquals(ModelFile.VERSION_LINEAR, ByteBuffer.wrap(bytes).getShort(ModelFile.MAGIC.length));
    assertNull(ModelFile.read(plain).text());
    Path text = dir.resolve("text.bin");
    ModelFile.write(text, ModelFile.of(fit.model(), fit.report().algorithm(), o).withText(c.vectorizer()));
    // The text file is the plain one plus the section (length, then the vectorizer's bytes).
    assertEquals(bytes.length + 4 + c.vectorizer().sectionBytes(), Files.size(text));
  }

  @Test
  void aVectorizerOfAnotherDimensionOrUnfittedIsRefused() throws IOException {
    TextCorpus c = corpus(TextVectorizer.builder().build());
    TrainingOptions o = TrainingOptions.builder().maxEpochs(2).build();
    FitResult<MulticlassModel> fit = Learner.fitMulticlass(Algorithm.PERCEPTRON, c.data(), o);
    ModelFile saved = ModelFile.of(fit.model(), fit.report().algorithm(), o);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> saved.withText(TextVectorizer.builder().hashBits(4).values(TextVectorizer.Values.LOG).build()));
    assertTrue(e.getMessage().contains("16 features"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> saved.withText(TextVectorizer.builder().build()));
    assertTrue(e.getMessage().contains("fitted"), e.getMessage());
  }

  @Test
  void aDamagedTextSectionIsAFormatErrorNotAWrongModel() throws IOException {
    TextCorpus c = corpus(TextVectorizer.builder().build());
    TrainingOptions o = TrainingOptions.builder().maxEpochs(2).build();
    FitResult<MulticlassModel> fit = Learner.fitMulticlass(Algorithm.PERCEPTRON, c.data(), o);
    Path p = dir.resolve("m.bin");
    ModelFile.write(p, ModelFile.of(fit.model(), fit.report().algorithm(), o).withText(c.vectorizer()));
    byte[] bytes = Files.readAllBytes(p);
    ModelFile good = ModelFile.read(bytes, "m.bin");
    assertEquals(c.vectorizer(), good.text());
    // Any flipped byte is caught (the checksum), before a field is trusted.
    for (int at = ModelFile.PREAMBLE; at < bytes.length; at += 7) {
      byte[] bad = bytes.clone();
      bad[at] ^= 0x20;
      assertThrows(FormatException.class, () -> ModelFile.read(bad, "bad.bin"), "byte " + at);
    }
  }
}
