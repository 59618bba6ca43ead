# Sourced by the tests that need an X server of their own
# (tests/gui/on-own-display.sh, smoke-xdotool.sh,
# tests/packaging/check-install.sh).
#
# start_own_display: starts Xvfb on a number it picks itself (written to
# fd 3) and returns once the server answers; sets $display and $xvfb_pid.
# It must answer before the app is started: when the app could not open
# the display once (CI 11-1, ASan stage, load 15), this tells a server
# that died from an app that failed. With other X servers starting and
# stopping on the machine (concurrent CI runs), a number just freed by a
# server on its way out can lose its socket to that server's cleanup
# (CI 13-6: ":1 answered, then did not"): then the server is replaced by
# a new one, a bounded number of times. Needs $tmp, $hang_guard (how
# many looks of 0.1 s a wait may take, a guard against a hang only) and
# fail(); $own_display_screen, if set, is the screen's size (1280x800
# otherwise).
own_display_answers () {
  rm -f "$tmp/display"
  Xvfb -displayfd 3 -nolisten tcp -screen 0 "${own_display_screen:-1280x800}x24" \
    3>"$tmp/display" 2>/dev/null &
  xvfb_pid=$!
  for i in $(seq "$hang_guard"); do
    [ -s "$tmp/display" ] && break
    kill -0 "$xvfb_pid" 2>/dev/null || return 1
    sleep 0.1
  done
  [ -s "$tmp/display" ] || return 1
  display=":$(cat "$tmp/display")"
  for i in $(seq "$hang_guard"); do
    DISPLAY=$display xdotool getdisplaygeometry >/dev/null 2>&1 && break
    kill -0 "$xvfb_pid" 2>/dev/null || return 1
    sleep 0.1
  done
  # Answering twice, while ours still runs: the socket is this server's.
  # Clients outside a sandbox reach it by its abstract name, which no
  # other server can remove; a sandboxed app (check-install.sh) only by
  # the socket file, which must be there too.
  DISPLAY=$display xdotool getdisplaygeometry >/dev/null 2>&1 &&
    DISPLAY=$display xdotool getdisplaygeometry >/dev/null 2>&1 &&
    [ -S "/tmp/.X11-unix/X${display#:}" ] &&
    kill -0 "$xvfb_pid" 2>/dev/null
}

stop_own_display () {
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null && wait "$xvfb_pid" 2>/dev/null
  xvfb_pid=""
}

start_own_display () {
  display=""
  for display_attempt in 1 2 3 4 5; do
    own_display_answers && return 0
    echo "# Xvfb ${display:-(no display)} did not answer (attempt $display_attempt): starting another"
    stop_own_display
  done
  fail "Xvfb on ${display:-(no display)} does not answer, 5 servers tried"
}
