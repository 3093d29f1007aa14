build/ci/transpose_bench --config configs/above-tile-1b.toml --dtype u8 --kernels cuda_memcpy,ours_best,ours_words_past,ours_skinny_gather --csv words-past-3eac98b-1b.csv
