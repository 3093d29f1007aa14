build/ci/transpose_bench --config configs/squares.toml --csv maps/squares.csv --markdown maps/squares.md > maps/squares.txt 2>&1
