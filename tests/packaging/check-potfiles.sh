#!/bin/sh
# Usage: check-potfiles.sh SOURCE_DIR
# Fails when a source or UI file under src/ or ui/ has a message xgettext
# extracts (meson's 'glib' keywords) but po/POTFILES.in does not list it:
# its strings would never reach the translators, and check-translations.sh
# would not see them untranslated (src/cli/cli-estimate-table.c's table
# headings were missing so; issue 25). po/update-potfiles.sh rebuilds the
# list.
set -u
srcdir=$1

command -v xgettext >/dev/null 2>&1 || { echo "xgettext not found: skipping"; exit 77; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cd "$srcdir" || exit 1
find src ui -name '*.c' -o -name '*.h' -o -name '*.ui' | LC_ALL=C sort > "$tmp/candidates"
# Its warnings about non-ASCII message ids are no concern here.
LC_ALL=C.UTF-8 xgettext --from-code=UTF-8 --omit-header --no-wrap \
  --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 \
  --keyword=g_dcgettext:2 --keyword=g_dngettext:2,3 --keyword=g_dpgettext2:2c,3 \
  --files-from="$tmp/candidates" --output="$tmp/all.pot" 2> "$tmp/warnings" || {
  cat "$tmp/warnings" >&2
  exit 1
}
# "#: src/a.c:12 src/b.c:40" lines name the files with messages.
sed -n 's/^#: //p' "$tmp/all.pot" | tr ' ' '\n' | sed 's/:[0-9]*$//' | LC_ALL=C sort -u > "$tmp/with-messages"
sed -e 's/#.*//' -e '/^[[:space:]]*$/d' po/POTFILES.in | LC_ALL=C sort -u > "$tmp/listed"

missing=$(LC_ALL=C comm -23 "$tmp/with-messages" "$tmp/listed")
if [ -n "$missing" ]; then
  echo "files with translatable messages that po/POTFILES.in does not list (run po/update-potfiles.sh):" >&2
  echo "$missing" >&2
  exit 1
fi
echo "po/POTFILES.in lists all $(wc -l < "$tmp/with-messages") files with messages"
