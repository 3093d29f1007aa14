transpose_bench --config configs/shape-map-8b.toml --csv gpu-out/m100b/shape-map-8b.csv --markdown gpu-out/m100b/shape-map-8b.md
