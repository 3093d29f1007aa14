transpose_bench --config configs/shape-map-4b.toml --csv gpu-out/m200b/shape-map-4b.csv --markdown gpu-out/m200b/shape-map-4b.md
