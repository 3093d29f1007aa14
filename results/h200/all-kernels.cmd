transpose_bench --config configs/all-kernels.toml --csv gpu-out/h200c/all-kernels.csv --markdown gpu-out/h200c/all-kernels.md --force
