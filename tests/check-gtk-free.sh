#!/bin/sh
# The readers, the model and the renderers must not depend on GTK: they are used
# by weft-cli and the headless tests. Fails when any of their files includes a
# GTK, GDK or libadwaita header.
set -eu
root=$1
bad=$(grep -rnE '#[[:space:]]*include[[:space:]]*[<"](gtk|gdk|adwaita|adw-|gsk)' \
        "$root/core" "$root/parsers" "$root/src/model" "$root/src/render" 2>/dev/null || true)
if [ -n "$bad" ]; then
  echo "GTK headers in GTK-free layers:" >&2
  echo "$bad" >&2
  exit 1
fi
n=$(find "$root/core" "$root/parsers" "$root/src/model" "$root/src/render" -name '*.[ch]' | wc -l)
echo "checked $n files in core/, parsers/, src/model/, src/render/: no GTK headers"
