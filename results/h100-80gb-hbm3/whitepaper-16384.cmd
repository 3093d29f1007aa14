transpose_bench --config configs/whitepaper-16384.toml --csv gpu-out/h100/whitepaper-16384.csv --markdown gpu-out/h100/whitepaper-16384.md --force
