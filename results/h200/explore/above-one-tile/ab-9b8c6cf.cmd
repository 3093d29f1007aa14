B --modes loop-over-kernel --l2 flush --reps 10 --samples 10 --kernels cuda_memcpy,ours_best --dtype T --size (per type) --csv ab-9b8c6cf-SIDE-T-P.csv
(B: build/ci/transpose_bench of the base tree 8c3749b and of 9b8c6cf; passes alternate base, new)
u8: 2666667x48 1600001x80 1142857x112 888889x144 727273x176 470589x272 421053x304 695653x184 400001x320 484848x264
