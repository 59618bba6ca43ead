#!/bin/sh
# Usage: check-mime.sh MERGED_MIME_XML
# Builds a private MIME database with only this package added and checks
# how GIO classifies project files: by the *.cplan glob, by the SQLite
# application_id a project carries (renamed file), and that an ordinary
# SQLite database is not claimed.
set -u
mime_xml=$1

for tool in xmllint update-mime-database gio; do
  command -v "$tool" >/dev/null 2>&1 || { echo "$tool not found: skipping"; exit 77; }
done

xmllint --noout "$mime_xml" || exit 1

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/share/mime/packages"
cp "$mime_xml" "$tmp/share/mime/packages/io.github.cplanner.ComputePlanner.xml"
cp /usr/share/mime/packages/freedesktop.org.xml "$tmp/share/mime/packages/" 2>/dev/null || true
XDG_DATA_DIRS="$tmp/share" update-mime-database "$tmp/share/mime" || exit 1

# A 100-byte SQLite header: magic string, then PRAGMA application_id at
# offset 68 (big-endian); $1 is a printf format for those four bytes.
sqlite_header () {
  printf 'SQLite format 3\000'
  head -c 52 /dev/zero
  printf "$1"
  head -c 28 /dev/zero
}
sqlite_header 'CPLN' > "$tmp/plan.cplan"
sqlite_header 'CPLN' > "$tmp/renamed-plan"
sqlite_header '\000\000\000\000' > "$tmp/other-database"

status=0
check () {
  got=$(XDG_DATA_HOME="$tmp/share" XDG_DATA_DIRS="$tmp/share" \
        gio info -a standard::content-type "$tmp/$1" |
        sed -n 's/^ *standard::content-type: //p')
  if [ "$got" != "$2" ]; then
    echo "$1: expected $2, got $got" >&2
    status=1
  fi
}
check plan.cplan application/x-compute-planner
check renamed-plan application/x-compute-planner
check other-database application/vnd.sqlite3

if ! grep -q '<comment xml:lang="zh_CN">算力方案规划项目</comment>' "$mime_xml"; then
  echo "$mime_xml lacks the zh_CN comment" >&2
  status=1
fi
exit $status
