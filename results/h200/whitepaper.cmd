transpose_bench --config configs/whitepaper.toml --csv gpu-out/h200/whitepaper.csv --markdown gpu-out/h200/whitepaper.md --force
