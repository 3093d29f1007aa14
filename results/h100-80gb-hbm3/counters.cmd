transpose_bench --config configs/counters.toml --csv gpu-out/h100-a/counters.csv --markdown gpu-out/h100-a/counters.md
