#!/bin/sh
# test-cli-lead.sh: a lead at the terminal with a vendor's sheet (issues
# 26/22): positions list prints, what add-quote read, errors naming the
# command and the option, an unknown GPU's nearest names, a second price
# column, a monthly minimum term in 备注's words, the 910B's part (POSIX sh).
#
# Usage: test-cli-lead.sh PATH-TO-compute-planner-cli SOURCE-DIR

set -u

CLI=${1:?usage: test-cli-lead.sh PATH-TO-compute-planner-cli SOURCE-DIR}
SRC=${2:?usage: test-cli-lead.sh PATH-TO-compute-planner-cli SOURCE-DIR}
case $CLI in /*) ;; *) CLI=$(pwd)/$CLI ;; esac
case $SRC in /*) ;; *) SRC=$(pwd)/$SRC ;; esac
. "$(dirname "$0")/cli-lib.sh"
RUN_DIR=$TMP

# add-quote says what it read: 75,000 元 per node-month on 8-GPU nodes is
# 75000 / 730 h / 8 = 12.842 CNY per GPU-hour, printed to 4 figures.
run 0 new l.cplan
run 0 add-quote l.cplan --id h800 --vendor 深圳 --gpu h800 --nodes 4 --network infiniband --nics 8 --nic-gbps 400 \
  --price 75000元/台/月
contains "$OUT" "Read: NVIDIA H800 SXM 80GB × 8, 4 nodes; 12.84 CNY per GPU-hour (75,000 CNY per node-month ÷ 730 h ÷ 8);"
# 98 元 per node-hour on 8-GPU nodes: 98 / 8 = 12.25 CNY per GPU-hour.
run 0 add-quote l.cplan --id a800 --gpu a800 --price 98元/台/时
contains "$OUT" "12.25 CNY per GPU-hour (98 CNY per node-hour ÷ 8)"
LANGUAGE=zh_CN run 0 add-quote l.cplan --id zh --gpu h800 --price 75000元/台/月
contains "$OUT" "每卡时 12.84 CNY（每台月 75,000 CNY ÷ 730 小时 ÷ 8）"

# edit-quote and edit-job take the positions list prints, as --quote does.
run 0 edit-quote l.cplan 2 --vendor 华东
contains "$OUT" "Changed quote “a800”"
contains "$OUT" "Read: NVIDIA A800 80GB SXM × 8, 1 node; 12.25 CNY per GPU-hour"
run 0 list l.cplan
contains "$OUT" "华东"
run 0 add-job l.cplan --id ft --model llama-2-13b --task lora --tokens 100M
run 0 edit-job l.cplan 1 --name "LoRA 13B"
contains "$OUT" "Changed job “ft”"
run 2 edit-job l.cplan 4 --name x
contains "$ERR" "compute-planner-cli edit-job: the project has no job “4”: give a job’s id or its position from 1 to 1, as list prints them"

# Errors name the command, never the usage line's placeholders, and the option.
run 2 edit-quote l.cplan h800 --gpu h80
lacks "$ERR" "PROJECT"
contains "$ERR" "compute-planner-cli edit-quote: --gpu: “h80” is not one of:"
# "h80" is one edit from h800 and from h20, two from h200: the two nearest.
contains "$ERR" "did you mean NVIDIA H800 SXM 80GB (h800) or NVIDIA H20 96GB (h20)?"
run 2 add-quote l.cplan --gpu "H800 SXM"
contains "$ERR" "did you mean NVIDIA H800 SXM 80GB (h800)?"
LANGUAGE=zh_CN run 2 add-quote l.cplan --gpu "H800 SXM"
contains "$ERR" "是否指 NVIDIA H800 SXM 80GB (h800)？"
run 2 add-quote l.cplan --gpu xyz
lacks "$ERR" "did you mean"

# A network without its cards: the cards the GPU's servers commonly have
# (an H800's 8 × 400 Gb/s), said as assumed, not a rate the lead must
# invent (read38 F5); a GPU with no such build (the PCIe L20) names the
# options to give.
run 0 new cards.cplan
run 0 add-quote cards.cplan --gpu h800 --nodes 4 --network roce --nics 4
contains "$OUT" "Card rate not stated: assumed 400 Gb/s, common on NVIDIA H800 SXM 80GB nodes; ask the vendor (--nic-gbps)"
run 0 add-quote cards.cplan --gpu h800 --nodes 4 --network infiniband
contains "$OUT" "Network cards not stated: assumed 8 × 400 Gb/s InfiniBand, common on NVIDIA H800 SXM 80GB nodes; ask the vendor (--nics, --nic-gbps)"
run 0 add-quote cards.cplan --gpu ascend-910b3 --nodes 8 --network roce
contains "$OUT" "Network cards not stated: assumed 8 × 200 Gb/s RoCE, common on Huawei Ascend 910B3 64GB nodes"
run 2 add-quote l.cplan --gpu l20 --nodes 4 --network roce --nics 4
contains "$ERR" "compute-planner-cli add-quote: --nic-gbps: 4 nodes joined by a network need their network cards per node (--nics) and the line rate of one in Gb/s (--nic-gbps)"
LANGUAGE=zh_CN run 2 add-quote l.cplan --gpu l20 --nodes 4 --network roce
contains "$ERR" "--nics, --nic-gbps：4 台机器由网络互联"
run 2 estimate --model llama-2-13b --task lora --tokens 100M --gpu h800 --nodes 2 --network roce
contains "$ERR" "compute-planner-cli estimate: --nics, --nic-gbps: 2 nodes joined by a network need"
run 2 add-quote l.cplan --gpu h800 --nodes x
contains "$ERR" "compute-planner-cli add-quote: --nodes: “x” is not a number"

# estimate without a price: cost unknown, not infeasible; the figures say
# which of the 4 nodes asked for they are of (a 13B LoRA fits one machine).
run 0 estimate --model llama-2-13b --task lora --tokens 100M --gpu h800 --nodes 4 --network infiniband --nics 8 --nic-gbps 400
lacks "$OUT" "Not feasible"
contains "$OUT" "needs a price"
contains "$OUT" "1 node × 8 GPUs, as configured (of the 4 nodes asked for)"

# plan's Deadline cell says "Met" only when the calendar range's slow end
# keeps the deadline too: a 70B full fine-tune on one 8-GPU H800 machine
# takes about five days; with a deadline of 5.3 days the row's calendar
# cell (expected, then low–high) decides which words are right.
run 0 new d.cplan
run 0 add-quote d.cplan --id h --gpu h800 --price-per-gpu-hour 10
run 0 add-job d.cplan --id j --model llama-2-70b --task full-finetune --tokens 2B --deadline-days 5.3
run 0 plan d.cplan --job j
row=$(grep -E '^ +1  ' "$OUT")
calendar=$(printf '%s\n' "$row" | grep -oE '[0-9.]+ \([0-9.]+–[0-9.]+\)' | sed -n 2p)
expected=$(printf '%s\n' "$calendar" | sed 's/ .*//')
high=$(printf '%s\n' "$calendar" | sed 's/.*–//; s/)//')
checks=$((checks + 1))
[ -n "$high" ] || fail "no calendar range in the plan's row: $row"
if awk -v e="$expected" -v h="$high" 'BEGIN { exit !(e <= 5.3 && h > 5.3) }'; then
  contains "$OUT" "Met at the expected time; misses at the slow end"
