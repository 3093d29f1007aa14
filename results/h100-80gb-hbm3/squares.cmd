build/ci/transpose_bench --config configs/squares.toml --csv squares.csv --markdown squares.md > squares.txt 2>&1
