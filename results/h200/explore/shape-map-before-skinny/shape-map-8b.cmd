transpose_bench --config configs/shape-map-8b.toml --csv gpu-out/h200b/shape-map-8b.csv --markdown gpu-out/h200b/shape-map-8b.md --force
