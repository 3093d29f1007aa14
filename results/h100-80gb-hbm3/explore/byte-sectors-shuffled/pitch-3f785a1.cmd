build/ci/transpose_bench --config configs/pitch.toml --csv pitch-3f785a1.csv --markdown pitch-3f785a1.md > pitch-3f785a1.txt 2>&1
