#!/usr/bin/env bash
# expect.sh BINARY EXIT_CODE REGEX ARGS...: runs BINARY ARGS (with --csv into a scratch folder
# where the args name none), then checks the exit code, that an error is exactly one line on
# stderr matching REGEX, and that no CSV or temporary file was left behind.
set -u
bin=$1 code=$2 regex=$3
shift 3
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
args=("$@")
# A failing run must not leave its CSV behind; report/compare write no CSV.
if [[ " $* " != *" --csv "* && $code -ne 0 && $1 != report && $1 != compare ]]; then
  args+=(--csv "$scratch/out.csv")
fi
"$bin" "${args[@]}" >"$scratch/stdout" 2>"$scratch/stderr"
rc=$?
fail() { echo "FAIL: $*"; echo "--- stdout"; head -20 "$scratch/stdout"; echo "--- stderr"; cat "$scratch/stderr"; exit 1; }
[[ $rc -eq $code ]] || fail "exit code $rc, expected $code"
if [[ $code -eq 0 ]]; then
  grep -Eq -- "$regex" "$scratch/stdout" || fail "stdout does not match /$regex/"
else
  [[ $(wc -l <"$scratch/stderr") -eq 1 ]] || fail "stderr is not exactly one line"
  grep -Eq -- "^transpose_bench: error: " "$scratch/stderr" || fail "stderr does not start with 'transpose_bench: error: '"
  grep -Eq -- "$regex" "$scratch/stderr" || fail "stderr does not match /$regex/"
  [[ -z $(ls "$scratch" | grep -v -E '^(stdout|stderr)$') ]] || fail "left files behind: $(ls "$scratch")"
fi
echo "ok: exit $rc; $(head -1 "$scratch/stderr")"
