#!/bin/sh
# Usage: on-own-display.sh WIDTHxHEIGHT PROGRAM [ARGUMENT...]
# Runs a GUI test program on an Xvfb server of its own, of that screen
# size, and stops the server after it. Each test owning its server is
# what lets the GUI tests run beside the rest of the suite (issue 24: the
# README's test command on two busy cores): under xvfb-run -a, two tests
# started together could pick the same free display number, so they ran
# one at a time. The server picks its number itself (own-display.sh).
set -u
own_display_screen=$1
shift
tmp=$(mktemp -d)
# Looks of 0.1 s a wait for the server may take: a guard against a hang.
hang_guard=1200
fail () {
  echo "Bail out! $*"
  exit 1
}
. "$(dirname "$0")/../common/own-display.sh"
trap 'stop_own_display; rm -rf "$tmp"' EXIT
start_own_display
DISPLAY=$display "$@"
