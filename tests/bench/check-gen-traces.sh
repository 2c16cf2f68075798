#!/bin/sh
# check-gen-traces.sh: the test of the synthetic trace generator (suite
# "generator").
#
# Usage: check-gen-traces.sh WEFT-GEN-TRACES WEFT-GEN-CHECK
#
# - writes small traces of each format with several shapes (and the chplvis
#   mixes: comm-heavy, tag-heavy) and checks every
#   line with weft-gen-check (exact writer formats and record consistency),
#   and that --events is honoured within 10%;
# - same arguments give identical bytes, another seed gives other bytes;
# - the checker rejects lines broken the ways a writer could get them wrong;
# - the checker accepts the real files in ../shared/corpus (when present);
# - data/samples/ is exactly what the command lines in its README.md write.
#
# SPDX-License-Identifier: GPL-3.0-or-later

set -eu

# Absolute paths: part of the test runs in a scratch folder.
case $1 in /*) GEN=$1 ;; *) GEN=$PWD/$1 ;; esac
case $2 in /*) CHECK=$2 ;; *) CHECK=$PWD/$2 ;; esac
# The source tree holds this script; ../shared is optional (WEFT_SHARED_DIR
# overrides the default that meson passes).
SRC=${WEFT_SOURCE_DIR:-$(cd "$(dirname "$0")/../.." && pwd)}
SHARED=${WEFT_SHARED_DIR:-${WEFT_SHARED_DIR_DEFAULT:-}}

WORK=$(mktemp -d "${TMPDIR:-/tmp}/weft-gen-test.XXXXXX")
trap 'rm -rf "$WORK"' EXIT INT TERM

failures=0

fail () {
  echo "not ok: $*" >&2
  failures=$((failures + 1))
}

ok () {
  echo "ok: $*"
}

# The value of "KEY VALUE" in a checker report.
figure () {
  awk -v key="$1" '$1 == key { print $2; found = 1 } END { if (!found) print "" }' "$2"
}

# The count of one record kind or event in a checker report (0 if absent).
kind_count () {
  awk -v kind="$1" '$1 == "count" && $2 == kind { n = $3 } END { print n + 0 }' "$2"
}

# Runs the checker; the report lands in $WORK/report.
check () {
  if "$CHECK" "$@" >"$WORK/report" 2>"$WORK/errors"; then
    return 0
  fi
  sed 's/^/    /' "$WORK/errors" >&2
  return 1
}

# --- 1. Each format, several shapes, every line -----------------------------

for spec in "1 1 0 3000" "2 3 1 4000" "3 8 5 6000" "4 5 3 20000"; do
  set -- $spec
  seed=$1 rows=$2 tags=$3 events=$4
  out="$WORK/chpl-$seed"
  if ! "$GEN" --format chplvis --seed "$seed" --events "$events" --rows "$rows" --tags "$tags" \
       --name RUN --out "$out" >/dev/null; then
    fail "chplvis seed $seed: generator failed"
    continue
  fi
  if check --format chplvis --events "$events" --rows "$rows" "$out/RUN"; then
    ok "chplvis seed $seed, $rows locales, $tags tags, $events records: every line checked"
  else
    fail "chplvis seed $seed, $rows locales, $tags tags"
    continue
  fi
  [ "$(figure tags "$WORK/report")" = "$tags" ] || fail "chplvis seed $seed: $(figure tags "$WORK/report") tags, wanted $tags"
  if [ "$tags" -ge 2 ]; then
    [ "$(figure pauses "$WORK/report")" = 1 ] || fail "chplvis seed $seed: no pause"
  fi
  if [ "$tags" -ge 4 ]; then
    [ "$(figure tags_repeated "$WORK/report")" -ge 1 ] || fail "chplvis seed $seed: no repeated tag name"
  fi
  if [ "$events" -ge 6000 ]; then
    [ "$(figure backsteps "$WORK/report")" -ge 1 ] || fail "chplvis seed $seed: timestamps never go back"
  fi
  if [ "$rows" -ge 3 ]; then
    for kind in get put nb_get nb_put st_get st_put fork fork_nb f_fork task Btask Etask VdbMark End; do
      [ "$(kind_count "$kind" "$WORK/report")" -ge 1 ] || fail "chplvis seed $seed: no $kind record"
    done
    [ "$(figure tasks_O_incoming "$WORK/report")" -ge 1 ] || fail "chplvis seed $seed: no incoming on-task"
    [ "$(figure tasks_L "$WORK/report")" -ge 1 ] || fail "chplvis seed $seed: no local task"
  fi
done

# The real mixes: a comm-heavy run (nearly every line a get, put or fork) and
# a tag-heavy one (many tags, a pause before every fifth).
out="$WORK/mix-comm"
if "$GEN" --format chplvis --mix comm --seed 5 --events 30000 --rows 4 --tags 2 --name RUN --out "$out" >/dev/null \
   && check --format chplvis --events 30000 --rows 4 "$out/RUN"; then
  lines=$(figure lines "$WORK/report")
  moving=0
  for kind in get put nb_get nb_put st_get st_put fork fork_nb f_fork; do
    n=$(kind_count "$kind" "$WORK/report")
    [ "$n" -ge 1 ] || fail "chplvis comm mix: no $kind record"
    moving=$((moving + n))
  done
  for kind in task Btask Etask VdbMark Tag Pause End tname; do
    [ "$(kind_count "$kind" "$WORK/report")" -ge 1 ] || fail "chplvis comm mix: no $kind record"
  done
  if [ $((moving * 100)) -ge $((lines * 90)) ]; then
    ok "chplvis comm mix: every line checked, $moving of $lines lines are gets, puts and forks"
  else
    fail "chplvis comm mix: only $moving of $lines lines are gets, puts and forks"
  fi
else
  fail "chplvis comm mix"
fi

out="$WORK/mix-tags"
if "$GEN" --format chplvis --mix tags --seed 6 --events 30000 --rows 4 --tags 200 --name RUN --out "$out" >/dev/null \
   && check --format chplvis --events 30000 --rows 4 "$out/RUN"; then
  [ "$(figure tags "$WORK/report")" = 200 ] || fail "chplvis tags mix: $(figure tags "$WORK/report") tags, wanted 200"
  [ "$(figure pauses "$WORK/report")" = 40 ] || fail "chplvis tags mix: $(figure pauses "$WORK/report") pauses, wanted 40"
  for kind in get put nb_get nb_put st_get st_put fork fork_nb f_fork task Btask Etask VdbMark Tag Pause End tname; do
    [ "$(kind_count "$kind" "$WORK/report")" -ge 1 ] || fail "chplvis tags mix: no $kind record"
  done
  ok "chplvis tags mix: every line checked, 200 tags, 40 pauses"
else
  fail "chplvis tags mix"
fi

for spec in "and 1 1 4000" "and 2 4 6000" "and 3 9 20000" "or 4 1 4000" "or 5 6 6000" "or 6 13 20000" "or 7 4 300000"; do
  set -- $spec
  par=$1 seed=$2 rows=$3 events=$4
  out="$WORK/va-$par-$seed.visandor"
  if ! "$GEN" --format visandor --parallelism "$par" --seed "$seed" --events "$events" --rows "$rows" \
       --out "$out" >/dev/null; then
    fail "visandor $par seed $seed: generator failed"
    continue
  fi
  if check --format visandor --events "$events" --rows "$rows" "$out"; then
    ok "visandor $par seed $seed, $rows agents, $events events: every line checked"
  else
    fail "visandor $par seed $seed, $rows agents"
    continue
  fi
  [ "$(figure parallelism "$WORK/report")" = "$par" ] || fail "visandor $par seed $seed: wrong flag line"
  if [ "$par" = and ]; then
    codes="1 2 3 4 5 6 7 8"
  elif [ "$rows" -ge 4 ]; then
    codes="5 6 20 21 22 23 24 25 26 33 34"
  else
    codes="5 6 20 21 22 23 24 25"
  fi
  for code in $codes; do
    [ "$(kind_count "$code" "$WORK/report")" -ge 1 ] || fail "visandor $par seed $seed: no event $code"
  done
  [ "$(figure agents "$WORK/report")" = "$rows" ] || fail "visandor $par seed $seed: not all $rows agents work"
done

for spec in "1 6 1 32 3000" "2 16 1 64 6000" "3 12 3 32 6000" "4 40 2 64 20000"; do
  set -- $spec
  seed=$1 rows=$2 vms=$3 bits=$4 events=$5
  out="$WORK/mpd-$seed.trace"
  if ! "$GEN" --format mpd --seed "$seed" --events "$events" --rows "$rows" --vms "$vms" --address-bits "$bits" \
       --out "$out" >/dev/null; then
    fail "mpd seed $seed: generator failed"
    continue
  fi
  if check --format mpd --events "$events" --rows "$rows" "$out"; then
    ok "mpd seed $seed, $rows processes, $vms VMs, $bits-bit, $events lines: every line checked"
  else
    fail "mpd seed $seed, $rows processes, $vms VMs"
    continue
  fi
  for ev in BODY ENDBODY PROC ENDPROC RETURN CALL SEND FORWARD REPLY IN ARM NI CREATES INITS P CONTP V CO OC \
            CREATEG CREATER DESTROYR FINAL ENDFINAL; do
    [ "$(kind_count "$ev" "$WORK/report")" -ge 1 ] || fail "mpd seed $seed: no $ev line"
  done
  [ "$(figure vms "$WORK/report")" = "$vms" ] || fail "mpd seed $seed: $(figure vms "$WORK/report") VMs, wanted $vms"
  if [ "$vms" -gt 1 ]; then
    [ "$(kind_count CREATEV "$WORK/report")" = $((vms - 1)) ] || fail "mpd seed $seed: CREATEV count"
    [ "$(figure prefixed_lines "$WORK/report")" -ge 1 ] || fail "mpd seed $seed: no vm(n). lines"
  fi
  # Ids come back: more lifetimes than distinct ids.
  [ "$(figure lifetimes "$WORK/report")" -gt "$(figure process_ids "$WORK/report")" ] \
    || fail "mpd seed $seed: process ids are never reused"
  [ "$(figure long_locations "$WORK/report")" -ge 1 ] || fail "mpd seed $seed: no location over 20 columns"
done

# --- 2. Determinism --------------------------------------------------------------

same_bytes () {
  # Compares two outputs (files, or chplvis folders file by file).
  if [ -d "$1" ]; then
    [ "$(ls "$1" | wc -l)" = "$(ls "$2" | wc -l)" ] || return 1
    for f in "$1"/*; do
      cmp -s "$f" "$2/$(basename "$f")" || return 1
    done
    return 0
  fi
  cmp -s "$1" "$2"
}

for fmt in chplvis visandor mpd; do
  case $fmt in
    chplvis) a="$WORK/det-a/D"; b="$WORK/det-b/D"; c="$WORK/det-c/D"
             args="--rows 4 --tags 3 --name D" ;;
    visandor) a="$WORK/det-a.va"; b="$WORK/det-b.va"; c="$WORK/det-c.va"; args="--parallelism or --rows 5" ;;
    mpd) a="$WORK/det-a.trace"; b="$WORK/det-b.trace"; c="$WORK/det-c.trace"; args="--rows 10 --vms 2" ;;
  esac
  # chplvis writes PATH/NAME/NAME-n: point --out at the parent.
  out_a=$a out_b=$b out_c=$c
  if [ $fmt = chplvis ]; then
    out_a=$(dirname "$a") out_b=$(dirname "$b") out_c=$(dirname "$c")
  fi
  "$GEN" --format $fmt --seed 42 --events 3000 $args --out "$out_a" >/dev/null
  "$GEN" --format $fmt --seed 42 --events 3000 $args --out "$out_b" >/dev/null
  "$GEN" --format $fmt --seed 43 --events 3000 $args --out "$out_c" >/dev/null
  if same_bytes "$a" "$b"; then
    ok "$fmt: the same seed gives the same bytes"
  else
    fail "$fmt: the same seed gave different bytes"
  fi
  if same_bytes "$a" "$c"; then
    fail "$fmt: seeds 42 and 43 gave the same bytes"
  else
    ok "$fmt: another seed gives other bytes"
  fi
done

# --- 3. The checker rejects broken lines ------------------------------------------------

# mutate NAME FORMAT SOURCE SED-SCRIPT [CHECKER ARGS]: the mutated copy must fail.
mutate () {
  name=$1 fmt=$2 src=$3 script=$4
  shift 4
  if [ -d "$src" ]; then
    dst="$WORK/mut/$(basename "$src")"
    rm -rf "$WORK/mut"
    mkdir -p "$dst"
    cp "$src"/* "$dst"/
    sed "$script" "$src/$(basename "$src")-0" >"$dst/$(basename "$src")-0"
  else
    dst="$WORK/mutated"
    sed "$script" "$src" >"$dst"
  fi
  if "$CHECK" --format "$fmt" "$@" "$dst" >/dev/null 2>&1; then
    fail "checker accepted a $fmt trace with $name"
  else
    ok "checker rejects a $fmt trace with $name"
  fi
}

chpl="$WORK/det-a/D"
mutate "no trailing blank in the header" chplvis "$chpl" '1s/ $//'
mutate "an upper-case address" chplvis "$chpl" '0,/0x7f/s/0x7f\([0-9a-f]*\)/0x7F\1/'
mutate "a 5-digit microsecond field" chplvis "$chpl" '0,/^Btask: /s/^\(Btask: [0-9]*\.\)[0-9]/\1/'
mutate "a task id used twice" chplvis "$chpl" '0,/^task: /{/^task: /p}'
mutate "no End record" chplvis "$chpl" '$d'
mutate "a Tag record in the middle of nowhere" chplvis "$chpl" '0,/^Etask: /s/^Etask: \([0-9.]*\) \([0-9]*\) \([0-9]*\)$/Tag: \1 0.000001 0.000001 \2 \3 7/'
mutate "an Etask before its Btask" chplvis "$chpl" '0,/^Btask: /s/^Btask: /Etask: /'

va="$WORK/det-a.va"
mutate "no trailing blank" visandor "$va" '5s/ $//'
mutate "a timestamp not right-aligned" visandor "$va" '3s/^ *//'
mutate "lower-case hex" visandor "$va" '0,/ 20 /s/ 20 \([0-9A-F]*\)/ 20 \L\1/'
mutate "two events swapped" visandor "$va" '4{h;d};5G'
mutate "no STOP_TIME" visandor "$va" '$d'
mutate "a branch started twice" visandor "$va" '0,/ 21 /{/ 21 /p}'

