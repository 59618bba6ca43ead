#!/bin/sh
# Usage: smoke-xdotool.sh COMPUTE_PLANNER DEMO_CPLAN
# Drives the real application under its own Xvfb with real input events
# (xdotool): opens the catalogue model picker by keyboard, chooses an
# entry with the arrow keys and Enter, types a value into a field, and
# checks after each step that the window repainted and the process went
# back to idle (utime+stime in /proc/PID/stat, in 1/100 s, nearly still).
# Quitting saves; the file must hold what was chosen and typed.
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

# A display of our own: Xvfb picks a free number and writes it to fd 3.
Xvfb -displayfd 3 -nolisten tcp -screen 0 1280x800x24 3>"$tmp/display" 2>/dev/null &
xvfb_pid=$!
for i in $(seq 50); do
  [ -s "$tmp/display" ] && break
  sleep 0.1
done
[ -s "$tmp/display" ] || fail "Xvfb did not start"
export DISPLAY=":$(cat "$tmp/display")"

export XDG_DATA_HOME="$tmp/data"
export GSETTINGS_BACKEND=memory GTK_A11Y=none GDK_DEBUG=gl-disable GSK_RENDERER=cairo
mkdir -p "$XDG_DATA_HOME"
project="$tmp/Demo.cplan"
cp "$demo" "$project"
"$app" "$project" >"$tmp/app.log" 2>&1 &
app_pid=$!

window=""
for i in $(seq 300); do
  window=$(xdotool search --onlyvisible --pid "$app_pid" 2>/dev/null | tail -1)
  [ -n "$window" ] && break
  sleep 0.1
done
[ -n "$window" ] || fail "no window appeared"
xdotool windowsize "$window" 1280 800 windowmove "$window" 0 0
sleep 1.5

ticks () {
  awk '{ print $14 + $15 }' "/proc/$app_pid/stat"
}

# Idle: under 10 ticks (0.1 s of CPU) over one of five seconds in a row; a
# re-entering picker burns most of a core in every one of them, while a
# machine busy with other work only stretches how long the app takes to
# settle.
# CP_TEST_TIME_SCALE (set by build-aux/test.sh for the sanitizer build)
# gives a slower build longer to settle first.
settle=$(awk -v s="${CP_TEST_TIME_SCALE:-1}" 'BEGIN { print 0.5 * (s < 1 ? 1 : s) }')
pause=$(awk -v s="${CP_TEST_TIME_SCALE:-1}" 'BEGIN { print 0.8 * (s < 1 ? 1 : s) }')
assert_idle () {
  sleep "$settle"
  for second in 1 2 3 4 5; do
    before=$(ticks)
    sleep 1
    after=$(ticks)
    [ $((after - before)) -lt 10 ] && return 0
  done
  fail "$1: still busy ($((after - before)) ticks in each of 5 s)"
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

assert_repainted () {
  cmp -s "$tmp/$1.png" "$tmp/$2.png" && fail "$3: the window did not change"
  return 0
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
sleep "$pause"
shot open
assert_repainted start open "opening the picker"
assert_idle "picker open"

# Two entries down from "Custom" and Enter.
xdotool key Down Down Return
wait_windows "$base_windows" "the model picker did not close"
sleep "$pause"
shot picked
assert_repainted open picked "choosing a model"
assert_idle "after choosing a model"

# The field after the picker is Parameters: a value and Enter. 71B is no
# catalogue model's size, so the job's model becomes a custom one whichever
# entry the arrow keys reached (the picker may open with the focus in its
# search entry or on the chosen row).
xdotool key Tab ctrl+a
xdotool type --delay 40 '71B'
xdotool key Return
sleep "$pause"
shot typed
assert_repainted picked typed "typing a value"
assert_idle "after typing a value"

# Quitting saves the project.
xdotool key ctrl+q
for i in $(seq 100); do
  kill -0 "$app_pid" 2>/dev/null || break
  sleep 0.1
done
kill -0 "$app_pid" 2>/dev/null && fail "the application did not quit"
app_pid=""

row=$(sqlite3 "$project" "SELECT model_name || '|' || model_params FROM jobs ORDER BY position LIMIT 1")
case "$row" in
  "Custom (from "*")|71000000000.0") echo "saved: $row" ;;
  *) fail "the first job holds '$row', not the edited catalogue model at 71B" ;;
esac
echo "ok"
