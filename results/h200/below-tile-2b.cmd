build/release/transpose_bench --config configs/below-tile-2b.toml -t fp16 --csv below-tile-2b.csv > below-tile-2b.txt 2>&1   # fp16 only: bf16 runs fp16's instances
