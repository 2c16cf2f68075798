#!/bin/sh
# `weft --version` prints "weft VERSION" and exits 0, without needing a display.
set -eu
weft=$1
version=$2
out=$(env -u DISPLAY -u WAYLAND_DISPLAY "$weft" --version)
if [ "$out" != "weft $version" ]; then
  echo "weft --version printed '$out', expected 'weft $version'" >&2
  exit 1
fi
echo "$out"
