transpose_bench --config configs/shape-map-4b.toml --csv gpu-out/maps-h100/shape-map-4b.csv --markdown gpu-out/maps-h100/shape-map-4b.md
