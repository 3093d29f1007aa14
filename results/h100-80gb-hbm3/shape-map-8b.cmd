build/ci/transpose_bench --config configs/shape-map-8b.toml --csv shape-map-8b.csv --markdown shape-map-8b.md > shape-map-8b.txt 2>&1
