transpose_bench --config configs/whitepaper.toml --csv gpu-out/h100/whitepaper.csv --markdown gpu-out/h100/whitepaper.md --force
