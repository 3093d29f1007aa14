build/ci/transpose_bench --config configs/shape-map-1b.toml --csv shape-map-1b.csv --markdown shape-map-1b.md > shape-map-1b.txt 2>&1
