#!/usr/bin/env bash
# long_values.sh BINARY: a 100 KB value for any option is refused in one short line, exit 2, and
# never crashes the program (a 100 KB kernel pattern once overflowed std::regex's stack).
set -u
bin=$1
long=$(head -c 100000 /dev/zero | tr '\0' 'x')
for opt in --size --dtype --kernels --modes --suite --unit --l2 --device --reps --samples; do
  err=$("$bin" "$opt" "$long" 2>&1 >/dev/null)
  rc=$?
  [[ $rc -eq 2 ]] || { echo "FAIL: $opt with 100 KB: exit $rc"; exit 1; }
  [[ $(printf '%s\n' "$err" | wc -l) -eq 1 ]] || { echo "FAIL: $opt: not one line"; exit 1; }
  [[ ${#err} -lt 400 ]] || { echo "FAIL: $opt: message of ${#err} bytes"; exit 1; }
  [[ $err == *"(100000 characters)"* ]] || { echo "FAIL: $opt: the value is not cut: $err"; exit 1; }
done
err=$("$bin" report "$long" 2>&1 >/dev/null)
[[ $? -eq 2 && ${#err} -lt 400 ]] || { echo "FAIL: report with a 100 KB file name: $err"; exit 1; }
echo "ok: 11 options given 100 KB values, one short line each"
