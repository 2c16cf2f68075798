#!/bin/sh
# run-fuzzer.sh HARNESS SEED_DIR SECONDS [DICTIONARY]
# Replays every seed once, then fuzzes for SECONDS on a scratch copy of the corpus
# (new inputs never land in the source tree). Any crash, timeout, leak or
# sanitizer report makes libFuzzer exit non-zero, and so this script.
set -eu
harness=$1
seeds=$2
seconds=$3

if [ ! -d "$seeds" ] || [ -z "$(ls -A "$seeds")" ]; then
  echo "no seed corpus in $seeds" >&2
  exit 1
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/weft-fuzz-XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/corpus" "$work/artifacts"
cp -R "$seeds"/. "$work/corpus/"

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}"
# A GLib critical (a failed g_return_if_fail) is a bug the input found, even
# when nothing crashes: make it fatal.
export G_DEBUG="fatal-criticals"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"

# A dictionary steers the mutations: the fourth argument, or one beside the
# seeds (corpus/NAME.dict).
dict=
if [ -n "${4:-}" ]; then
  dict="-dict=$4"
elif [ -f "$seeds.dict" ]; then
  dict="-dict=$seeds.dict"
fi

echo "replaying $(ls "$seeds" | wc -l) seeds"
# libFuzzer's own exit code for a crash is 77, which meson reads as "skipped":
# make every failure exit 1.
"$harness" -runs=0 -error_exitcode=1 -timeout_exitcode=1 -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$work/artifacts/" "$seeds"

# A failure must not end the script before its artifacts are kept (set -e):
# its status is looked at after that.
status=0
if [ "$seconds" -gt 0 ]; then
  echo "fuzzing for $seconds s"
  "$harness" $dict -max_total_time="$seconds" -error_exitcode=1 -timeout_exitcode=1 -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 -artifact_prefix="$work/artifacts/" "$work/corpus" || status=$?
fi

if [ -n "$(ls -A "$work/artifacts")" ]; then
  # Kept beyond the work folder (removed on exit), and small ones printed, so
  # that a crash found in CI can be replayed and kept as a regression seed.
  keep="${WEFT_FUZZ_ARTIFACTS:-$PWD/fuzz-artifacts}/$(basename "$harness")"
  mkdir -p "$keep"
  cp "$work/artifacts"/* "$keep/"
  echo "fuzzer left artifacts (kept in $keep):" >&2
  ls -l "$work/artifacts" >&2
  for f in "$work/artifacts"/*; do
    if [ "$(stat -c %s "$f")" -le 4096 ]; then
      echo "base64 of $(basename "$f"):" >&2
      base64 -w 0 "$f" >&2
      echo >&2
    fi
  done
  exit 1
fi

# A failure that left no input (the harness could not start, say) still fails.
if [ "$status" -ne 0 ]; then
  echo "fuzzer exited with status $status" >&2
  exit 1
fi
