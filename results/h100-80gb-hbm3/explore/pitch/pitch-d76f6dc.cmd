build/ci/transpose_bench --config configs/pitch.toml --csv pitch-d76f6dc.csv --markdown pitch-d76f6dc.md > pitch-d76f6dc.txt 2>&1
