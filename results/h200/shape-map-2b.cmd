transpose_bench --config configs/shape-map-2b.toml --csv gpu-out/m200b/shape-map-2b.csv --markdown gpu-out/m200b/shape-map-2b.md
