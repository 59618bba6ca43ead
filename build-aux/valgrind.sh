#!/bin/sh
# Runs the tests of the parsers of outside input under valgrind's memcheck
# and fails on any memory error or definite leak ("definitely lost": memory no
# pointer reaches any more) of the project's own code. Reachable and
# possible leaks are the one-time allocations of GLib's type system, quarks
# and caches, and are not reported; third-party one-time leaks are
# suppressed from the same list as the ASan run, build-aux/lsan.supp.
#
#   build-aux/valgrind.sh [BUILD_DIR]      (default: _build, not an ASan build)
#   build-aux/valgrind.sh --list           the tests it runs, as ninja targets
#
# Prints one line per test and a summary; exits non-zero if any failed.
# Logs are in BUILD_DIR/meson-logs/valgrind/.
set -u
cd "$(dirname "$0")/.."

# memcheck is here for what AddressSanitizer cannot see: reads of
# uninitialised memory, which reach a decision or a figure most easily
# from input the project parses. So the tests that feed the parsers of
# outside input run here: project files, quote sheets (CSV, xlsx, ods),
# config.json, unit strings, the catalogue loader, gettext catalogues,
# hostile values through every door, and every fuzz seed and finding.
# Memory errors and leaks everywhere else are the ASan+UBSan run's
# (test.sh), on every test. Left out: the model's and the reports' tests
# (test-estimate, test-catalog-current, test-figures, test-report), the
# killed savers (test-kill-save), and test-cli-project, whose commands run
# in child processes that memcheck does not follow. The GUI tests need a
# display and GTK's own caches swamp memcheck; the packaging checks are
# scripts.
tests="
tests/hardening/test-limits
tests/report/test-translator
tests/store/test-store
tests/fuzz/test-regressions
tests/store/test-quote-sheets
tests/store/test-quote-csv
tests/cli/test-catalog
tests/store/test-model-config
tests/cli/test-units
"
if [ "${1:-}" = --list ]; then
  echo $tests
  exit 0
fi

build=${1:-_build}
logs="$build/meson-logs/valgrind"
rm -rf "$logs"
mkdir -p "$logs"

# "leak:libfoo.so" in lsan.supp becomes a memcheck suppression of definite
# leaks with libfoo.so anywhere in the allocation's stack.
supp="$logs/lsan.supp.valgrind"
sed -n 's/^leak:\(.*\)$/\1/p' build-aux/lsan.supp | while read -r lib; do
  printf '{\n  lsan.supp:%s\n  Memcheck:Leak\n  match-leak-kinds: definite\n  ...\n  obj:*%s*\n}\n' \
    "$lib" "$lib"
done >"$supp"

export LANG=C.UTF-8 GSETTINGS_BACKEND=memory G_DEBUG=fatal-criticals
export CP_SOURCE_DIR="$PWD" CP_BUILD_DIR="$PWD/$build"
export CP_CLI="$PWD/$build/src/cli/compute-planner-cli"
# GLib's slice allocator would hide frees from memcheck.
export G_SLICE=always-malloc
# memcheck runs code 20-50 times slower: the tests' bounds on CPU time stretch.
export CP_TIME_FACTOR=50

# One test under memcheck; prints one line, "ok" or "FAIL".
check_one() {
  t=$1
  exe="$build/$t"
  name=$(basename "$t")
  # Every test listed here is built by every build: one missing means
  # the stage lost what it checks, which is a failure, not a skip.
  if [ ! -x "$exe" ]; then
    echo "FAIL $name (not built)"
    return
  fi
  start=$(date +%s)
  # One log per process (%p). Processes a test forks (savers killed on
  # purpose, lock holders that _exit()) are checked for memory errors but
  # not for leaks: at _exit() the parent's objects they inherited look
  # lost, though the parent frees them.
  valgrind --leak-check=full --errors-for-leak-kinds=definite \
    --show-leak-kinds=definite --num-callers=40 --suppressions="$supp" \
    --log-file="$logs/$name.%p.log" \
    "$exe" --tap -k >"$logs/$name.tap" 2>&1 &
  pid=$!
  wait "$pid"
  status=$?
  main_log="$logs/$name.$pid.log"
  errors=$(sed -n 's/.*ERROR SUMMARY: \([0-9]*\) errors.*/\1/p' "$main_log" | tail -n 1)
  child_errors=$(cat "$logs/$name".*.log | grep -c -E 'Invalid (read|write|free)|uninitialised|Mismatched free|overlap')
  took=$(( $(date +%s) - start ))
  if [ "$status" -eq 0 ] && [ "${errors:-1}" -eq 0 ] && [ "$child_errors" -eq 0 ]; then
    echo "ok   $name (${took} s)"
  else
    echo "FAIL $name (${took} s): exit $status, ${errors:-?} errors, $child_errors in forked children;" \
         "see $main_log and $logs/$name.tap"
  fi
}

# Two lanes at a time (memcheck runs one thread per process, and the
# machine has two cores): the stage took 7 minutes one by one. The tests
# are dealt to the lanes in turn from the longest down. Each lane has its
# own list: two readers of one pipe would each take bytes of the same
# line. Each result line goes to its own file, so the two never interleave.
run_lane() {
  for t in "$@"; do
    check_one "$t" >"$logs/$(basename "$t").result"
  done
}
lane0="" lane1="" i=0
for t in $tests; do
  if [ $((i % 2)) -eq 0 ]; then lane0="$lane0 $t"; else lane1="$lane1 $t"; fi
  i=$((i + 1))
done
# shellcheck disable=SC2086 # each lane is a list of words
run_lane $lane0 &
# shellcheck disable=SC2086
run_lane $lane1 &
wait
# A test without its result line (its lane died) failed too.
for t in $tests; do
  cat "$logs/$(basename "$t").result" 2>/dev/null || echo "FAIL $(basename "$t") (no result)"
done
n_tests=$(echo $tests | wc -w)
passed=$(cat "$logs"/*.result 2>/dev/null | grep -c '^ok')
failed=$((n_tests - passed))

echo "valgrind: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
