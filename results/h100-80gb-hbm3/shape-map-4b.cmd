transpose_bench --config configs/shape-map-4b.toml --csv gpu-out/h100/shape-map-4b.csv --markdown gpu-out/h100/shape-map-4b.md
