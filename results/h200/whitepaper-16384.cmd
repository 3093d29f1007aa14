transpose_bench --config configs/whitepaper-16384.toml --csv results/h200/whitepaper-16384.csv --markdown results/h200/whitepaper-16384.md --force
