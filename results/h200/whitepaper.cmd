transpose_bench --config configs/whitepaper.toml --csv results/h200/whitepaper.csv --markdown results/h200/whitepaper.md --force
