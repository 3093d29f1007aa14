build/ci/transpose_bench --config configs/pitch.toml --csv pitch-22472b2.csv --markdown pitch-22472b2.md > pitch-22472b2.txt 2>&1
