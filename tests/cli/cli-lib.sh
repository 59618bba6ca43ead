# cli-lib.sh: what the command-line tool's shell tests share (POSIX sh).
#
# Sourced after the script has set CLI (an absolute path when RUN_DIR is
# set). Makes TMP (removed on exit), OUT and ERR (the last run's output),
# counts checks and failures, and gives:
#   run EXPECTED-STATUS ARGS…  runs "$CLI" ARGS in RUN_DIR (default: the
#                              current directory); checks its exit status
#   contains FILE TEXT, lacks FILE TEXT   fixed-string match, or none
#   element NAME                the text of the first <NAME …>…</NAME> of OUT
#   near NAME EXPECTED RELATIVE-TOLERANCE, exactly NAME EXPECTED
#   finish                      the closing line; its status is the test's
# Expected values stay in the scripts, hand calculations or PUBLISHED.md
# rows, never the program's own output.

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT INT TERM
OUT=$TMP/out
ERR=$TMP/err
RUN_DIR=.
failures=0
checks=0

fail () {
  failures=$((failures + 1))
  echo "FAIL: $*"
  echo "--- stdout"; cat "$OUT"
  echo "--- stderr"; cat "$ERR"
  echo "---"
}

run () {
  expected=$1
  shift
  checks=$((checks + 1))
  (cd "$RUN_DIR" && "$CLI" "$@") >"$OUT" 2>"$ERR"
  status=$?
  if [ "$status" -ne "$expected" ]; then
    fail "exit status $status, expected $expected: $*"
    return 1
  fi
  return 0
}

contains () {
  checks=$((checks + 1))
  if ! grep -F -q -- "$2" "$1"; then
    fail "“$2” not in $(basename "$1")"
  fi
}

lacks () {
  checks=$((checks + 1))
  if grep -F -q -- "$2" "$1"; then
    fail "“$2” in $(basename "$1")"
  fi
}

element () {
  sed -n "s|.*<$1[^>]*>\\([^<]*\\)</$1>.*|\\1|p" "$OUT" | head -n 1
}

near () {
  checks=$((checks + 1))
  value=$(element "$1")
  if ! awk -v v="$value" -v e="$2" -v t="$3" \
       'BEGIN { d = v - e; if (d < 0) d = -d; a = e < 0 ? -e : e; exit !(v != "" && d <= t * a) }'; then
    fail "<$1> is “$value”, expected $2 (± $3 relative)"
  fi
}

exactly () {
  checks=$((checks + 1))
  value=$(element "$1")
  if [ "$value" != "$2" ]; then
    fail "<$1> is “$value”, expected “$2”"
  fi
}

finish () {
  echo "$checks checks, $failures failures"
  [ "$failures" -eq 0 ]
}
