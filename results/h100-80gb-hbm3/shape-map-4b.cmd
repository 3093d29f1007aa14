build/ci/transpose_bench --config configs/shape-map-4b.toml --csv shape-map-4b.csv --markdown shape-map-4b.md > shape-map-4b.txt 2>&1
