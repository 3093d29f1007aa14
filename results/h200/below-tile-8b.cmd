build/release/transpose_bench --config configs/below-tile-8b.toml --csv below-tile-8b.csv > below-tile-8b.txt 2>&1
