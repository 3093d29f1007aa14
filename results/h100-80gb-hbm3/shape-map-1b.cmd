build/ci/transpose_bench --config configs/shape-map-1b.toml --csv maps/shape-map-1b.csv --markdown maps/shape-map-1b.md > maps/shape-map-1b.txt 2>&1
