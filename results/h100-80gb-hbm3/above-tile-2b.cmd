build/ci/transpose_bench --config configs/above-tile-2b.toml --csv above-tile-2b.csv --markdown above-tile-2b.md > above-tile-2b.txt 2>&1
