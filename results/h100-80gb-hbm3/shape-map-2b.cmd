build/ci/transpose_bench --config configs/shape-map-2b.toml --csv maps/shape-map-2b.csv --markdown maps/shape-map-2b.md > maps/shape-map-2b.txt 2>&1
