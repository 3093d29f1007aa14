build/ci/transpose_bench --config configs/pitch.toml --csv pitch-5efa1d9.csv --markdown pitch-5efa1d9.md > pitch-5efa1d9.txt 2>&1
