build/ci/transpose_bench --config configs/above-tile-4b.toml --dtype fp32 --kernels cuda_memcpy,ours_best,ours_words_past,ours_skinny_gather --csv words-past-3eac98b-4b.csv
