#!/bin/sh
# README's second command: install what is missing, build everything and run
# every test headless, ending with "N passed, N failed".
set -eu
cd "$(dirname "$0")/.."
. build-aux/deps.sh
cp_install_missing

[ -f _build/build.ninja ] || meson setup _build -Dwerror=true
ninja -C _build

status=0
xvfb-run -a -s '-screen 0 1280x1024x24' meson test -C _build --print-errorlogs --num-processes 2 || status=$?
summary=$(sed -n "s/^\(Ok\|Fail\|Expected Fail\|Unexpected Pass\|Skipped\|Timeout\): *\([0-9]*\) *$/\1 \2/p" _build/meson-logs/testlog.txt | tail -n 6)
passed=$(echo "$summary" | awk '$1=="Ok"{n+=$2} $1=="Expected"{n+=$3} END{print n+0}')
failed=$(echo "$summary" | awk '$1=="Fail"||$1=="Timeout"{n+=$2} $1=="Unexpected"{n+=$3} END{print n+0}')
skipped=$(echo "$summary" | awk '$1=="Skipped"{n+=$2} END{print n+0}')
[ "$status" -ne 0 ] && [ "$failed" -eq 0 ] && failed=1
echo "$passed passed, $failed failed, $skipped skipped"
exit $status
