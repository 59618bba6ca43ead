#!/bin/sh
# Usage: tests/fuzz/make-seeds.sh BUILD_DIR
# Writes the fuzz seeds that this version's own writers make (issue 24:
# seeds from an older schema are refused at once and lead the fuzzers
# nowhere): project files (an empty one, the demo, a small one of one LoRA
# job and two quotes), XML reports of those in both languages, and
# the demo's quotes as CSV. Run it whenever a format changes, then commit
# corpus/. The other seeds are outside formats (vendors' sheets, trial
# logs, config.json files, unit strings) and stay as they are; the project
# file of format version 1 stays too, for the migration path.
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

mkdir -p "$corpus/xml"
rm -f "$corpus/xml/"*.xml
for project in empty demo small; do
  cp "$tmp/$project.cplan" "$corpus/project/$project.cplan"
done
# The demo's report is half a megabyte: only the small ones.
for project in empty small; do
  "$cli" report "$tmp/$project.cplan" --lang en --xml "$corpus/xml/$project-en.xml" >/dev/null
  "$cli" report "$tmp/$project.cplan" --lang zh_CN --xml "$corpus/xml/$project-zh_CN.xml" >/dev/null
done
"$cli" export-quotes "$tmp/demo.cplan" "$corpus/csv/exported-quotes.csv" >/dev/null
echo "seeds written to $corpus"
