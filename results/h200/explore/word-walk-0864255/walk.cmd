# H200, revision 0864255 (ours_words_walk4 and ours_words_walk8 registered for this run, removed after; walk.diff), two passes:
for P in 1 2; do
build/ci/transpose_bench --modes loop-over-kernel --l2 flush --reps 10 --samples 10 --kernels cuda_memcpy,ours_words_walk4,ours_words_walk8,ours_best --dtype fp16 --size 2064517x31,1939393x33,640001x100,1333333x48 --csv 0864255-walk-fp16-$P.csv
build/ci/transpose_bench --modes loop-over-kernel --l2 flush --reps 10 --samples 10 --kernels cuda_memcpy,ours_words_walk4,ours_words_walk8,ours_best --dtype fp32 --size 1032259x31,969697x33,2000001x16 --csv 0864255-walk-fp32-$P.csv
done
# exactness first: --modes loop-over-kernel,loop-in-kernel --reps 3 --samples 1 --kernels ours_words_walk4,ours_words_walk8 at 20011x31, 4099x33, 100003x100, 9999x17, 50001x48, 1001x31, 8191x31, 262147x63, 3001x21, 700001x37 in fp16, bf16, fp32: no failure
scripts/ab-summary.py --against ours_best --new 0864255-walk-T-1.csv 0864255-walk-T-2.csv --kernel ours_words_walk4 ours_words_walk8  (T = fp16, fp32) > walk-against-best.md
# the counters, one run (CUPTI, a separate profiling pass after the timed samples):
build/ci/transpose_bench --counters --modes loop-over-kernel --l2 flush --reps 10 --samples 5 --kernels cuda_memcpy,ours_words_walk4,ours_best --dtype fp16 --size 2064517x31,640001x100 --csv 0864255-walk-counters.csv --markdown 0864255-walk-counters.md
