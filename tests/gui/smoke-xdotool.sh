#!/bin/sh
# Usage: smoke-xdotool.sh COMPUTE_PLANNER DEMO_CPLAN
# Drives the real application under its own Xvfb with real input events
# (xdotool): opens the catalogue model picker by keyboard, chooses an
# entry with the arrow keys and Enter, types a value into a field, and
# checks after each step that the window repainted and the application
# went back to waiting in its main loop (see assert_idle); then adds a
# quote from the header's menu by mouse and names it. Quitting saves; the
# file must hold what was chosen and typed.
#
# Nothing here is timed: each check waits for its condition, looking again
# until it holds; how many looks it may take is only a guard against a
# hang, far more than a loaded machine needs, so that load changes how
# long the test takes, never its verdict.
# Skips (77) without xdotool, Xvfb, ImageMagick's import or sqlite3.
set -u
app=$1
demo=$2

for tool in xdotool Xvfb sqlite3; do
  command -v "$tool" >/dev/null 2>&1 || { echo "$tool not found: skipping"; exit 77; }
done
[ -x /usr/bin/import ] || { echo "ImageMagick's import not found: skipping"; exit 77; }

tmp=$(mktemp -d)
xvfb_pid=""
app_pid=""
cleanup () {
  [ -n "$app_pid" ] && kill "$app_pid" 2>/dev/null
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT

fail () {
  echo "FAIL: $*" >&2
  exit 1
}

# Looks of 0.1 s a wait may take: only a guard against a hang.
hang_guard=1200

# A display of our own, answering before the app starts.
. "$(dirname "$0")/../common/own-display.sh"

export XDG_DATA_HOME="$tmp/data" XDG_CONFIG_HOME="$tmp/config"
export GSETTINGS_BACKEND=memory GTK_A11Y=none GDK_DEBUG=gl-disable GSK_RENDERER=cairo
mkdir -p "$XDG_DATA_HOME" "$XDG_CONFIG_HOME/gtk-4.0"
# No blinking cursor and no animations: the screen then changes only when
# the application acts on an input, and its main loop has no timer left
# once it has.
printf '[Settings]\ngtk-cursor-blink=false\ngtk-enable-animations=false\n' \
  >"$XDG_CONFIG_HOME/gtk-4.0/settings.ini"
project="$tmp/Demo.cplan"
cp "$demo" "$project"

# The app on its display until its window shows. An app that exits first
# is reported with what it printed; one that could not open a display
# whose server went away meanwhile (the socket lost to another server's
# cleanup, see own-display.sh) is started again on a new server, a
# bounded number of times.
start_app () {
  start_own_display
  export DISPLAY="$display"
  "$app" "$project" >"$tmp/app.log" 2>&1 &
  app_pid=$!
  window=""
  for i in $(seq "$hang_guard"); do
    window=$(xdotool search --onlyvisible --pid "$app_pid" 2>/dev/null | tail -1)
    [ -n "$window" ] && return 0
    kill -0 "$app_pid" 2>/dev/null || break
    sleep 0.1
  done
  cat "$tmp/app.log" >&2
  kill -0 "$app_pid" 2>/dev/null || { app_pid=""; return 1; }
  fail "no window appeared in $hang_guard looks, the app still running"
}
for app_attempt in 1 2 3; do
  start_app && break
  grep -q "cannot open display" "$tmp/app.log" ||
    fail "the app exited before showing a window (Xvfb on $display $(kill -0 "$xvfb_pid" 2>/dev/null && echo running || echo gone))"
  echo "# the app could not open $display (attempt $app_attempt): a new server"
  stop_own_display
  [ "$app_attempt" = 3 ] && fail "the app could not open a display, 3 servers tried"
done
xdotool windowsize "$window" 1280 800 windowmove "$window" 0 0

# Idle: the main thread asleep in the main loop's poll() of two or more
# descriptors (GLib's wakeup and the X connection; an X reply is awaited
# on one) with no timeout (-1): no source ready, no timer due, no frame
# being drawn. A handler that re-enters, re-queues itself as an idle or a
# frame callback, or never returns keeps the thread running or polling
# with a timeout, so it is never seen so, however long the test looks;
# a busy machine only delays the look that sees an idle application.
[ -r "/proc/$app_pid/syscall" ] && cat "/proc/$app_pid/syscall" >/dev/null 2>&1 \
  || { echo "/proc/PID/syscall not readable: skipping"; exit 77; }
main_loop_waiting () {
  # "7 FDS NFDS TIMEOUT ..." while asleep in poll() (x86-64), "271 FDS
  # NFDS TIMESPEC ..." in ppoll(), where no timespec is no timeout.
  set -- $(cat "/proc/$app_pid/syscall" 2>/dev/null) "" "" "" ""
  case "$1:$4" in
    7:0xffffffff|7:0xffffffffffffffff|271:0x0) [ $(($3)) -ge 2 ] ;;
    *) return 1 ;;
  esac
}
assert_idle () {
  for i in $(seq 1200); do
    main_loop_waiting && { echo "$1: idle at look $i"; return 0; }
    sleep 0.05
  done
  fail "$1: the main loop never went back to waiting (1200 looks)"
}

