build/ci/transpose_bench --config configs/above-tile-1b.toml --csv above-tile-1b.csv --markdown above-tile-1b.md > above-tile-1b.txt 2>&1
