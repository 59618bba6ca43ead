#!/bin/sh
# README's first command: install what is missing, build, and start the app
# on the demo project.
set -eu
cd "$(dirname "$0")/.."
. build-aux/deps.sh
cp_install_missing

[ -f _build/build.ninja ] || meson setup _build
ninja -C _build

export GSETTINGS_SCHEMA_DIR="$PWD/_build/data"
# The demo opens from a copy in the user's project folder, so edits made
# while trying the app never touch the build tree; a newer build refreshes it.
projects="${XDG_DATA_HOME:-$HOME/.local/share}/compute-planner"
mkdir -p "$projects"
demo="$projects/Demo.cplan"
cp -u _build/src/store/demo.cplan "$demo"
if [ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  echo "No display: starting under Xvfb (the window is not visible)." >&2
  # Without a session bus dconf cannot store settings; a key file can.
  [ -n "${DBUS_SESSION_BUS_ADDRESS:-}" ] || export GSETTINGS_BACKEND="${GSETTINGS_BACKEND:-keyfile}"
  exec xvfb-run -a ./_build/src/gui/compute-planner "$demo"
fi
exec ./_build/src/gui/compute-planner "$demo"
