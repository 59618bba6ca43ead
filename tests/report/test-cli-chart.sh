#!/bin/sh
# test-cli-chart.sh: `compute-planner-cli chart` from the outside (POSIX sh).
#
# Usage: test-cli-chart.sh PATH-TO-compute-planner-cli
#
# The PNG's size is read from its IHDR chunk (bytes 16–23, big-endian
# width and height); the SVG must be well-formed XML (xmllint).

set -u

CLI=${1:?usage: test-cli-chart.sh PATH-TO-compute-planner-cli}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT INT TERM
failures=0
checks=0

fail () {
  failures=$((failures + 1))
  echo "FAIL: $*"
  sed 's/^/  stderr: /' "$TMP/err"
}

# run EXPECTED-STATUS ARGS…
run () {
  expected=$1
  shift
  checks=$((checks + 1))
  "$CLI" "$@" >"$TMP/out" 2>"$TMP/err"
  status=$?
  if [ "$status" -ne "$expected" ]; then
    fail "exit status $status, expected $expected: $*"
    return 1
  fi
  return 0
}

# stderr_names OPTION: the message names the option at fault.
stderr_names () {
  checks=$((checks + 1))
  grep -q -- "$1" "$TMP/err" || fail "the message does not name $1"
}

png_size () {
  od -An -tu1 -j16 -N8 "$1" | awk '{ printf "%d×%d", $1*16777216 + $2*65536 + $3*256 + $4, $5*16777216 + $6*65536 + $7*256 + $8 }'
}

PROJECT=$TMP/demo.cplan
run 0 demo "$PROJECT" || exit 1

# PNG at the size asked for, both kinds, both languages.
for kind in cost memory; do
  for lang in en zh_CN; do
    if run 0 chart "$PROJECT" --job 1 --kind "$kind" --lang "$lang" --width 1024 --height 576 --png "$TMP/$kind-$lang.png"; then
      checks=$((checks + 1))
      size=$(png_size "$TMP/$kind-$lang.png")
      [ "$size" = "1024×576" ] || fail "$kind $lang PNG is $size, not 1024×576"
    fi
  done
done
if run 0 chart "$PROJECT" --job 2 --kind cost --width 1920 --height 1080 --png "$TMP/big.png"; then
  checks=$((checks + 1))
  size=$(png_size "$TMP/big.png")
  [ "$size" = "1920×1080" ] || fail "PNG is $size, not 1920×1080"
fi

# The serving chart of the demo's inference job (job 3), both languages;
# a job that is not a service has none, and the message says which job.
for lang in en zh_CN; do
  if run 0 chart "$PROJECT" --job 3 --kind serving --lang "$lang" --width 1024 --height 576 --png "$TMP/serving-$lang.png"; then
    checks=$((checks + 1))
    size=$(png_size "$TMP/serving-$lang.png")
    [ "$size" = "1024×576" ] || fail "serving $lang PNG is $size, not 1024×576"
  fi
done
run 2 chart "$PROJECT" --job 1 --kind serving --png "$TMP/x.png" && stderr_names "job 1"

# SVG that parses, with the chart's title in it as text or glyphs.
if run 0 chart "$PROJECT" --job 3 --kind memory --lang en --width 1600 --height 900 --svg "$TMP/chart.svg"; then
  checks=$((checks + 1))
  if command -v xmllint >/dev/null 2>&1; then
    xmllint --noout "$TMP/chart.svg" 2>"$TMP/err" || fail "the SVG is not well-formed XML"
  fi
  checks=$((checks + 1))
  grep -q '<svg' "$TMP/chart.svg" || fail "no <svg> element"
  checks=$((checks + 1))
  grep -q 'width="1600' "$TMP/chart.svg" || fail "the SVG is not 1600 wide"
fi

# Bad values exit 2 and name the option.
run 2 chart "$PROJECT" --job 0 --kind cost --png "$TMP/x.png" && stderr_names --job
run 2 chart "$PROJECT" --job 99 --kind cost --png "$TMP/x.png" && stderr_names --job
run 2 chart "$PROJECT" --job one --kind cost --png "$TMP/x.png" && stderr_names --job
run 2 chart "$PROJECT" --kind cost --png "$TMP/x.png" && stderr_names --job
run 2 chart "$PROJECT" --job 1 --kind pie --png "$TMP/x.png" && stderr_names --kind
run 2 chart "$PROJECT" --job 1 --png "$TMP/x.png" && stderr_names --kind
run 2 chart "$PROJECT" --job 1 --kind cost --width 0 --png "$TMP/x.png" && stderr_names --width
run 2 chart "$PROJECT" --job 1 --kind cost --width wide --png "$TMP/x.png" && stderr_names --width
run 2 chart "$PROJECT" --job 1 --kind cost --height 99999 --png "$TMP/x.png" && stderr_names --height
run 2 chart "$PROJECT" --job 1 --kind cost --lang fr --png "$TMP/x.png" && stderr_names --lang
run 2 chart "$PROJECT" --job 1 --kind cost
run 2 chart "$PROJECT" --job 1 --kind cost --png "$TMP/x.png" --svg "$TMP/x.svg"
checks=$((checks + 1))
[ ! -e "$TMP/x.png" ] || fail "a refused command wrote a file"
run 1 chart "$TMP/missing.cplan" --job 1 --kind cost --png "$TMP/x.png"
run 1 chart "$PROJECT" --job 1 --kind cost --png "$TMP/no-such-dir/x.png"

# Help, and messages in the user's language.
run 0 chart --help && { checks=$((checks + 1)); grep -q -- '--kind' "$TMP/out" || fail "--help does not list --kind"; }
if LANGUAGE=zh_CN LANG=C.UTF-8 LC_ALL=C.UTF-8 run 2 chart "$PROJECT" --job 1 --kind pie --png "$TMP/x.png"; then
  checks=$((checks + 1))
  if [ -n "${CP_LOCALEDIR:-}" ] && [ -f "$CP_LOCALEDIR/zh_CN/LC_MESSAGES/compute-planner.mo" ]; then
    grep -q '可选值' "$TMP/err" || fail "the message is not in Chinese"
  fi
fi

echo "$((checks - failures)) passed, $failures failed"
[ "$failures" -eq 0 ]
