transpose_bench --config configs/shape-map-8b.toml --csv gpu-out/maps-h100/shape-map-8b.csv --markdown gpu-out/maps-h100/shape-map-8b.md
