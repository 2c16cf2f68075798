#!/bin/sh
# bench-startup.sh BUILD_DIR [RUNS]: how fast Weft shows a window, and the first
# view of a 100 MB Chapel trace (written by weft-gen-traces), under Xvfb.
# Reads the milestones the app prints with WEFT_DEBUG_TIMING (src/weft-timing.h)
# and prints the median of RUNS runs as "bench NAME value ms".
set -eu
build=$(cd "$1" && pwd)
runs=${2:-5}
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/weft-startup-XXXXXX")
trap 'rm -rf "$work"' EXIT

"$build/tests/bench/weft-gen-traces" --format chplvis --rows 32 --events 1800000 --seed 3 \
  --name BIG --out "$work" >/dev/null
bytes=$(cat "$work"/BIG/* | wc -c)
echo "bench startup-trace-bytes $bytes bytes"

export GSETTINGS_SCHEMA_DIR="$build/data" GSETTINGS_BACKEND=memory NO_AT_BRIDGE=1
export XDG_DATA_DIRS="$top/data:/usr/share" WEFT_DEBUG_TIMING=1

# run LOGFILE [PATH]: start Weft, wait for the last milestone, stop it.
run () {
  log=$1
  shift
  xvfb-run -a -s "-screen 0 1400x900x24" sh -c '
    "$0" "$@" 2>"'"$log"'" &
    pid=$!
    i=0
    while [ $i -lt 200 ]; do
      grep -q "'"$([ $# -gt 0 ] && echo chplvis-figures-shown || echo window-mapped)"'" "'"$log"'" 2>/dev/null && break
      sleep 0.05; i=$((i + 1))
    done
    kill $pid' "$build/src/weft" "$@" >/dev/null 2>&1 || true
}

median () {
  sort -n | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)] }'
}

: >"$work/empty" ; : >"$work/trace"
i=0
while [ $i -lt "$runs" ]; do
  run "$work/log-empty-$i"
  grep "^weft-timing window-mapped" "$work/log-empty-$i" | awk '{ print $3 }' >>"$work/empty"
  run "$work/log-trace-$i" "$work/BIG"
  cat "$work/log-trace-$i" >>"$work/trace"
  i=$((i + 1))
done

echo "bench startup-window-mapped $(median <"$work/empty") ms"
for m in window-mapped document-loaded first-view-drawn chplvis-figures-shown; do
  echo "bench startup-100MB-$m $(grep "^weft-timing $m " "$work/trace" | awk '{ print $3 }' | median) ms"
done
