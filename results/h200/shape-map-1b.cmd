transpose_bench --config configs/shape-map-1b.toml --csv gpu-out/m200b/shape-map-1b.csv --markdown gpu-out/m200b/shape-map-1b.md
