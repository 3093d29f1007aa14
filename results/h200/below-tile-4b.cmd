build/release/transpose_bench --config configs/below-tile-4b.toml --csv below-tile-4b.csv > below-tile-4b.txt 2>&1
