#!/usr/bin/env python3
"""errors_doc.py BINARY ERRORS_MD FIXTURE_CSV: docs/errors.md cannot drift from the program.

Every table row of the form | `ARGS` | `MESSAGE` | 2 | ... is run as BINARY ARGS in a scratch
folder (holding existing.csv, existing.md, existing.txt, run.toml and in.csv) and must exit 2
with MESSAGE in its one line on stderr. Rows that describe rather than quote a command are
counted and left to the tests they name. Fails if fewer than 25 rows could be run.
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

ROW = re.compile(r"^\| `([^`]+)` \| `([^`]+)` \| 2 \|")


def main():
    binary, doc, fixture = (os.path.abspath(p) for p in sys.argv[1:4])
    checked, described, failures = 0, 0, []
    with tempfile.TemporaryDirectory() as scratch:
        for name in ("existing.csv", "existing.md", "existing.txt"):
            with open(f"{scratch}/{name}", "w") as f:
                f.write("keep me\n")
        with open(f"{scratch}/run.toml", "w") as f:
            f.write('size = ["64"]\n')
        shutil.copy(fixture, f"{scratch}/in.csv")
        for line in open(doc, encoding="utf-8"):
            if not line.startswith("| "):
                continue
            m = ROW.match(line)
            if not m:
                described += 1
                continue
            args, message = shlex.split(m.group(1)), m.group(2)
            r = subprocess.run([binary] + args, cwd=scratch, capture_output=True, text=True,
                               timeout=30)
            checked += 1
            err = r.stderr.strip()
            if r.returncode != 2 or message not in err or "\n" in err:
                failures.append(f"{m.group(1)}: exit {r.returncode}, stderr {err!r}; "
                                f"the document says {message!r}")
    for f in failures:
        print("FAIL:", f)
    print(f"{checked} rows run against the program, {len(failures)} differ; "
          f"{described} other rows describe what their named tests check")
    return 1 if failures or checked < 25 else 0


if __name__ == "__main__":
    sys.exit(main())
