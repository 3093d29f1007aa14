build/ci/transpose_bench --modes loop-over-kernel --l2 flush --reps 10 --samples 10 --kernels cuda_memcpy,ours_best,ours_tile16_colmajor,ours_tile16_colmajor_r8,ours_tile16_colmajor_r16 --dtype T --size S --csv taller-3a77f6b-T-P.csv
fp32: 500000x64 499968x64 524288x64 250000x128 262144x128 8192 16384
fp16: 500000x128 524288x128 1000000x64 8192 16384
fp64: 250000x64 262144x64 125000x128 8192 16384
