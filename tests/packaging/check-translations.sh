#!/bin/sh
# Usage: check-translations.sh SOURCE_DIR PO_FILE [POTFILES]
# Extracts the current messages from the files listed in POTFILES (default
# SOURCE_DIR/po/POTFILES.in) with the same keywords as meson's 'glib' preset,
# merges PO_FILE against them and fails unless every message is translated
# and none is fuzzy.
set -u
srcdir=$1
po=$2
potfiles=${3:-$srcdir/po/POTFILES.in}

for tool in xgettext msgmerge msgfmt msgattrib; do
  command -v "$tool" >/dev/null 2>&1 || { echo "$tool not found: skipping"; exit 77; }
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$potfiles" > "$tmp/files"
status=0
while read -r f; do
  if [ ! -f "$srcdir/$f" ]; then
    echo "listed in $potfiles but missing: $f" >&2
    status=1
  fi
done < "$tmp/files"
[ $status -eq 0 ] || exit 1

xgettext --package-name=compute-planner \
  --from-code=UTF-8 --add-comments \
  --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 \
  --keyword=g_dcgettext:2 --keyword=g_dngettext:2,3 --keyword=g_dpgettext2:2c,3 \
  --flag=N_:1:pass-c-format --flag=C_:2:pass-c-format --flag=NC_:2:pass-c-format \
  --flag=g_dngettext:2:pass-c-format --flag=g_strdup_printf:1:c-format \
  --flag=g_string_printf:2:c-format --flag=g_string_append_printf:2:c-format \
  --flag=g_error_new:3:c-format --flag=g_set_error:4:c-format \
  --flag=g_markup_printf_escaped:1:c-format --flag=g_log:3:c-format \
  --flag=g_print:1:c-format --flag=g_printerr:1:c-format --flag=g_printf:1:c-format \
  --flag=g_fprintf:2:c-format --flag=g_sprintf:2:c-format --flag=g_snprintf:3:c-format \
  --directory="$srcdir" --files-from="$tmp/files" \
  --output="$tmp/compute-planner.pot" || exit 1

msgmerge --quiet --output-file="$tmp/merged.po" "$po" "$tmp/compute-planner.pot" || exit 1

stats=$(LC_ALL=C msgfmt --check --statistics --output-file=/dev/null "$tmp/merged.po" 2>&1) || {
  echo "$stats" >&2
  exit 1
}
echo "$(basename "$po"): $stats"

count () {
  n=$(echo "$stats" | sed -n "s/.* \([0-9][0-9]*\) $1.*/\1/p")
  echo "${n:-0}"
}
untranslated_count=$(count 'untranslated message')
fuzzy_count=$(count 'fuzzy translation')

# Print the offending entries without the PO header (the first paragraph).
if [ "$untranslated_count" -gt 0 ]; then
  echo "$untranslated_count untranslated message(s):" >&2
  msgattrib --untranslated --no-obsolete --no-location "$tmp/merged.po" | sed '1,/^$/d' >&2
  status=1
fi
if [ "$fuzzy_count" -gt 0 ]; then
  echo "$fuzzy_count fuzzy message(s):" >&2
  msgattrib --only-fuzzy --no-obsolete --no-location "$tmp/merged.po" | sed '1,/^$/d' >&2
  status=1
fi
# The product is 算力方案规划 in every Chinese string (the window title, the
# PDF); a help window once said 算力规划器.
other_names=$(msgattrib --translated --no-obsolete --no-location "$tmp/merged.po" | grep -c '算力规划器')
if [ "$other_names" -gt 0 ]; then
  echo "$other_names message(s) name the product other than 算力方案规划:" >&2
  msgattrib --translated --no-obsolete --no-location "$tmp/merged.po" | grep -B3 '算力规划器' >&2
  status=1
fi
exit $status
