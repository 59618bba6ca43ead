#!/bin/sh
# Usage: tests/fuzz/make-seeds.sh BUILD_DIR
# Writes the fuzz seeds that this version's own writers make (issue 24:
# seeds from an older schema are refused at once and lead the fuzzers
# nowhere): project files (an empty one, the demo, a small one of one LoRA
# job and two quotes), XML reports of the empty and small ones in both
# languages, and the demo's quotes as CSV. Run it whenever a format
# changes (test-regressions' /fuzz/seeds-current/ fails until it runs),
# then commit corpus/. The other seeds are outside formats (vendors'
# sheets, trial logs, config.json files, unit strings) and stay as they
# are; the project file of format version 1 stays too, for the migration
# path.
set -eu
cli=$1/src/cli/compute-planner-cli
corpus=$(cd "$(dirname "$0")" && pwd)/corpus
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$cli" new "$tmp/empty.cplan" >/dev/null
"$cli" demo "$tmp/demo.cplan" >/dev/null
# Small enough that the fuzzers run fast on them: one job, two quotes.
"$cli" new "$tmp/small.cplan" >/dev/null
"$cli" add-quote "$tmp/small.cplan" --id a800-node --gpu a800 --gpus-per-node 8 \
  --price-per-gpu-hour 6.5 --valid-until 2027-06-30 >/dev/null
"$cli" add-job "$tmp/small.cplan" --id finetune --model llama-3.1-8b --task lora \
  --tokens 2B >/dev/null
"$cli" add-quote "$tmp/small.cplan" --id h800-node --gpu h800 --gpus-per-node 8 \
  --price-per-gpu-hour 9.5 --valid-until 2027-06-30 >/dev/null
# With the team's budget, which the project file and the XML carry.
"$cli" report "$tmp/small.cplan" --budget 200000 >/dev/null

mkdir -p "$corpus/xml"
rm -f "$corpus/xml/"*.xml
for project in empty demo small; do
  cp "$tmp/$project.cplan" "$corpus/project/$project.cplan"
done
# The reader takes the project back and skips <results> (optional in the
# schema), which is three quarters of a report: the empty project's
# reports stay whole, the small one's keep only their project, so that a
# fuzzer spends its time on what is read (libxml2 and ASan cost grow with
# the bytes: 3,000 runs from the 40 KB reports took 2.2 times the CPU
# time of 3,000 from the same reports cut to 10 KB).
# The demo's report is half a megabyte, 45 KB without results: left out.
for lang in en zh_CN; do
  "$cli" report "$tmp/empty.cplan" --lang $lang --xml "$corpus/xml/empty-$lang.xml" >/dev/null
  "$cli" report "$tmp/small.cplan" --lang $lang --xml "$tmp/small-$lang.xml" >/dev/null
  sed '/^  <results>$/,/^  <\/results>$/d' "$tmp/small-$lang.xml" >"$corpus/xml/small-$lang-project.xml"
  if grep -q '<results>' "$corpus/xml/small-$lang-project.xml"; then
    echo "make-seeds.sh: <results> was not cut from the $lang report: its layout changed" >&2
    exit 1
  fi
done
"$cli" export-quotes "$tmp/demo.cplan" "$corpus/csv/exported-quotes.csv" >/dev/null
echo "seeds written to $corpus"
