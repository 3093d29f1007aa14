transpose_bench --config configs/shape-map-1b.toml --csv gpu-out/maps-h100/shape-map-1b.csv --markdown gpu-out/maps-h100/shape-map-1b.md
