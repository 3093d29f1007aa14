transpose_bench --config configs/all-kernels.toml --csv gpu-out/h200/all-kernels.csv --markdown gpu-out/h200/all-kernels.md --force
