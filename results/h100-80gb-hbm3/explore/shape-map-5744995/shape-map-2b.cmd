build/ci/transpose_bench --config configs/shape-map-2b.toml --csv shape-map-2b.csv --markdown shape-map-2b.md > shape-map-2b.txt 2>&1
