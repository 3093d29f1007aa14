B --modes loop-over-kernel --l2 flush --reps 10 --samples 10 --kernels cuda_memcpy,ours_best --dtype T --size (per type) --csv ab-5f62d76-SIDE-T-P.csv
(B: build/ci/transpose_bench of the base tree a865962 and of 5f62d76; passes alternate base, new; new pass 1 with --kernels cuda_memcpy,ours_best,ours_skinny_gather,ours_words_compact, u8, fp16, fp32)
fp16: 65x984615 72x888889 79x810127 80x800001 84x761905 89x719101 96x666667 99x646465 100x640001 103x621359 104x615385 105x609524 112x571429 640001x100
bf16: 80x800001 100x640001 104x615385
