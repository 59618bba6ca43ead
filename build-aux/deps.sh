#!/bin/sh
# Installs the Debian 12 packages the project needs, when any is missing.
# Sourced by run.sh and test.sh; quick when everything is there.
set -eu

CP_PACKAGES="build-essential meson ninja-build pkg-config libgtk-4-dev libadwaita-1-dev \
libsqlite3-dev libxml2-dev libjson-glib-dev libgsf-1-dev gettext libglib2.0-dev-bin desktop-file-utils appstream \
xvfb xauth poppler-utils fonts-noto-cjk fonts-wqy-microhei libxml2-utils sqlite3 \
shared-mime-info flatpak-builder bubblewrap imagemagick valgrind xdotool"

cp_install_missing () {
  missing=""
  for p in $CP_PACKAGES "$@"; do
    dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' || missing="$missing $p"
  done
  [ -z "$missing" ] && return 0
  if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
  echo "Installing:$missing"
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends $missing
}
