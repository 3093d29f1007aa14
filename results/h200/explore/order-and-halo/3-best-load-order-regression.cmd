$ transpose_bench --config configs/best.toml --csv results/h200/best.csv --markdown results/h200/best.md
