#!/bin/sh
# Usage: check-install.sh BUILD_DIR
# Installs the build the way the Flatpak does (issue 24) and runs what was
# installed, nothing of the build tree:
#
#   meson install --destdir ROOT     (the build is set up with --prefix=/app
#                                     by build-aux/test.sh, as flatpak-builder
#                                     does; another prefix is installed and
#                                     checked the same way)
#   glib-compile-schemas, gtk-update-icon-cache, update-mime-database
#                                    (flatpak-builder's install and finish
#                                     steps; meson skips its own post-install
#                                     under --destdir)
#
# then, in a bubblewrap sandbox laid out as a Flatpak's (the host's /usr
# as the runtime, ROOT/app bound at /app, an empty home, XDG_DATA_DIRS=
# /app/share:/usr/share, none of the variables the build tree's tests set):
# the installed CLI writes a Chinese PDF report (its translations found
# under the prefix it was built for), and the installed app opens the demo
# project under Xvfb and shows its window (schemas, resources, the icon
# theme and the catalogue found). Outside the sandbox the installed desktop
# file, metainfo and MIME type are validated, and the desktop file's icon
# is checked to be where the icon theme looks for it.
#
# Skips (77) without bwrap, Xvfb, xdotool, pdftotext or the validators.
set -u
build=$1

for tool in bwrap Xvfb xdotool pdftotext desktop-file-validate appstreamcli \
            glib-compile-schemas gtk-update-icon-cache update-mime-database meson; do
  command -v "$tool" >/dev/null 2>&1 || { echo "$tool not found: skipping"; exit 77; }
done

fail () {
  echo "FAIL: $*" >&2
  exit 1
}

# Polls of 0.1 s at most per wait: a hang guard of 300 s, far above what
# any run needs, never a time the test asserts.
hang_guard=3000

tmp=$(mktemp -d)
xvfb_pid=""
cleanup () {
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT

prefix=$(meson introspect --buildoptions "$build" |
         python3 -c 'import json, sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"] == "prefix"))') ||
  fail "no prefix in $build"
case "$prefix" in
  /app) ;;
  *) echo "# $build is set up for $prefix, not /app as the Flatpak: checking that prefix" ;;
esac

root="$tmp/root"
meson install -C "$build" --destdir "$root" --no-rebuild --quiet >"$tmp/install.log" 2>&1 ||
  { cat "$tmp/install.log"; fail "meson install"; }
installed="$root$prefix"
share="$installed/share"
app_id=io.github.cplanner.ComputePlanner
[ -x "$installed/bin/compute-planner" ] || fail "no $prefix/bin/compute-planner installed"
[ -x "$installed/bin/compute-planner-cli" ] || fail "no $prefix/bin/compute-planner-cli installed"

glib-compile-schemas --strict "$share/glib-2.0/schemas" || fail "the installed schema does not compile"
gtk-update-icon-cache --quiet --force --ignore-theme-index "$share/icons/hicolor" ||
  fail "gtk-update-icon-cache on the installed icons"
update-mime-database "$share/mime" >/dev/null || fail "update-mime-database on the installed MIME type"

# What the desktop, the software centre and the file manager read.
desktop="$share/applications/$app_id.desktop"
metainfo="$share/metainfo/$app_id.metainfo.xml"
desktop-file-validate "$desktop" || fail "the installed desktop file"
appstreamcli validate --no-net "$metainfo" || fail "the installed metainfo"
icon=$(sed -n 's/^Icon=//p' "$desktop")
[ -f "$share/icons/hicolor/scalable/apps/$icon.svg" ] ||
  fail "the desktop file's icon $icon is not in $prefix/share/icons/hicolor/scalable/apps"
grep -q "$prefix/bin/compute-planner\|^Exec=compute-planner " "$desktop" ||
  fail "the desktop file does not run compute-planner"

# A display of our own, answering before the app starts.
. "$(dirname "$0")/../common/own-display.sh"
start_own_display

