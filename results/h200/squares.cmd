transpose_bench --config configs/squares.toml --csv gpu-out/h200-sq/squares.csv --markdown gpu-out/h200-sq/squares.md
