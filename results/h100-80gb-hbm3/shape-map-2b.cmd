transpose_bench --config configs/shape-map-2b.toml --csv gpu-out/maps-h100/shape-map-2b.csv --markdown gpu-out/maps-h100/shape-map-2b.md
