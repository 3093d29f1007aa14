build/ci/transpose_bench --modes loop-over-kernel --l2 flush --reps 10 --samples 10 --kernels cuda_memcpy,ours_best --dtype u8 --size 8192x8192,8448x8192,8192x8448,7936x8192,8704x8192,6144x8448,16384x16384,16384x16640 --csv near-squares-u8-P.csv
build/ci/transpose_bench --modes loop-over-kernel --l2 flush --reps 10 --samples 10 --kernels cuda_memcpy,ours_best --dtype fp64 --size 8192x8192,16384x16384,16384x16416,16416x16384,12288x12288,16384x8192,8192x16384 --csv pitch-fp64-P.csv
(revision 3e0254c; passes P = 1, 2, one after the other)
