build/ci/transpose_bench --config configs/pitch.toml --csv pitch-c6e624f.csv --markdown pitch-c6e624f.md > pitch-c6e624f.txt 2>&1
