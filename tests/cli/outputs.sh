#!/usr/bin/env bash
# outputs.sh BINARY PUBLISHED_CSV: no command ever destroys data. Every output is checked before
# anything is measured or read: never an input of the same command, never a symbolic link,
# device, folder or a path under a file, never an existing file without --force; endless
# inputs are refused instead of read. Needs no GPU: all of this happens before a device opens.
set -u
bin=$1 published=$2
s=$(mktemp -d)
trap 'rm -rf "$s"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
# expect CODE REGEX ARGS...: exit code and one line on stderr matching REGEX
expect() {
  local code=$1 regex=$2
  shift 2
  timeout 20 "$bin" "$@" >"$s/out" 2>"$s/err"
  local rc=$?
  [[ $rc -eq $code ]] || fail "$*: exit $rc, expected $code; stderr: $(head -c 300 "$s/err")"
  if [[ $code -ne 0 ]]; then
    [[ $(wc -l <"$s/err") -eq 1 ]] || fail "$*: stderr is not one line: $(cat "$s/err")"
    grep -Eq -- "$regex" "$s/err" || fail "$*: stderr does not match /$regex/: $(cat "$s/err")"
  fi
}
cp "$published" "$s/in.csv"
before=$(md5sum <"$s/in.csv")
printf 'keep me\n' >"$s/old.md"
mkdir "$s/folder"
ln -s "$s/old.md" "$s/link.md"
printf 'size = ["64"]\n' >"$s/run.toml"

# report and compare
expect 2 "--output '$s/in.csv' already exists; accepted: --force" report "$s/in.csv" -o "$s/in.csv"
expect 2 "is also an input of this command" report "$s/in.csv" -o "$s/in.csv" --force
expect 2 "is also an input of this command" compare "$s/in.csv" "$published" -o "$s/./in.csv" --force
expect 2 "already exists; accepted: --force to replace it" report "$s/in.csv" -o "$s/old.md"
expect 2 "is a symbolic link; accepted: a regular file or a new path" report "$s/in.csv" -o "$s/link.md" --force
expect 2 "is a device; accepted" report "$s/in.csv" -o /dev/null --force
expect 2 "is a folder" report "$s/in.csv" -o "$s/folder" --force
expect 2 "is not a folder" report "$s/in.csv" -o "$s/old.md/x.md"
expect 2 "--output: empty output path" report "$s/in.csv" -o ""
expect 2 "holds more than 256 MiB" report /dev/zero
expect 2 "is a folder" report "$s/folder"
[[ $(md5sum <"$s/in.csv") == "$before" ]] || fail "an input was changed"
[[ $(cat "$s/old.md") == "keep me" ]] || fail "an existing output was changed without --force"
expect 0 "" report "$s/in.csv" -o -
grep -qi "simple copy" "$s/out" || fail "-o - did not print the tables"
expect 0 "" report "$s/in.csv" -o "$s/new.txt"
expect 0 "" report "$s/in.csv" -o "$s/old.md" --force
grep -qi "simple copy" "$s/old.md" || fail "--force did not replace the file"

# a run: every output is refused before any device is looked for
printf 'keep me\n' >"$s/old.md"
expect 2 "--markdown '$s/folder' is a folder" --size 64 --markdown "$s/folder"
expect 2 "--markdown: empty output path" --size 64 --markdown ""
expect 2 "--markdown '$s/old.md' already exists; accepted: --force" --size 64 --markdown "$s/old.md"
expect 2 "is a symbolic link" --size 64 --markdown "$s/link.md" --force
expect 2 "--csv and --markdown both name" --size 64 --csv "$s/same" --markdown "$s/same"
expect 2 "is the --config file of this run" --config "$s/run.toml" --csv "$s/run.toml" --force
expect 2 "--csv '/dev/null' is a device" --size 64 --csv /dev/null --force
expect 2 "--config '/dev/zero' is a device; accepted: a regular file" --config /dev/zero
expect 2 "--config '$s/folder' is a folder" --config "$s/folder"
[[ $(cat "$s/old.md") == "keep me" ]] || fail "an existing output was changed"
[[ $(cat "$s/run.toml") == 'size = ["64"]' ]] || fail "the config file was changed"
[[ ! -e "$s/same" ]] || fail "a refused run left a file behind"
echo "ok: 29 refused or redirected outputs and inputs, nothing changed"
