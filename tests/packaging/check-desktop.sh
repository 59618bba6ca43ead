#!/bin/sh
# Usage: check-desktop.sh MERGED_DESKTOP_FILE
# Validates the merged desktop file and checks that the Chinese
# translations were merged in from po/zh_CN.po.
set -u
desktop=$1
status=0

command -v desktop-file-validate >/dev/null 2>&1 || { echo "desktop-file-validate not found: skipping"; exit 77; }
desktop-file-validate "$desktop" || status=1

expect () {
  if ! grep -qxF "$1" "$desktop"; then
    echo "missing line in $desktop: $1" >&2
    status=1
  fi
}
expect_key () {
  if ! grep -q "^$1=." "$desktop"; then
    echo "missing key in $desktop: $1" >&2
    status=1
  fi
}

expect 'Name=Compute Planner'
expect 'Name[zh_CN]=算力方案规划'
expect_key 'Comment\[zh_CN\]'
expect_key 'Keywords\[zh_CN\]'
expect 'Exec=compute-planner %f'
expect 'Icon=io.github.cplanner.ComputePlanner'
expect 'MimeType=application/x-compute-planner;'
expect 'DBusActivatable=false'

exit $status
