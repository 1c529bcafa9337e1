#!/usr/bin/python3
"""Which lines and branches of lib/ each option set of the conformance
suite reaches in its quick run (as valgrind runs it), from a build made with
--coverage; and whether two such records reach the same code. It is how a
cheaper valgrind run is shown to be no weaker (docs/testing.md).

  scripts/conformance_coverage.py record BUILD OUT [CASE...]
      BUILD configured with -DCMAKE_C_FLAGS=--coverage
      -DCMAKE_EXE_LINKER_FLAGS=--coverage -DCMAKE_SHARED_LINKER_FLAGS=--coverage
      and the conformance target built; runs each option set alone
      (TG_CONFORMANCE_SHARD=i/N, TG_CONFORMANCE_QUICK=1, stride 64 as
      scripts/test.sh's valgrind step) and writes OUT (JSON)
  scripts/conformance_coverage.py compare BEFORE AFTER
      fails when an option set of AFTER reaches less than in BEFORE
"""
import glob
import gzip
import json
import os
import subprocess
import sys
import tempfile


def reached(build):
    """The (file, line) and (file, line, branch) of lib/ the last run reached."""
    gcdas = glob.glob(os.path.join(build, "CMakeFiles/tg_objects.dir/lib/**/*.gcda"), recursive=True)
    lines, branches = set(), set()
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["gcov", "-b", "-j", "-p"] + gcdas, cwd=tmp, capture_output=True, check=True)
        for name in glob.glob(os.path.join(tmp, "*.gcov.json.gz")):
            for f in json.load(gzip.open(name))["files"]:
                if "/lib/" not in f["file"]:
                    continue
                src = f["file"][f["file"].index("/lib/") + 1:]
                for ln in f["lines"]:
                    if ln["count"] > 0:
                        lines.add(f"{src}:{ln['line_number']}")
                    for i, b in enumerate(ln.get("branches", [])):
                        if b["count"] > 0:
                            branches.add(f"{src}:{ln['line_number']}:{i}")
    return lines, branches


def record(build, out, cases):
    build = os.path.abspath(build)
    exe = os.path.join(build, "tests/conformance/conformance")
    probe = subprocess.run([exe], env=dict(os.environ, TG_CONFORMANCE_SHARD="0/100000"),
                           capture_output=True, text=True).stdout
    total = int(probe.split(" of 100000: ")[1].split(" of ")[1].split()[0])
    result = {}
    for i in cases or range(total):
        for f in glob.glob(os.path.join(build, "**/*.gcda"), recursive=True):
            os.unlink(f)
        env = dict(os.environ, TG_CONFORMANCE_QUICK="1", TG_CONFORMANCE_STRIDE="64",
                   TG_CONFORMANCE_SHARD=f"{i}/{total}")
        run = subprocess.run([exe], env=env, capture_output=True, text=True)
        name = [l[13:] for l in run.stdout.splitlines()
                if l.startswith("[       OK ]") and "conf_catalogue" not in l]
        if run.returncode != 0 or not name:
            sys.exit(f"option set {i} failed:\n{run.stdout}{run.stderr}")
        lines, branches = reached(build)
        result[name[0]] = {"lines": sorted(lines), "branches": sorted(branches)}
        print(f"{i} {name[0]}: {len(lines)} lines, {len(branches)} branches", flush=True)
    with open(out, "w") as f:
        json.dump(result, f)


def compare(before_path, after_path):
    before, after = json.load(open(before_path)), json.load(open(after_path))
    worse = 0
    for name, a in after.items():
        b = before.get(name)
        if b is None:
            continue
        lost_l = set(b["lines"]) - set(a["lines"])
        lost_b = set(b["branches"]) - set(a["branches"])
        print(f"{name}: {len(lost_l)} lines and {len(lost_b)} branches fewer")
        worse += bool(lost_l or lost_b)
    all_b = set().union(*(set(v["lines"]) for v in before.values()))
    all_a = set().union(*(set(v["lines"]) for v in after.values()))
    print(f"in all: {len(all_b)} lines before, {len(all_a)} after ({len(all_b - all_a)} lost)")
    return 1 if worse else 0


if __name__ == "__main__":
    if len(sys.argv) >= 4 and sys.argv[1] == "record":
        record(sys.argv[2], sys.argv[3], [int(c) for c in sys.argv[4:]])
    elif len(sys.argv) == 4 and sys.argv[1] == "compare":
        sys.exit(compare(sys.argv[2], sys.argv[3]))
    else:
        sys.exit(__doc__)
