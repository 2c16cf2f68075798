#!/bin/sh
# check-bench-ab.sh BENCH_AB WEFT_CLI SAMPLES: bench-ab.sh runs weft-cli against
# itself on three samples, prints a ratio line for each and succeeds; given
# two programs that print different JSON it fails.
set -eu
bench=$1 cli=$2 samples=$3
work=$(mktemp -d "${TMPDIR:-/tmp}/weft-check-ab-XXXXXX")
trap 'rm -rf "$work"' EXIT

sh "$bench" -n 2 "$cli" "$cli" "$samples/visandor-or.visandor" "$samples/mpd-demo.trace" \
  "$samples/chplvis-demo" >"$work/out"
cat "$work/out"
for name in visandor-or.visandor mpd-demo.trace chplvis-demo; do
  grep -q "^bench ab-ratio-$name [0-9.]*\$" "$work/out" || { echo "no ratio for $name" >&2; exit 1; }
done

# A "build" that prints other JSON: the same program on another trace.
cat >"$work/other" <<EOS
#!/bin/sh
exec "$cli" info --json "$samples/visandor-and.visandor"
EOS
chmod +x "$work/other"
if sh "$bench" -n 1 "$cli" "$work/other" "$samples/visandor-or.visandor" >/dev/null 2>&1; then
  echo "bench-ab.sh did not see the different JSON" >&2
  exit 1
fi
echo "ok"
