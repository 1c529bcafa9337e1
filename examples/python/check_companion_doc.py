#!/usr/bin/env python3
"""Keeps docs/companion.md honest: every transcript in it is followed by the
command that made it; run each command and compare its output with the
transcript. Exit status 1 names the first line that differs.

    python3 examples/python/check_companion_doc.py docs/companion.md
"""

import io
import re
import shlex
import sys
from contextlib import redirect_stdout
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import companion  # noqa: E402

PAIR = re.compile(r"\n\n```\n((?:(?!```).)*?)\n```\n\n`python3 examples/python/companion\.py ([^`]*)`",
                  re.S)


def main(argv):
    text = Path(argv[0]).read_text(encoding="utf-8")
    pairs = PAIR.findall(text)
    if not pairs:
        print("no transcript found in", argv[0])
        return 1
    failed = 0
    for want, command in pairs:
        args = shlex.split(command.split(" (")[0])
        buf = io.StringIO()
        with redirect_stdout(buf):
            companion.main(args)
        got = buf.getvalue().rstrip("\n")
        if got != want:
            g, w = got.splitlines(), want.splitlines()
            i = next((k for k in range(min(len(g), len(w))) if g[k] != w[k]), min(len(g), len(w)))
            print("companion.py %s: line %d differs\n  doc: %s\n  now: %s" % (
                command, i + 1, w[i] if i < len(w) else "(end)", g[i] if i < len(g) else "(end)"))
            failed = 1
    print("%d transcripts checked, %s" % (len(pairs), "differences" if failed else "all match"))
    return failed


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
