#!/bin/sh
# bench-ab.sh [-n RUNS] BUILD_A BUILD_B PATH...: two builds of Weft loading the
# same traces, as whole `weft-cli info --json` processes, one run of each in
# turn so that both see the same machine. On a shared virtual machine a run
# can take 30% more or less than the one before it; figures taken minutes
# apart (or best-of-N of one build, then of the other) cannot tell two builds
# apart, alternating runs can.
#
# BUILD is a build directory (its src/cli/weft-cli runs, finding its modules
# beside it) or a weft-cli binary. For each PATH it prints every run's wall
# time, the median and the fastest of each build, and their ratio (B over A,
# below 1 when B is faster) as "bench ab-ratio-NAME value", and fails when
# the two builds print different JSON for the same trace.
set -eu

runs=5
if [ "${1:-}" = "-n" ]; then
  runs=$2
  shift 2
fi
if [ $# -lt 3 ]; then
  echo "usage: $0 [-n RUNS] BUILD_A BUILD_B PATH..." >&2
  exit 2
fi

cli () {
  if [ -d "$1" ]; then echo "$1/src/cli/weft-cli"; else echo "$1"; fi
}
a=$(cli "$1")
b=$(cli "$2")
shift 2
for exe in "$a" "$b"; do
  [ -x "$exe" ] || { echo "$0: $exe is not an executable weft-cli" >&2; exit 2; }
done

work=$(mktemp -d "${TMPDIR:-/tmp}/weft-ab-XXXXXX")
trap 'rm -rf "$work"' EXIT

now () {
  date +%s.%N
}

# one EXE PATH JSON: the seconds one load takes, its JSON in JSON.
one () {
  t0=$(now)
  "$1" info --json "$2" >"$3" 2>/dev/null
  t1=$(now)
  echo "$t0 $t1" | awk '{ printf "%.3f\n", $2 - $1 }'
}

stats () {
  sort -n | awk '{ v[NR] = $1 } END { printf "%.3f %.3f", v[int((NR + 1) / 2)], v[1] }'
}

status=0
for path in "$@"; do
  name=$(basename "$path")
  : >"$work/a" ; : >"$work/b"
  i=0
  while [ $i -lt "$runs" ]; do
    one "$a" "$path" "$work/a.json" >>"$work/a"
    one "$b" "$path" "$work/b.json" >>"$work/b"
    i=$((i + 1))
  done
  if ! cmp -s "$work/a.json" "$work/b.json"; then
    echo "$name: the two builds print different JSON" >&2
    status=1
  fi
  sa=$(stats <"$work/a")
  sb=$(stats <"$work/b")
  echo "# $name: A $(tr '\n' ' ' <"$work/a")| B $(tr '\n' ' ' <"$work/b")"
  echo "# $name: median A ${sa% *} s, B ${sb% *} s; fastest A ${sa#* } s, B ${sb#* } s"
  echo "${sa% *} ${sb% *}" | awk -v n="$name" '{ printf "bench ab-ratio-%s %.3f\n", n, $2 / $1 }'
done
exit $status
