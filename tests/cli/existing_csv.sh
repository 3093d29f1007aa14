#!/usr/bin/env bash
# An existing --csv file is never overwritten by accident: without --append or --force the run
# refuses before touching anything; --append checks the file's schema first. Needs no GPU: all
# of this is decided before a device is opened.
set -u
bin=$1 fixtures=$2
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
printf 'keep me\n' >"$scratch/r.csv"
"$bin" --csv "$scratch/r.csv" >/dev/null 2>"$scratch/err"
[[ $? -eq 2 ]] || fail "existing CSV without --append/--force: exit code not 2"
grep -q "already exists; accepted: --append to add rows to it, --force to replace it, or another path" "$scratch/err" || fail "message: $(cat "$scratch/err")"
[[ $(cat "$scratch/r.csv") == "keep me" ]] || fail "the existing file was touched"
"$bin" --csv "$scratch/r.csv" --append >/dev/null 2>"$scratch/err"
[[ $? -eq 2 ]] || fail "--append onto a non-transpose_bench file: exit code not 2"
grep -q "r.csv:1: not a transpose_bench CSV" "$scratch/err" || fail "message: $(cat "$scratch/err")"
cp "$fixtures/schema-v1.csv" "$scratch/old.csv"
"$bin" --csv "$scratch/old.csv" --append >/dev/null 2>"$scratch/err"
[[ $? -eq 2 ]] || fail "--append onto schema 1: exit code not 2"
grep -q "schema version '1' is not understood; accepted: 2" "$scratch/err" || fail "message: $(cat "$scratch/err")"
cp "$fixtures/schema-v2.csv" "$scratch/v2.csv"
"$bin" --csv "$scratch/v2.csv" --append >/dev/null 2>"$scratch/err"
[[ $? -eq 2 ]] || fail "--append onto schema 2: exit code not 2"
grep -q "v2.csv' has schema version 2; accepted: a file of version 3" "$scratch/err" || fail "message: $(cat "$scratch/err")"
cmp -s "$fixtures/schema-v2.csv" "$scratch/v2.csv" || fail "the version-2 file was touched"
"$bin" --csv "$scratch/r.csv" --append --force >/dev/null 2>"$scratch/err"
[[ $? -eq 2 ]] && grep -q "contradict" "$scratch/err" || fail "--append with --force accepted"
"$bin" --force >/dev/null 2>"$scratch/err"
[[ $? -eq 2 ]] && grep -q "needs --csv PATH or --markdown PATH" "$scratch/err" || fail "--force without --csv accepted"
[[ $(ls "$scratch" | wc -l) -eq 4 ]] || fail "files left behind: $(ls "$scratch")"
echo "ok: existing CSVs are refused, checked or overwritten only on request"
