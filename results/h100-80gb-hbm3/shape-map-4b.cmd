build/ci/transpose_bench --config configs/shape-map-4b.toml --csv maps/shape-map-4b.csv --markdown maps/shape-map-4b.md > maps/shape-map-4b.txt 2>&1
