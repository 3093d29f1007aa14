transpose_bench --config configs/shape-map-1b.toml --csv gpu-out/h100b/shape-map-1b.csv --markdown gpu-out/h100b/shape-map-1b.md --force
