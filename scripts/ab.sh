#!/usr/bin/env bash
# An A/B of two trees on this machine's GPU, the way the A/B files under results/*/explore/ are
# made (docs/perf-notes.md: "built side by side, two passes each"): the base tree and this
# working tree built with preset release, then transpose_bench run from each in turn, PASSES
# times, with the same options, and each kernel's % of cudaMemcpy compared
# (scripts/ab-summary.py).
#
#   scripts/ab.sh [-n PASSES] [-o OUTDIR] [--force] BASE [-- TRANSPOSE_BENCH_OPTIONS...]
#
# BASE: a commit of this repository (its files are taken with git archive into
# build/ab/src-COMMIT), or the folder of another source tree (where the GPU machine has no git
# history: a tree copied there). PASSES: 2 by default; the passes alternate base, new, base,
# new, so that a drift of the GPU's clocks or temperature falls on both. OUTDIR (default
# build/ab/BASE-vs-new) receives base-P.csv, new-P.csv and their console output base-P.txt,
# new-P.txt for each pass P, ab.md (the summary) and ab.cmd (the command); an existing OUTDIR is
# never written into without --force. The options must measure cuda_memcpy (the summary is % of
# it): with --kernels, name it there.
# Environment: TB_REVISION names this tree's revision where it is not a git checkout, and
# TB_BASE_REVISION the base folder's; CUDAARCHS the architectures to build (both trees).
# Prints the summary last; exits 2 on bad input (before building), 3 without a GPU, 1 if a
# build or a run failed.
set -uo pipefail
cd "$(dirname "$0")/.."

die() { echo "ab: $1" >&2; exit "${2:-2}"; }
passes=2 out="" force=0 base="" opts=()
while [ $# -gt 0 ]; do
  case $1 in
  -n) [ $# -ge 2 ] || die "-n needs a number of passes"; passes=$2; shift 2 ;;
  -o) [ $# -ge 2 ] || die "-o needs a folder"; out=$2; shift 2 ;;
  --force) force=1; shift ;;
  -h | --help) sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  --) shift; opts=("$@"); break ;;
  -*) die "unknown option '$1'; accepted: -n PASSES, -o OUTDIR, --force, BASE, -- and transpose_bench's options" ;;
  *) [ -z "$base" ] || die "a second base '$1' (the first: '$base'); transpose_bench's options go after --"
     base=$1; shift ;;
  esac
done
[ -n "$base" ] || die "no base given; accepted: a commit of this repository or a source folder"
[[ $passes =~ ^[0-9]+$ ]] && [ "$passes" -ge 1 ] && [ "$passes" -le 20 ] ||
  die "-n '$passes': accepted: a whole number of passes from 1 to 20"
for o in "${opts[@]}"; do
  case $o in
  --csv | --csv=* | --markdown | --markdown=* | --append | --force)
    die "transpose_bench's option '$o' is for ab.sh to set (its files go to OUTDIR, replaced only with ab.sh --force); leave it out" ;;
  esac
done
ks="" # every --kernels value, comma-joined
for ((i = 0; i < ${#opts[@]}; ++i)); do
  case ${opts[i]} in
  --kernels=*) ks+=",${opts[i]#--kernels=}" ;;
  --kernels | -k) ks+=",${opts[i + 1]:-}" ;;
  esac
done
[ -z "$ks" ] || [[ $ks, == *,cuda_memcpy,* ]] ||
  die "--kernels '${ks#,}' does not measure cuda_memcpy; the summary is % of it: add it"

# The base tree: a folder, or a commit's files.
if [ -d "$base" ]; then
  [ -f "$base/CMakeLists.txt" ] || die "base folder '$base' holds no CMakeLists.txt; accepted: a source tree of transpose_bench"
  src=$(cd "$base" && pwd)
  base_rev=${TB_BASE_REVISION:-$(git -C "$src" describe --always --dirty --abbrev=12 2>/dev/null || basename "$src")}
  name=$(basename "$src")
else
  git rev-parse --git-dir >/dev/null 2>&1 ||
    die "base '$base' is not a folder, and this tree has no git history to find a commit in; accepted: a source folder"
  commit=$(git rev-parse --verify --quiet "$base^{commit}") ||
    die "base '$base' is neither a commit of this repository nor a folder"
  base_rev=$(git rev-parse --short=12 "$commit")
  name=$base_rev
  src=$PWD/build/ab/src-$base_rev
fi
[ "$src" != "$PWD" ] || die "base '$base' is this tree; accepted: another commit or folder"
out=${out:-build/ab/$name-vs-new}
if [ -e "$out" ] && [ $force -eq 0 ]; then
  die "'$out' exists; pass --force to write into it, or -o another folder"
fi
command -v nvidia-smi >/dev/null && nvidia-smi -L >/dev/null 2>&1 ||
  die "no NVIDIA GPU visible (nvidia-smi -L failed); this script measures one" 3
mkdir -p "$out" || die "cannot make '$out'"

. scripts/deps.sh
tb_deps bench
new_rev=${TB_REVISION:-$(git describe --always --dirty --abbrev=12 2>/dev/null || echo unknown)}
if [ ! -d "$base" ] && [ ! -f "$src/CMakeLists.txt" ]; then
  mkdir -p "$src" && git archive "$commit" | tar -x -C "$src" || die "git archive $base_rev failed" 1
fi
build() { # SRC REVISION LOG: only the benchmark (the A/B runs nothing else)
  (cd "$1" && TB_REVISION=$2 cmake --preset release >"$3" 2>&1 &&
    cmake --build --preset release --target transpose_bench >>"$3" 2>&1) ||
    { echo "ab: building $1 failed; see $3" >&2; return 1; }
}
echo "ab: building the base ($base_rev) and this tree ($new_rev), both at once"
logs=$(cd "$out" && pwd) # absolute: the builds run in other folders, and -o may be absolute
# The two builds run at once, so that the end of one, a few translation units, overlaps the other.
build "$src" "$base_rev" "$logs/build-base.log" &
base_build=$!
build "$PWD" "$new_rev" "$logs/build-new.log"
new_ok=$?
wait "$base_build" && [ $new_ok -eq 0 ] || exit 1

printf '%q ' scripts/ab.sh -n "$passes" -o "$out" "$base" -- "${opts[@]}" >"$out/ab.cmd"
echo >>"$out/ab.cmd"
replace=()
[ $force -eq 0 ] || replace=(--force)
failed=0 files_base=() files_new=()
for ((p = 1; p <= passes; ++p)); do
  for s in base new; do
    if [ $s = base ]; then bin=$src/build/release/transpose_bench; else bin=build/release/transpose_bench; fi
    echo "ab: pass $p of $passes, $s"
    "$bin" "${opts[@]}" --csv "$out/$s-$p.csv" "${replace[@]}" >"$out/$s-$p.txt" 2>&1 ||
      { echo "ab: the $s run of pass $p failed; see $out/$s-$p.txt" >&2; failed=1; }
  done
  files_base+=("$out/base-$p.csv") files_new+=("$out/new-$p.csv")
done
[ $failed -eq 0 ] || exit 1
python3 scripts/ab-summary.py --base "${files_base[@]}" --new "${files_new[@]}" >"$out/ab.md" || exit 1
cat "$out/ab.md"
