#!/bin/sh
# weft-cli starts without the libraries only some files need: libhdf5 comes
# with the module weft-hdf5, libxml2 with weft-xml, cairo and pango with
# weft-render (core/weft-module.h). Fails when the program itself needs one of
# them.
set -eu
cli=$1
needed=$(readelf -d "$cli" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
bad=$(echo "$needed" | grep -E '^lib(hdf5|xml2|cairo|pango)' || true)
if [ -n "$bad" ]; then
  echo "$cli needs libraries that belong to modules:" >&2
  echo "$bad" >&2
  exit 1
fi
echo "$cli needs $(echo "$needed" | wc -l) libraries, none of libhdf5, libxml2, cairo, pango"
