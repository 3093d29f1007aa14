#!/usr/bin/env python3
"""Copies a committed results table into README.md between its markers, unchanged.

usage: scripts/readme-table.py MARKER results/<gpu>/<file>.md
"""
import pathlib
import sys

marker, table = sys.argv[1], pathlib.Path(sys.argv[2])
readme = pathlib.Path(__file__).resolve().parent.parent / "README.md"
text = readme.read_text()
start, end = f"<!-- {marker} -->", f"<!-- /{marker} -->"
if start not in text or end not in text:
    sys.exit(f"readme-table: markers {start} ... {end} not found in README.md")
head, rest = text.split(start, 1)
_, tail = rest.split(end, 1)
readme.write_text(head + start + "\n" + table.read_text().strip() + "\n" + end + tail)