# The sandbox: the runtime read-only, the app at its prefix, an empty
# home and /tmp, the X socket; only the variables a Flatpak sets. With no
# session bus, settings go to a key file in the home, as GLib does inside
# a Flatpak.
mkdir -p "$tmp/home" "$tmp/work"
sandbox () {
  bwrap --ro-bind /usr /usr --ro-bind /etc /etc \
        --symlink usr/lib /lib --symlink usr/lib64 /lib64 --symlink usr/bin /bin --symlink usr/sbin /sbin \
        --ro-bind-try /var/cache/fontconfig /var/cache/fontconfig \
        --proc /proc --dev /dev --tmpfs /tmp \
        --bind "$installed" "$prefix" \
        --bind "$tmp/home" /home/user --bind "$tmp/work" /work \
        --ro-bind /tmp/.X11-unix /tmp/.X11-unix \
        --chdir /work --unshare-pid --die-with-parent \
        --clearenv \
        --setenv PATH "$prefix/bin:/usr/bin:/bin" \
        --setenv HOME /home/user \
        --setenv XDG_DATA_DIRS "$prefix/share:/usr/share" \
        --setenv XDG_DATA_HOME /home/user/.local/share \
        --setenv XDG_CONFIG_HOME /home/user/.config \
        --setenv XDG_CACHE_HOME /home/user/.cache \
        --setenv LANG C.UTF-8 \
        --setenv GSETTINGS_BACKEND keyfile \
        --setenv DISPLAY "$display" \
        --setenv GDK_DEBUG gl-disable --setenv GSK_RENDERER cairo --setenv GTK_A11Y none \
        ${ASAN_OPTIONS:+--setenv ASAN_OPTIONS "$ASAN_OPTIONS"} \
        ${LSAN_OPTIONS:+--setenv LSAN_OPTIONS "$LSAN_OPTIONS"} \
        ${UBSAN_OPTIONS:+--setenv UBSAN_OPTIONS "$UBSAN_OPTIONS"} \
        "$@"
}
# The sanitizer build's suppressions live in the source tree, outside the
# sandbox: a copy goes into its /work. (The option is read by its own name:
# print_suppressions=0 follows it in test.sh.)
supp=$(printf '%s\n' "${LSAN_OPTIONS:-}" | tr ':' '\n' | sed -n 's/^suppressions=//p')
if [ -n "$supp" ]; then
  cp "$supp" "$tmp/work/lsan.supp" || fail "no LSan suppressions at $supp"
  LSAN_OPTIONS=$(printf '%s\n' "$LSAN_OPTIONS" | tr ':' '\n' |
                 sed 's|^suppressions=.*|suppressions=/work/lsan.supp|' | paste -sd: -)
fi

# The CLI: a demo project and its report in Chinese, from the catalogue
# installed under the prefix.
sandbox compute-planner-cli demo demo.cplan >"$tmp/cli.log" 2>&1 ||
  { cat "$tmp/cli.log"; fail "the installed CLI could not write the demo"; }
sandbox compute-planner-cli report demo.cplan --lang zh_CN --pdf report.pdf >"$tmp/cli.log" 2>&1 ||
  { cat "$tmp/cli.log"; fail "the installed CLI could not write a Chinese report"; }
pdftotext "$tmp/work/report.pdf" "$tmp/report.txt" || fail "the report is not a PDF"
# "Compute plan: %s" in po/zh_CN.po's words: the catalogue under the prefix.
grep -q "算力方案：" "$tmp/report.txt" ||
  { head -20 "$tmp/report.txt"; fail "the report is not in Chinese: no translation found under $prefix"; }
echo "ok: the installed CLI wrote a Chinese report"

# The app: opens the demo and shows it. Any GLib warning (a missing schema
# or icon, a resource not found) is fatal.
# The first line of list: the project's name, which the window's title
# carries.
name=$(sandbox compute-planner-cli list demo.cplan 2>/dev/null | head -n 1)
[ -n "$name" ] || fail "the installed CLI lists no project name"
# Under AddressSanitizer the GUI's leaks are the GUI tests' to check
# (tests/gui/cp-test-gui-lsan.c); here only memory errors count.
# An app that could not open a display whose socket file another
# server's cleanup removed meanwhile (see own-display.sh; the sandbox
# reaches the server only by that file) is started again on a new
# server, a bounded number of times.
start_app () {
  sandbox env G_DEBUG=fatal-warnings ${ASAN_OPTIONS:+ASAN_OPTIONS=$ASAN_OPTIONS:detect_leaks=0} \
    compute-planner /work/demo.cplan >"$tmp/app.log" 2>&1 &
  app_pid=$!
  window=""
  for i in $(seq "$hang_guard"); do
    kill -0 "$app_pid" 2>/dev/null || return 1
    window=$(DISPLAY=$display xdotool search --onlyvisible --name "Compute Planner" 2>/dev/null | tail -n 1)
    [ -n "$window" ] && return 0
    sleep 0.1
  done
  return 0
}
for app_attempt in 1 2 3; do
  start_app && break
  cat "$tmp/app.log"
  kill -0 "$xvfb_pid" 2>/dev/null || fail "the installed app exited: Xvfb on $display had exited"
  grep -q "cannot open display" "$tmp/app.log" ||
    fail "the installed app exited (Xvfb on $display still running)"
  echo "# the installed app could not open $display (attempt $app_attempt): a new server"
  [ "$app_attempt" = 3 ] && fail "the installed app could not open a display, 3 servers tried"
  stop_own_display
  start_own_display
done
[ -n "$window" ] || { cat "$tmp/app.log"; fail "the installed app showed no window with the demo"; }
title=$(DISPLAY=$display xdotool getwindowname "$window")
case "$title" in
  "$name — Compute Planner") echo "ok: the installed app shows “$title”" ;;
  *) cat "$tmp/app.log"; fail "the installed app's window is “$title”, not the demo “$name”" ;;
esac
DISPLAY=$display xdotool key --window "$window" ctrl+q
for i in $(seq "$hang_guard"); do
  kill -0 "$app_pid" 2>/dev/null || break
  sleep 0.1
done
if kill -0 "$app_pid" 2>/dev/null; then
  kill "$app_pid"
  fail "the installed app did not quit"
fi
wait "$app_pid" || { cat "$tmp/app.log"; fail "the installed app failed"; }
if grep -q "WARNING\|CRITICAL\|ERROR" "$tmp/app.log"; then
  cat "$tmp/app.log"
  fail "the installed app warned"
fi
echo "ok"
