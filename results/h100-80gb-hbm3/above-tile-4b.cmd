build/ci/transpose_bench --config configs/above-tile-4b.toml --csv above-tile-4b.csv --markdown above-tile-4b.md > above-tile-4b.txt 2>&1
