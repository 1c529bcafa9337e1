#!/usr/bin/env python3
"""Holds the public headers, the linker version script and the layout test
to one another, so that nothing exported goes unversioned and nothing
frozen goes unpinned:

- every TG_API function declared in a header sits in the version node its
  doc comment names with "@since X.Y" (TABLEGAMES_1.0 when it names none),
  and carries a doc comment;
- every name in the version script is declared in a header, once, and no
  node claims names by a pattern (a pattern would swallow new functions);
- each node inherits the one before it;
- every public macro, enumerator and struct appears in the layout test
  (tests/abi/layout.c), which pins their values and layouts, and every
  field of a public struct has its type pinned there (TYPE(struct, field, ...)).

    check_names.py HEADER_DIR... --map abi/tablegames.map --layout tests/abi/layout.c
"""

import argparse
import os
import re
import sys


def header_texts(dirs):
    texts = {}
    for folder in dirs:
        for name in sorted(os.listdir(folder)):
            if name.endswith(".h") or name.endswith(".h.in"):
                base = name[:-3] if name.endswith(".in") else name
                if base in texts and name.endswith(".in"):
                    continue  # a generated header wins over its template
                with open(os.path.join(folder, name), encoding="utf-8") as f:
                    texts[base] = f.read()
    return texts


DECL = re.compile(r"(/\*\*(?:(?!\*/).)*\*/\s*)?TG_API\s+[^;{]*?\b(tg_\w+)\s*\(", re.S)
SINCE = re.compile(r"@since\s+(\d+)\.(\d+)")


def declared_functions(texts, problems):
    """name -> the node its documentation says."""
    found = {}
    for header, text in texts.items():
        for m in DECL.finditer(text):
            doc, name = m.group(1), m.group(2)
            if not doc:
                problems.append("%s: %s has no doc comment" % (header, name))
                doc = ""
            since = SINCE.search(doc)
            node = "TABLEGAMES_%s.%s" % since.groups() if since else "TABLEGAMES_1.0"
            if name in found:
                problems.append("%s: %s is declared twice" % (header, name))
            found[name] = node
    return found


def map_nodes(path, problems):
    """[(node, parent, [names])] in file order."""
    with open(path, encoding="utf-8") as f:
        text = re.sub(r"/\*.*?\*/", " ", f.read(), flags=re.S)
    nodes = []
    for m in re.finditer(r"(TABLEGAMES_\d+\.\d+)\s*\{(.*?)\}\s*(TABLEGAMES_\d+\.\d+)?\s*;",
                         text, re.S):
        node, body, parent = m.group(1), m.group(2), m.group(3)
        names = []
        for section in re.finditer(r"(global|local)\s*:([^:]*?)(?=(?:global|local)\s*:|$)",
                                   body, re.S):
            entries = [e.strip() for e in section.group(2).split(";") if e.strip()]
            if section.group(1) == "local":
                if entries != ["*"]:
                    problems.append("%s: local must be exactly '*'" % node)
                continue
            for e in entries:
                if not re.fullmatch(r"tg_[a-z0-9_]+", e):
                    problems.append("%s: '%s' is a pattern or not a tg_ name; list names" % (node, e))
                names.append(e)
        nodes.append((node, parent, names))
    if not nodes:
        problems.append("%s: no version node found" % path)
    return nodes


def check_map(declared, nodes, problems):
    where = {}
    for i, (node, parent, names) in enumerate(nodes):
        want_parent = nodes[i - 1][0] if i else None
        if parent != want_parent:
            problems.append("%s inherits %s, not the node before it (%s)"
                            % (node, parent, want_parent))
        for name in names:
            if name in where:
                problems.append("%s is listed in %s and %s" % (name, where[name], node))
            where[name] = node
    for name, node in sorted(declared.items()):
        if name not in where:
            problems.append("%s is declared TG_API but missing from the version script "
                            "(it would stay local: programs fail to link)" % name)
        elif where[name] != node:
            problems.append("%s is in %s, but its header says %s" % (name, where[name], node))
    for name, node in sorted(where.items()):
        if name not in declared:
            problems.append("%s (in %s) is declared in no public header" % (name, node))


def public_names(texts):
    """Macros, enumerators and structs the headers define."""
    macros, enumerators, structs = set(), set(), {}
    for text in texts.values():
        for m in re.finditer(r"^\s*#\s*define\s+(TG_\w+)", text, re.M):
            macros.add(m.group(1))
        for body in re.findall(r"typedef\s+enum\s+\w*\s*\{(.*?)\}", text, re.S):
            body = re.sub(r"/\*.*?\*/", " ", body, flags=re.S)
            enumerators.update(re.findall(r"\b(TG_\w+)\s*=", body))
        for name, body in re.findall(r"typedef\s+struct\s+(\w+)\s*\{(.*?)\}", text, re.S):
            structs[name] = struct_fields(body)
    macros.discard("TG_API")  # an attribute, with nothing to pin
    return macros, enumerators, structs


def struct_fields(body):
    """The field names of a struct body: the last name of each declaration,
    or the (*name) of a function pointer."""
    body = re.sub(r"/\*.*?\*/", " ", body, flags=re.S)
    fields = []
    for decl in body.split(";"):
        if not decl.strip():
            continue
        pointer = re.search(r"\(\s*\*\s*(\w+)\s*\)", decl)
        fields.append(pointer.group(1) if pointer else re.findall(r"\w+", decl)[-1])
    return fields


def check_layout(texts, layout_path, problems):
    with open(layout_path, encoding="utf-8") as f:
        layout = f.read()
    macros, enumerators, structs = public_names(texts)
    for name in sorted(macros | enumerators):
        if not re.search(r"\b%s\b" % name, layout):
            problems.append("%s is public but not pinned in %s" % (name, layout_path))
    for name in sorted(structs):
        # A struct's size is pinned by LAYOUT(name, size, ...) or sizeof(name).
        if not re.search(r"\bLAYOUT\(%s,|sizeof\(%s\)" % (name, name), layout):
            problems.append("struct %s has no size pinned in %s" % (name, layout_path))
        for field in structs[name]:
            if not re.search(r"\bTYPE\(%s,\s*%s," % (name, field), layout):
                problems.append("%s.%s has no type pinned in %s" % (name, field, layout_path))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("headers", nargs="+", help="folders holding the public headers")
    ap.add_argument("--map", required=True)
    ap.add_argument("--layout", required=True)
    args = ap.parse_args()
    problems = []
    texts = header_texts(args.headers)
    declared = declared_functions(texts, problems)
    nodes = map_nodes(args.map, problems)
    check_map(declared, nodes, problems)
    check_layout(texts, args.layout, problems)
    if problems:
        print("abi names: %d problem(s):" % len(problems))
        for p in problems:
            print("  " + p)
        return 1
    print("abi names: %d functions in %d nodes, each declared and versioned; every macro, "
          "enumerator, struct and field type pinned" % (len(declared), len(nodes)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
