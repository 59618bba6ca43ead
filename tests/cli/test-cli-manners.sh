#!/bin/sh
# test-cli-manners.sh: what --job and --quote mean, and the README's
# commands run exactly as written (POSIX sh).
#
# Usage: test-cli-manners.sh PATH-TO-compute-planner-cli SOURCE-DIR

set -u

CLI=${1:?usage: test-cli-manners.sh PATH-TO-compute-planner-cli SOURCE-DIR}
SRC=${2:?usage: test-cli-manners.sh PATH-TO-compute-planner-cli SOURCE-DIR}
# Commands run in a scratch directory: the tool's path must not be relative.
case $CLI in /*) ;; *) CLI=$(pwd)/$CLI ;; esac
case $SRC in /*) ;; *) SRC=$(pwd)/$SRC ;; esac
. "$(dirname "$0")/cli-lib.sh"
RUN_DIR=$TMP

LOG=$SRC/tests/store/trial-logs/megatron.log

# Ids that are numbers: quote "2" is at position 1, job "2" at position 1.
run 0 new m.cplan
run 0 add-quote m.cplan --id 2 --vendor A --gpu a800 --gpus-per-node 8 --price-per-gpu-hour 12
run 0 add-quote m.cplan --id q-b --vendor B --gpu a800 --gpus-per-node 8 --price-per-gpu-hour 13
run 0 add-job m.cplan --id 2 --model llama-2-13b --task pretrain --tokens 1B
run 0 add-job m.cplan --id j-b --model llama-2-13b --task pretrain --tokens 1B

# "2" is quote 1's id and quote 2's position: refused, naming both ways out.
run 2 import-trial m.cplan --job j-b --quote 2 "$LOG" --dry-run
contains "$ERR" "--quote: “2” is both the id of quote 1 and the position of quote “q-b”; write 1 for the first or “q-b” for the second"
# A position that is no other quote's id, or an id, is one quote.
run 0 import-trial m.cplan --job j-b --quote 1 "$LOG" --dry-run
run 0 import-trial m.cplan --job j-b --quote q-b "$LOG" --dry-run
run 2 plan m.cplan --job 2
contains "$ERR" "--job: “2” is both the id of job 1 and the position of job “j-b”"
run 2 chart m.cplan --job 2 --kind cost --png c.png
contains "$ERR" "--job: “2” is both the id of job 1 and the position of job “j-b”"
# chart takes an id as plan does.
run 0 chart m.cplan --job j-b --kind memory --png c.png
contains "$OUT" "Wrote the chart c.png"

# list numbers its rows, the positions --job and --quote take, and shows
# how long each quote holds, as the sheet's title row said.
printf '星河云 GPU 报价单\n报价有效期 2026-12-31\n序号,机型,单价\n1,8×H20,6 元/卡/时\n' > "$TMP/valid.csv"
run 0 import-quotes m.cplan valid.csv
run 0 list m.cplan
checks=$((checks + 1))
grep -E -q '^ *2 +q-b ' "$OUT" || fail "list does not number quote q-b as 2"
checks=$((checks + 1))
grep -E -q '^ *2 +j-b ' "$OUT" || fail "list does not number job j-b as 2"
checks=$((checks + 1))
grep -E '^ *3 ' "$OUT" | grep -F -q '2026-12-31' || fail "list does not show the imported quote valid until 2026-12-31"
contains "$OUT" "Valid until"

# The demo's 70B fine-tune is recommended on vendor G with CPU offload,
# whose quote states no host memory: the verdict says it is not firm, as
# the window and the report do.
run 0 demo d.cplan
contains "$OUT" "Wrote d.cplan: 7 jobs, 7 quotes"
run 0 plan d.cplan --job job-ft70b
contains "$OUT" "Not firm: it rests on host memory and a storage price the quote does not state; at 示例供应商 D (Example vendor D)’s price it costs 13,672 CNY and 示例供应商 E (Example vendor E) wins at 11,195 CNY. Ask 示例供应商 G (Example vendor G) for both (1,043 GiB of host memory a machine)."
# The reasons rule by rule as the report lists them (walk33 W11: R6 five
# times, R8 twice, no R2–3): each rule's label once, R2 and R3 (not
# applied to a fine-tune of one machine) on one line, and the vendors'
# questions apart, host memory asked once of all six vendors it concerns.
checks=$((checks + 1))
for rule in R1 R4 R5 R6 R7 R8 R9; do
  n=$(sed -n '/^Reasons:$/,/^Questions for the vendors:$/p' "$OUT" | grep -c "^  $rule ")
  [ "$n" -eq 1 ] || fail "plan lists $rule $n times, expected once"
done
contains "$OUT" "  R2–3 "
contains "$OUT" "Questions for the vendors:"
n=$(sed -n '/^Questions for the vendors:$/,/^Main risks:$/p' "$OUT" | grep -c "how much host memory")
checks=$((checks + 1))
[ "$n" -eq 1 ] || fail "the host-memory question is asked $n times, expected once"
contains "$OUT" "  • Ask 示例供应商 G (Example vendor G), 示例供应商 E (Example vendor E), 示例供应商 F (Example vendor F), 示例供应商 D (Example vendor D), 示例供应商 C (Example vendor C) and 示例供应商 B (Example vendor B) how much host memory"
# The report confirms what it wrote.
run 0 report d.cplan --pdf d.pdf --lang en
contains "$OUT" "Wrote the report d.pdf"
run 0 plan d.cplan --job job-ft70b --xml
contains "$OUT" '<unconfirmed field="host-memory" quote="q-unknown">Not firm: it rests on host memory'
# A service's throughput columns are all the option's, over its replicas:
# q-4090 runs 8 one-GPU replicas (1 × 1 × 8: on the node they serve more
# than 4 of two GPUs, issue 21); 40.48 requests/s of 128 output tokens are
# 5,182 output tokens/s; 8 × 5,813 prefill tokens/s are 46,502.
run 0 plan d.cplan --job job-serve7b
contains "$OUT" "Output tokens/s (all replicas)"
contains "$OUT" "Prefill tokens/s (all replicas)"
contains "$OUT" "Requests/s (all replicas)"
checks=$((checks + 1))
grep -F "1 × 1 × 8" "$OUT" | grep -F "5,182" | grep -F "46,502" | grep -F -q "40.48" \
  || fail "q-4090's serving row is not 5,182 output and 46,502 prefill tokens/s, 40.48 requests/s"

# estimate says the basis of each rate too: a replica's decode and prefill,
# the machine's 2 replicas' requests and output (2 × 6,628 = 13,255 output
# tokens/s = 103.56 requests/s × 128 tokens; every size carries the 64
# requests on the machine, each holding 1,095 KV tokens on average as vLLM
# pages them, and two TP-4 replicas serve the most on it: eight one-GPU
# replicas 9,240, four TP-2 ones 13,005, one TP-8 9,695, issue 21).
run 0 estimate --model llama-2-7b --task inference --gpu h100-sxm --gpus-per-node 8 --concurrency 64 \
  --context 2048 --prompt-tokens 1024 --output-tokens 128 --price-per-gpu-hour 20
contains "$OUT" "Decode tokens/s per replica"
checks=$((checks + 1))
grep -F "Requests/s (all replicas)" "$OUT" | grep -F -q "103.56" || fail "estimate: no 103.56 Requests/s (all replicas)"
checks=$((checks + 1))
grep -F "Output tokens/s (all replicas)" "$OUT" | grep -F -q "13,255" || fail "estimate: no 13,255 Output tokens/s (all replicas)"

# --gpu takes the catalogue's id in any case and the name the window lists
# (walk37 W13); a name that is neither is still refused with the ids.
run 0 new g.cplan
run 0 add-quote g.cplan --id upper --gpu A800 --price-per-gpu-hour 12
run 0 add-quote g.cplan --id named --gpu "nvidia a800 80GB SXM" --price-per-gpu-hour 13
run 0 list g.cplan
checks=$((checks + 1))
[ "$(grep -c "8 × a800" "$OUT")" -eq 2 ] || fail "A800 and its display name are not both quote GPUs a800"
run 2 add-quote g.cplan --gpu "A800 80GB"
contains "$ERR" "--gpu: “A800 80GB” is not one of: a100-40g"

# edit-quote changes only what it is given (walk37 W12). A debugging job
# of 10 days rents one 8-GPU machine for 240 hours: at 12/GPU/h that is
# 8 × 12 × 240 = 23,040 CNY, edited to 10/GPU/h 8 × 10 × 240 = 19,200 CNY.
run 0 new q.cplan
run 0 add-quote q.cplan --id cheap --vendor "Cloud A" --gpu a800 --price-per-gpu-hour 12
run 0 add-job q.cplan --id dbg --task debug --duration-days 10
run 0 plan q.cplan --job dbg
contains "$OUT" "23,040 CNY"
run 0 edit-quote q.cplan cheap --price-per-gpu-hour 10 --vendor "Cloud B"
contains "$OUT" "Changed quote “cheap”"
run 0 list q.cplan
contains "$OUT" "Cloud B"
contains "$OUT" "10.00 CNY gpu-hour"
contains "$OUT" "8 × a800"
lacks "$OUT" "Cloud A "
run 0 plan q.cplan --job dbg
contains "$OUT" "19,200 CNY"
lacks "$OUT" "23,040 CNY"
# A refused edit leaves the file as it was; an unknown id is said in the
# user's language.
run 2 edit-quote q.cplan cheap --valid-until tomorrow
run 2 edit-quote q.cplan nosuch --price-per-gpu-hour 9
contains "$ERR" "compute-planner-cli edit-quote: the project has no quote “nosuch”: give a quote’s id or its position from 1 to 1, as list prints them"
LANGUAGE=zh_CN run 2 edit-quote q.cplan nosuch --price-per-gpu-hour 9
contains "$ERR" "项目中没有报价“nosuch”：请给出报价的 ID 或其序号（1 至 1），即 list 所列"
run 0 list q.cplan
contains "$OUT" "10.00 CNY gpu-hour"

# The README's command-line examples, in order, from a directory holding
# only the source tree's sample files and the tool where the README says.
mkdir -p "$TMP/readme/_build/src/cli"
ln -s "$CLI" "$TMP/readme/_build/src/cli/compute-planner-cli"
ln -s "$SRC/tests" "$TMP/readme/tests"
ln -s "$SRC/data" "$TMP/readme/data"
awk '/^```sh$/ { inside = 1; next } /^```$/ { inside = 0; next }
     inside { line = line $0; if (line ~ /\\$/) { sub(/\\$/, "", line); next } print line; line = "" }' \
  "$SRC/README.md" | grep '^_build/src/cli/compute-planner-cli ' > "$TMP/commands"
n=$(wc -l < "$TMP/commands")
checks=$((checks + 1))
[ "$n" -ge 15 ] || fail "only $n CLI commands found in README.md"
while IFS= read -r command; do
  checks=$((checks + 1))
  (cd "$TMP/readme" && eval "$command") >"$OUT" 2>"$ERR" </dev/null || fail "README command failed: $command"
done < "$TMP/commands"

finish