# The application's mapped windows: the main window, plus one while a
# picker's popover is open (GTK maps each popover as a window of its own).
windows () {
  xdotool search --onlyvisible --pid "$app_pid" 2>/dev/null | wc -l
}

# Waits until the application shows $1 windows; the count of polls is only
# a hang guard (60 s at 0.1 s), never what is asserted.
wait_windows () {
  for i in $(seq 600); do
    [ "$(windows)" -eq "$1" ] && return 0
    sleep 0.1
  done
  fail "$2"
}

shot () {
  /usr/bin/import -window root "$tmp/$1.png" || fail "no screenshot"
}

# Screenshot $2, taken again until it differs from $1: the application
# acted on the input. Nothing blinks or animates (settings.ini above), and
# $1 was taken once the application was idle, so only that input changes
# the screen.
assert_repainted () {
  for i in $(seq 300); do
    shot "$2"
    cmp -s "$tmp/$1.png" "$tmp/$2.png" || { echo "$3: changed at screenshot $i"; return 0; }
    sleep 0.05
  done
  fail "$3: the window did not change (300 screenshots)"
}

assert_idle "start"
shot start

# F6 twice: the sidebar, then the form; six Tabs from the job's name (name,
# kind, deadline, storage, notes, starts after) reach the catalogue model
# picker.
xdotool key F6 F6
for i in 1 2 3 4 5 6; do
  xdotool key Tab
done
base_windows=$(windows)
xdotool key space
wait_windows $((base_windows + 1)) "the model picker did not open"
assert_repainted start open "opening the picker"
assert_idle "picker open"
shot open

# Two entries down from "Custom" and Enter.
xdotool key Down Down Return
wait_windows "$base_windows" "the model picker did not close"
assert_repainted open picked "choosing a model"
assert_idle "after choosing a model"
shot picked

# The field after the picker is Parameters: a value and Enter. 71B is no
# catalogue model's size, so the job's model becomes a custom one whichever
# entry the arrow keys reached (the picker may open with the focus in its
# search entry or on the chosen row).
xdotool key Tab ctrl+a
xdotool type --delay 40 '71B'
xdotool key Return
assert_repainted picked typed "typing a value"
assert_idle "after typing a value"

# A quote added from the header's menu by mouse, named by typing and Tab,
# the path on which walkthrough 18 lost a vendor's name (shown, never
# saved; cp-field-row.c, on_root_focus_changed). Add Quote is the menu's
# second of two items: about two thirds down its window, shadow included.
xdotool mousemove 28 28 click 1
wait_windows $((base_windows + 1)) "the add menu did not open"
menu=$(xdotool search --onlyvisible --pid "$app_pid" 2>/dev/null | grep -v "^$window\$" | tail -1)
eval "$(xdotool getwindowgeometry --shell "$menu")"
xdotool mousemove $((X + WIDTH / 2)) $((Y + HEIGHT * 64 / 100)) click 1
wait_windows "$base_windows" "the add menu did not close"
assert_idle "after Add Quote"
xdotool key ctrl+a
xdotool type --delay 40 'Theta Cloud'
xdotool key Tab
assert_idle "after naming the quote"

# Quitting saves the project.
xdotool key ctrl+q
for i in $(seq 1200); do
  kill -0 "$app_pid" 2>/dev/null || break
  sleep 0.1
done
kill -0 "$app_pid" 2>/dev/null && fail "the application did not quit"
app_pid=""

# An edited model keeps its catalogue name; its source records the edit
# in no language (cp-spec-edit.h).
row=$(sqlite3 "$project" "SELECT model_id || '|' || model_params || '|' || substr(model_source, 1, 6) FROM jobs ORDER BY position LIMIT 1")
case "$row" in
  "custom|71000000000.0|typed:") echo "saved: $row" ;;
  *) fail "the first job holds '$row', not the edited catalogue model at 71B" ;;
esac
vendor=$(sqlite3 "$project" "SELECT vendor FROM quotes ORDER BY position DESC LIMIT 1")
[ "$vendor" = "Theta Cloud" ] || fail "the quote added holds vendor '$vendor', not the name typed"
echo "saved vendor: $vendor"
echo "ok"
