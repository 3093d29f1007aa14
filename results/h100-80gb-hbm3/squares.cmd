transpose_bench --config configs/squares.toml --csv gpu-out/h100-sq/squares.csv --markdown gpu-out/h100-sq/squares.md
