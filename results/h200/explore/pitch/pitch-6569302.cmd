build/ci/transpose_bench --config configs/pitch.toml --csv pitch-6569302.csv --markdown pitch-6569302.md > pitch-6569302.txt 2>&1
