build/ci/transpose_bench --config configs/pitch.toml --csv pitch.csv --markdown pitch.md > pitch.txt 2>&1
