build/ci/transpose_bench --modes loop-over-kernel --l2 flush --reps 10 --samples 10 --kernels cuda_memcpy,ours_best,ours_skinny,ours_skinny_gather --dtype T --size (per type) --csv probe-35a2f4b-T-P.csv
fp32: 10666666x3 10666667x3 8000001x4 8000000x4 6400000x5 6400001x5 5333333x6 5333334x6 4571429x7 4571428x7
fp64: 5333332x3 5333333x3 4000001x4 4000000x4 3200000x5 3200001x5 2666667x6 2666666x6 2285715x7 2285714x7