elif awk -v h="$high" 'BEGIN { exit !(h <= 5.3) }'; then
  lacks "$OUT" "misses at the slow end"
fi
printf '%s\n' "$row" | grep -q -E ' Met {2,}' && fail "“Met” alone beside a calendar range ending past 5.3 days: $row"

# The vendor's sheet: 月租 prices one row of three and reads "Second price".
# Row 2 takes the 月租 75,000 per node-month over 单价 80,000: over the
# month both allow one machine costs 75,000 < 80,000; 75000 / 730 / 8 = 12.84.
cp "$(dirname "$0")/sheets/shenzhen-mixed-units.csv" "$TMP/sheet.csv"
run 0 new s.cplan
run 0 import-quotes s.cplan sheet.csv --dry-run
contains "$OUT" "→ Second price (guessed: a second price for the same machines"
lacks "$OUT" "→ Not used (guessed: a second price"
contains "$OUT" "line 3: imported: NVIDIA H800 SXM 80GB × 8, 4 nodes; 12.5 CNY per GPU-hour;"
contains "$OUT" "备注 “按月起租”: minimum term 730 h"
contains "$OUT" "line 4: imported: NVIDIA A800 80GB SXM × 8, 2 nodes; 12.84 CNY per GPU-hour (75,000 CNY per node-month ÷ 730 h ÷ 8);"
contains "$OUT" "备注 “起租1个月”: minimum term 730 h"
contains "$OUT" "GPU “昇腾910B” names no exact part: taken as Huawei Ascend 910B2 64GB — ask the vendor"
contains "$OUT" "备注 “min. 1 month”: minimum term 730 h"
LANGUAGE=zh_CN run 0 import-quotes s.cplan sheet.csv --dry-run
contains "$OUT" "第二价格"
contains "$OUT" "GPU“昇腾910B”未说明具体型号：按 Huawei Ascend 910B2 64GB 计——请向供应商确认"

finish
