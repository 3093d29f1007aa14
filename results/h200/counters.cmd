transpose_bench --config configs/counters.toml --csv gpu-out/h200-a/counters.csv --markdown gpu-out/h200-a/counters.md
