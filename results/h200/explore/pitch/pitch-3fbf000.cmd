build/ci/transpose_bench --config configs/pitch.toml --csv pitch-3fbf000.csv --markdown pitch-3fbf000.md > pitch-3fbf000.txt 2>&1