mpd="$WORK/det-a.trace"
mutate "a location padded to 19" mpd "$mpd" '3s/^\([^,]*, [0-9]*  \) /\1/'
mutate "lower-case hex" mpd "$mpd" '0,/[0-9][A-F]/s/\([0-9]\)\([A-F]\)/\1\L\2/'
mutate "a tab instead of blanks" mpd "$mpd" '2s/  /\t/'
mutate "a process that never began" mpd "$mpd" '1d'
mutate "a P without its semaphore" mpd "$mpd" '/CREATES/d'

# --- 4. Real files ------------------------------------------------------------------------

if [ -n "$SHARED" ] && [ -d "$SHARED/corpus" ]; then
  for dir in "$SHARED"/corpus/chplvis/chapel-1.25-runs/*/*/; do
    dir=${dir%/}
    if check --format chplvis "$dir"; then
      ok "real chplvis run $(basename "$dir") passes the checker"
    else
      fail "real chplvis run $dir"
    fi
  done
  if [ -f "$SHARED/corpus/chplvis/FishLearning-E1/E1-0" ]; then
    if check --format chplvis --name E1 "$SHARED/corpus/chplvis/FishLearning-E1"; then
      ok "real chplvis file FishLearning E1-0 passes the checker"
    else
      fail "real chplvis file FishLearning E1-0"
    fi
  fi
  for f in "$SHARED"/corpus/mpd/*.trace; do
    [ -f "$f" ] || continue
    case $f in *stdout*) continue ;; esac
    if check --format mpd "$f"; then
      ok "real MPD trace $(basename "$f") passes the checker"
    else
      fail "real MPD trace $f"
    fi
  done
else
  echo "# skip: no shared corpus beside the project"
fi

# --- 5. data/samples is what its README says -------------------------------------------------

if [ ! -f "$SRC/data/samples/README.md" ]; then
  fail "$SRC/data/samples/README.md is missing"
else
  regen="$WORK/regen"
  mkdir -p "$regen"
  n_commands=0
  # The README lists the command lines, one per line, starting with the
  # program name; run them as written, from a scratch copy of the tree root.
  grep '^weft-gen-traces ' "$SRC/data/samples/README.md" >"$WORK/commands" || true
  while read -r line; do
    set -- $line
    shift
    if (cd "$regen" && "$GEN" "$@" >/dev/null); then
      n_commands=$((n_commands + 1))
    else
      fail "sample command failed: $line"
    fi
  done <"$WORK/commands"
  [ "$n_commands" -ge 4 ] || fail "data/samples/README.md lists $n_commands command lines, expected 4"

  # BEGIN other generators: hpctoolkit
  # Samples another generator writes (weft-gen-hpcrun OUT) have their own
  # byte-for-byte test (gen-hpcrun); leave their folders out here.
  grep -E '^weft-gen-[a-z]+ ' "$SRC/data/samples/README.md" | grep -v '^weft-gen-traces ' |
    awk '{ print "^" $NF "/" }' >"$WORK/others" || true
  echo '^$' >>"$WORK/others"
  # The MPD demo's program sources (*.mpd) are hand-written, like the DDT samples.
  (cd "$SRC" && find data/samples -type f ! -name README.md ! -name 'ddt-*' ! -name '*.mpd' | grep -v -f "$WORK/others" | sort) >"$WORK/committed"
  # END other generators: hpctoolkit
  (cd "$regen" && find data/samples -type f | sort) >"$WORK/regenerated"
  if cmp -s "$WORK/committed" "$WORK/regenerated"; then
    ok "the README's commands write exactly the files in data/samples"
  else
    fail "data/samples and the README's commands do not write the same files"
    diff "$WORK/committed" "$WORK/regenerated" >&2 || true
  fi
  differing=0
  while read -r f; do
    if ! [ -f "$regen/$f" ] || ! cmp -s "$SRC/$f" "$regen/$f"; then
      fail "$f differs from what its command line writes"
      differing=$((differing + 1))
    fi
  done <"$WORK/committed"
  [ "$differing" -gt 0 ] || ok "data/samples regenerates byte for byte"

  demo="$SRC/data/samples/chplvis-demo/DEMO"
  if check --format chplvis --rows 8 "$demo"; then
    for kind in get put nb_get nb_put st_get st_put fork fork_nb f_fork task Btask Etask VdbMark Tag Pause End \
                tname fname FIDname CHPL_HOME DIR SAVEC Tablesize FIDNsize; do
      [ "$(kind_count "$kind" "$WORK/report")" -ge 1 ] || fail "chplvis demo: no $kind record"
    done
    [ "$(figure tags "$WORK/report")" -ge 3 ] || fail "chplvis demo: fewer than 3 tags"
    [ "$(figure tags_repeated "$WORK/report")" -ge 1 ] || fail "chplvis demo: no repeated tag name"
    [ "$(figure tasks_O "$WORK/report")" -ge 1 ] && [ "$(figure tasks_L "$WORK/report")" -ge 1 ] \
      || fail "chplvis demo: needs O and L tasks"
    size=$(du -sk "$demo" | cut -f1)
    [ "$size" -le 300 ] || fail "chplvis demo is $size KiB"
    ok "chplvis demo: 8 locales, every record kind, repeated tags, a pause, $size KiB"
  else
    fail "chplvis demo does not pass the checker"
  fi
  for f in visandor-and visandor-or; do
    check --format visandor "$SRC/data/samples/$f.visandor" || fail "$f sample does not pass the checker"
  done
  check --format mpd "$SRC/data/samples/mpd-demo.trace" || fail "mpd sample does not pass the checker"
fi

if [ "$failures" -gt 0 ]; then
  echo "$failures failures" >&2
  exit 1
fi
echo "all passed"
