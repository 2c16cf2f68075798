#!/bin/sh
# Every source file with translatable strings must be in po/POTFILES.in (and
# every listed file must exist), or its strings never reach translators.
set -eu
root=$1
cd "$root"
listed=$(grep -v '^#' po/POTFILES.in | sed '/^$/d' | sort)
status=0
for f in $listed; do
  [ -f "$f" ] || { echo "po/POTFILES.in lists a missing file: $f" >&2; status=1; }
done
found=$( (grep -rlE '(^|[^A-Za-z0-9_])(N?_|C_|NC_|g_dngettext)[[:space:]]*\(' --include='*.c' src parsers;
          grep -rl 'translatable="yes"' --include='*.ui' resources;
          ls data/*.desktop.in data/*.metainfo.xml.in data/*.gschema.xml data/*.mime.xml) | sort -u)
for f in $found; do
  echo "$listed" | grep -qxF "$f" || { echo "translatable strings in $f, which po/POTFILES.in does not list" >&2; status=1; }
done
[ $status = 0 ] && echo "po/POTFILES.in lists all $(echo "$found" | wc -l) files with translatable strings"

# Messages xgettext cannot read (a G_GUINT64_FORMAT inside a msgid, a bad
# plural) reach translators broken: extract them as meson's glib preset does.
if command -v xgettext >/dev/null 2>&1; then
  sources=$(echo "$listed" | grep -E '\.(c|ui)$')
  log=$(xgettext --from-code=UTF-8 -o /dev/null --keyword=_ --keyword=N_ --keyword=C_:1c,2 \
          --keyword=NC_:1c,2 --keyword=g_dngettext:2,3 --keyword=ngettext:1,2 \
          --flag=N_:1:pass-c-format --flag=g_dngettext:2:pass-c-format \
          --flag=g_strdup_printf:1:c-format --flag=g_set_error:4:c-format $sources 2>&1 || true)
  if echo "$log" | grep -qiE 'warning|error'; then
    echo "xgettext complains:" >&2
    echo "$log" >&2
    status=1
  else
    echo "xgettext reads every message"
  fi
fi
exit $status
