build/ci/transpose_bench --config configs/above-tile-8b.toml --dtype fp64 --kernels cuda_memcpy,ours_best,ours_skinny_sectors,ours_skinny_gather --csv words-past-3eac98b-8b.csv
