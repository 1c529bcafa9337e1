#!/usr/bin/env python3
"""Reads an abidiff report made WITHOUT suppressions and fails unless every
change it shows is one abi/README.md allows: fields appended at the end of
a versioned struct that callers pass in (tg_game_params, tg_bot_params,
tg_sized_allocator), whose size grows with them.

It knows the few lines such a report is made of and refuses every other
line, so a change it was not written for (a field retyped, moved or
removed, an enumerator's value, a function's signature) fails rather than
passes. Suppressions cannot do this: libabigail's has_data_member_inserted_at
silences every change to a struct that also gained a field at its end.

    abidiff --no-added-syms OLD NEW | appends_only.py
"""

import re
import sys

VERSIONED = {"tg_game_params", "tg_bot_params", "tg_sized_allocator"}

# Lines that only lead the way down to a changed type, or summarise.
PATH = [
    r"Functions changes summary: 0 Removed, \d+ Changed( \(\d+ filtered out\))?, "
    r"\d+ Added( \(\d+ filtered out\))? functions?",
    r"Variables changes summary: 0 Removed, 0 Changed( \(\d+ filtered out\))?, "
    r"\d+ Added( \(\d+ filtered out\))? variables?",
    r"\d+ functions? with some indirect sub-type changes?:",
    r"\[C\] 'function .*' at \S+ has some indirect sub-type changes:",
    r"parameter \d+ of type '.*' has sub-type changes:",
    r"in pointed to type '.*'( at \S+)?:",
    r"in unqualified underlying type '.*'( at \S+)?:",
    r"\d+ data member changes?:",
    # A pointer field whose pointee changed (tg_game_params.sized_allocator
    # when tg_sized_allocator grows); the pointee's change follows, checked.
    r"type of '[^']*\*\s*\w+' changed:",
    r".*, as reported earlier",
    r".*details were reported earlier",
]
STRUCT = re.compile(r"underlying type 'struct (\w+)'( at \S+)? changed:")
SIZE = re.compile(r"type size changed from (\d+) to (\d+) \(in bits\)")
INSERTIONS = re.compile(r"\d+ data member insertions?:")
INSERTED = re.compile(r"'[^']*', at offset (\d+) \(in bits\)( at \S+)?")


def check(lines):
    problems = []
    struct = old_size = None
    inserting = False
    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line:
            continue
        m = STRUCT.fullmatch(line)
        if m:
            struct, old_size, inserting = m.group(1), None, False
            if struct not in VERSIONED:
                problems.append("%d: struct %s is not a versioned struct: %s" % (number, struct, line))
            continue
        m = SIZE.fullmatch(line)
        if m and struct in VERSIONED and old_size is None and int(m.group(2)) > int(m.group(1)):
            old_size = int(m.group(1))
            continue
        if INSERTIONS.fullmatch(line) and old_size is not None:
            inserting = True
            continue
        m = INSERTED.fullmatch(line)
        if m and inserting:
            if int(m.group(1)) < old_size:
                problems.append("%d: a field inserted before the end of %s: %s"
                                % (number, struct, line))
            continue
        inserting = False
        if any(re.fullmatch(p, line) for p in PATH):
            continue
        problems.append("%d: not an append to a versioned struct: %s" % (number, line))
    return problems


def main():
    report = sys.stdin.read().splitlines()
    problems = check(report)
    if problems:
        print("abi appends: the report shows changes beyond fields appended to versioned structs:")
        for p in problems:
            print("  " + p)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
