transpose_bench --config configs/all-kernels.toml --csv results/h200/all-kernels.csv --markdown results/h200/all-kernels.md --force
