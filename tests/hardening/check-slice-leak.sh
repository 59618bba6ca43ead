#!/bin/sh
# Usage: check-slice-leak.sh TEST_SLICE_LEAK
# Under AddressSanitizer with the tests' environment, a GList node the
# program drops is reported as a leak (test-slice-leak.c).
set -u
if ! quiet=$("$1" 2>&1) || [ -n "$quiet" ]; then
  printf '%s\nFAIL: without a leak, the program failed or printed something\n' "$quiet" >&2
  exit 1
fi
if leaked=$("$1" --leak 2>&1); then
  echo "FAIL: the GList node dropped was not reported (G_SLICE is “${G_SLICE:-}”: tests/meson.build sets always-malloc)" >&2
  exit 1
fi
case $leaked in
  *"Direct leak of 24 byte(s) in 1 object(s)"*) echo "ok: the dropped GList node is reported" ;;
  *) printf '%s\nFAIL: the program failed, but not on the node'\''s 24 bytes\n' "$leaked" >&2; exit 1 ;;
esac
