build/ci/transpose_bench --config configs/shape-map-8b.toml --csv maps/shape-map-8b.csv --markdown maps/shape-map-8b.md > maps/shape-map-8b.txt 2>&1
