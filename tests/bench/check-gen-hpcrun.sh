#!/bin/sh
# check-gen-hpcrun.sh GENERATOR SOURCE_ROOT: the demo measurement in
# data/samples/heat.m is what `weft-gen-hpcrun --demo` writes, byte for byte.
set -eu
gen=$1
root=$2
work=$(mktemp -d "${TMPDIR:-/tmp}/weft-gen-hpcrun-XXXXXX")
trap 'rm -rf "$work"' EXIT
"$gen" --demo "$work/heat.m"
# src/ holds the demo program's sources (hand-written, for the source pane).
diff -r -x src "$work/heat.m" "$root/data/samples/heat.m"
echo "data/samples/heat.m matches the generator"
