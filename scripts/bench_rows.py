"""Reads the JSON lines the benchmarks write (scripts/bench.sh,
scripts/bench_baseline.sh). A line carries no type: what it measured shows
in its fields, so each reader names its kinds of rows by the fields that
mark them, most specific first.
"""
import json


def read_rows(path, kinds):
    """{kind: [row, ...]} for kinds, a sequence of (kind, fields): a row goes
    to the first kind whose fields it all has. Lines that are not JSON
    objects (a program's stray output) and rows of no kind are left out."""
    rows = {kind: [] for kind, _fields in kinds}
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line.startswith("{"):
                continue
            row = json.loads(line)
            for kind, fields in kinds:
                if all(field in row for field in fields):
                    rows[kind].append(row)
                    break
    return rows
