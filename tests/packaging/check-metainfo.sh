#!/bin/sh
# Usage: check-metainfo.sh MERGED_METAINFO_FILE
# Validates the merged metainfo offline and checks that the Chinese
# translations were merged in.
set -u
metainfo=$1
status=0

command -v appstreamcli >/dev/null 2>&1 || { echo "appstreamcli not found: skipping"; exit 77; }
appstreamcli validate --no-net --explain "$metainfo" || status=1

for pattern in \
    '<name xml:lang="zh_CN">算力方案规划</name>' \
    '<summary xml:lang="zh_CN">' \
    '<p xml:lang="zh_CN">' \
    '<release version="0.1.0" date="2026-11-30"' \
    '<launchable type="desktop-id">io.github.cplanner.ComputePlanner.desktop</launchable>'; do
  if ! grep -qF "$pattern" "$metainfo"; then
    echo "missing in $metainfo: $pattern" >&2
    status=1
  fi
done

exit $status
