#!/bin/sh
# Usage: check-lsan.sh TEST_LSAN
# Under AddressSanitizer, a GUI test program's own leak is reported with
# the fast unwinder, and GLib's first quark block is not (test-lsan.c).
set -u
prog=$1
out=$(mktemp)
trap 'rm -f "$out"' EXIT

fail () {
  cat "$out"
  echo "FAIL: $*" >&2
  exit 1
}

"$prog" >"$out" 2>&1 || fail "without a leak of its own, the program failed"
grep -q LeakSanitizer "$out" && fail "a leak was reported that the project did not make"
echo "ok: no leak reported past 2,048 quarks"

"$prog" --leak >"$out" 2>&1 && fail "the project's leak was not reported"
grep -q "ERROR: LeakSanitizer: detected memory leaks" "$out" ||
  fail "the program failed, but not on its leak"
grep -q "cp_test_lsan_drop_quote" "$out" || fail "the leak's stack does not name where it was made"
echo "ok: the project's leak is reported, where it was made"
