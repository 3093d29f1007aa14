build/ci/transpose_bench --config configs/above-tile-8b.toml --csv above-tile-8b.csv --markdown above-tile-8b.md > above-tile-8b.txt 2>&1
