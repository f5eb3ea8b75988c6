package io.github.simdperceptron.learn.kernel;

import io.github.simdperceptron.kernel.internal.GramBlocks;
import java.util.Locale;
import java.util.Objects;

/**
 * The kinds of kernel, each with its behaviour: how a dot product x.s becomes a kernel value
 * (the finish of a Gram block), whether it needs the rows' squared norms, whether its float sums
 * are exact on integer data, and its name in model files and on the command line. The one place
 * that knows the kernels; the engine and the files switch on none.
 */
public enum KernelKind {
  /** x.s: the dual form of the perceptron itself. */
  LINEAR("linear") {
    @Override
    KernelModel.Function function(double gamma, int degree, double coef0) {
      return KernelModel.Function.linear();
    }

    @Override
    void finish(KernelModel.Function f, float[] g, int gOff, int m, float xNorm, float[] svNorms) {
      // The dot product is the kernel value.
    }

    @Override
    boolean exact(KernelModel.Function f) {
      return true;
    }
  },
  /** (gamma x.s + coef0)^degree. */
  POLY("poly") {
    @Override
    KernelModel.Function function(double gamma, int degree, double coef0) {
      return KernelModel.Function.poly(gamma, degree, coef0);
    }

    @Override
    void finish(KernelModel.Function f, float[] g, int gOff, int m, float xNorm, float[] svNorms) {
      GramBlocks.poly(g, gOff, m, f.gamma(), f.coef0(), f.degree());
    }

    @Override
    boolean exact(KernelModel.Function f) {
      return f.gamma() == Math.rint(f.gamma()) && f.coef0() == Math.rint(f.coef0());
    }

    @Override
    String describe(KernelModel.Function f) {
      return "poly(gamma=" + f.gamma() + ", degree=" + f.degree() + ", coef0=" + f.coef0() + ")";
    }
  },
  /** exp(-gamma |x - s|^2), computed as exp(-gamma (|x|^2 + |s|^2 - 2 x.s)). */
  RBF("rbf") {
    @Override
    KernelModel.Function function(double gamma, int degree, double coef0) {
      return KernelModel.Function.rbf(gamma);
    }

    @Override
    void finish(KernelModel.Function f, float[] g, int gOff, int m, float xNorm, float[] svNorms) {
      GramBlocks.rbf(g, gOff, m, xNorm, svNorms, f.gamma());
    }

    @Override
    boolean usesNorms() {
      return true;
    }

    @Override
    boolean exact(KernelModel.Function f) {
      return false;
    }

    @Override
    String describe(KernelModel.Function f) {
      return "rbf(gamma=" + f.gamma() + ")";
    }
  };

  private final String fileName;

  KernelKind(String fileName) {
    this.fileName = fileName;
  }

  /** The name in model files and on the command line: {@code linear}, {@code poly} or {@code rbf}. */
  public String fileName() {
    return fileName;
  }

  /** The kind whose {@link #fileName()} is exactly {@code name}, or null (a model file's check). */
  public static KernelKind byFileName(String name) {
    for (KernelKind kind : values()) {
      if (kind.fileName.equals(name)) {
        return kind;
      }
    }
    return null;
  }

  /** The kind of a name, any case; throws {@link IllegalArgumentException} naming the accepted names otherwise. */
  public static KernelKind of(String name) {
    Objects.requireNonNull(name, "name");
    KernelKind kind = byFileName(name.toLowerCase(Locale.ROOT));
    if (kind == null) {
      throw new IllegalArgumentException("kernel must be linear, poly or rbf, got '" + name + "'");
    }
    return kind;
  }

  /** The kernel of this kind with these parameters (checked); those the kind does not use are ignored. */
  abstract KernelModel.Function function(double gamma, int degree, double coef0);

  /** Finishes Gram values in place: g[gOff, gOff + m) from dot products to kernel values. Only g is modified. */
  abstract void finish(KernelModel.Function f, float[] g, int gOff, int m, float xNorm, float[] svNorms);

  /** Whether the finish needs the squared norms of the row and the support vectors. */
  boolean usesNorms() {
    return false;
  }

  /** Whether the kernel's float sums are exact on integer data whose partial sums stay below 2^24. */
  abstract boolean exact(KernelModel.Function f);

  /** The kernel with the parameters this kind uses, as reports and the command print it: {@code linear}. */
  String describe(KernelModel.Function f) {
    return fileName;
  }
}
