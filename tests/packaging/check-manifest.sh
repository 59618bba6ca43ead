#!/bin/sh
# Usage: check-manifest.sh MANIFEST APP_ID
# Parses the Flatpak manifest with flatpak-builder (offline: it does not
# need the SDK) and checks the parts the app relies on. Unknown properties
# are only warnings for flatpak-builder, so they fail here.
set -u
manifest=$1
app_id=$2

command -v flatpak-builder >/dev/null 2>&1 || { echo "flatpak-builder not found: skipping"; exit 77; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# flatpak-builder may want a writable home for its state.
HOME="$tmp" flatpak-builder --show-manifest "$manifest" > "$tmp/out" 2> "$tmp/err" || {
  cat "$tmp/err" >&2
  exit 1
}
status=0
if grep -q . "$tmp/err"; then
  cat "$tmp/err" >&2
  status=1
fi

# --show-manifest prints normalised JSON: one "key" : value per line.
expect () {
  if ! grep -qF "$1" "$tmp/out"; then
    echo "manifest lacks: $1" >&2
    status=1
  fi
}
expect "\"id\" : \"$app_id\""
expect '"runtime" : "org.gnome.Platform"'
expect '"sdk" : "org.gnome.Sdk"'
expect '"command" : "compute-planner"'
expect '"buildsystem" : "meson"'
expect '"type" : "dir"'

if ! grep -qE '"runtime-version" : "[0-9]+"' "$tmp/out"; then
  echo "manifest needs a numbered runtime-version" >&2
  status=1
fi

# The sandbox stays narrow: files come through the document portal.
finish_args=$(sed -n '/"finish-args" : \[/,/\]/p' "$tmp/out" | grep -o '"--[^"]*"' | tr -d '"' | LC_ALL=C sort | tr '\n' ' ')
expected='--device=dri --share=ipc --socket=fallback-x11 --socket=wayland '
if [ "$finish_args" != "$expected" ]; then
  echo "finish-args: expected '$expected', got '$finish_args'" >&2
  status=1
fi

exit $status
