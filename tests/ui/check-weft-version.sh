#!/bin/sh
# `weft --version` prints "weft VERSION" and exits 0, without needing a display
# or the settings schema; a binary run from the build tree finds the build's
# compiled schema; a binary with no schema anywhere says so and exits 1
# instead of aborting.
set -eu
weft=$1
version=$2
out=$(env -u DISPLAY -u WAYLAND_DISPLAY -u GSETTINGS_SCHEMA_DIR "$weft" --version)
if [ "$out" != "weft $version" ]; then
  echo "weft --version printed '$out', expected 'weft $version'" >&2
  exit 1
fi
echo "$out"

env -u DISPLAY -u WAYLAND_DISPLAY -u GSETTINGS_SCHEMA_DIR "$weft" --help >/dev/null

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# From the build tree, with no GSETTINGS_SCHEMA_DIR: the window starts (it is
# still running when timeout stops it) and nothing complains about the schema.
if [ -n "${DISPLAY:-}" ]; then
  status=0
  timeout 3 env -u GSETTINGS_SCHEMA_DIR "$weft" >"$tmp/run.log" 2>&1 || status=$?
  if [ $status != 124 ] && [ $status != 0 ]; then
    echo "weft from the build tree exited with $status:" >&2
    cat "$tmp/run.log" >&2
    exit 1
  fi
  if grep -q "schema" "$tmp/run.log"; then
    echo "weft from the build tree did not find the build's schema:" >&2
    cat "$tmp/run.log" >&2
    exit 1
  fi
fi

# A copy outside the build tree with no schema anywhere: a clear message, exit 1.
mkdir "$tmp/bin"
cp "$weft" "$tmp/bin/weft"
status=0
XDG_DATA_DIRS=$tmp env -u DISPLAY -u WAYLAND_DISPLAY -u GSETTINGS_SCHEMA_DIR "$tmp/bin/weft" >"$tmp/err.log" 2>&1 || status=$?
if [ $status != 1 ] || ! grep -q "settings schema “io.github.weftviz.Weft” is not installed" "$tmp/err.log"; then
  echo "weft without a schema exited with $status and said:" >&2
  cat "$tmp/err.log" >&2
  exit 1
fi
echo "no schema: $(cat "$tmp/err.log")"
