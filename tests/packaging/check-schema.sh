#!/bin/sh
# Usage: check-schema.sh SCHEMA_DIR
# Reads every key through GSettings from the schemas compiled in the build
# directory (what the other tests use) and compares it with the default the
# window and store code rely on.
set -u
schema_dir=$1
schema=io.github.cplanner.ComputePlanner
status=0

command -v gsettings >/dev/null 2>&1 || { echo "gsettings not found: skipping"; exit 77; }

export GSETTINGS_SCHEMA_DIR="$schema_dir"
export GSETTINGS_BACKEND=memory

check () {
  got=$(gsettings get "$schema" "$1" 2>&1)
  if [ "$got" != "$2" ]; then
    echo "$1: expected $2, got $got" >&2
    status=1
  fi
}

check window-width 1280
check window-height 800
check window-maximized false
check last-project "''"
check recent-projects '@as []'
check autosave true

keys=$(gsettings list-keys "$schema" | LC_ALL=C sort | tr '\n' ' ')
expected='autosave export-pdf export-xml last-project recent-projects window-height window-maximized window-width '
if [ "$keys" != "$expected" ]; then
  echo "keys: expected '$expected', got '$keys'" >&2
  status=1
fi

exit $status
