build/release/transpose_bench --config configs/below-tile-1b.toml --csv below-tile-1b.csv > below-tile-1b.txt 2>&1
