build/ci/transpose_bench --modes loop-over-kernel --l2 flush --reps 10 --samples 10 --kernels cuda_memcpy,ours_best --dtype T --size (per type) --csv pitch.csv (the four types' runs joined; one pass, revision 17b11d9)
fp32: 16384x16384 8192x32768 32768x8192 4096x65536
fp64: 8192x8192 8192x16384 16384x8192 4096x32768
fp16: 4096x65536
u8: 2048x131072 8448x8192 16384x16640
