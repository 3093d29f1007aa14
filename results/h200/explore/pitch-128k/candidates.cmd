B --modes loop-over-kernel --l2 flush --reps 10 --samples 10 --kernels cuda_memcpy,ours_best,ours_tile16_colmajor,ours_tile16_skew1,ours_tile16_skew8,ours_tile16_skew32 --dtype T --size (per type) --csv candidates-P.csv (one file a pass, the four types' runs joined)
(B: build/release/transpose_bench at 9a62964, the skewed orders registered; two passes)
fp64: 16384x16384 8192x8192 16384x16416 16416x16384 8192x16384 16384x8192 4096x32768
fp32: 16384x16384 8192x8192 8192x32768 32768x8192 4096x65536
fp16: 16384x16384 8192x8192 4096x65536
u8: 16384x16384 8192x8192 2048x131072
scripts/ab-summary.py --against ours_tile16_colmajor --new candidates-1.csv candidates-2.csv > candidates-against-colmajor.md
