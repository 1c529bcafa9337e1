"""Holds every ctypes declaration against the C headers.

ctypes trusts whatever argtypes/restype it is given; a C prototype that
changes while the Python table does not corrupts memory silently. This test
parses the prototypes (one per TG_API declaration), the catalogue structs
and the status codes from the headers and compares them with the binding.

Headers are taken from $TABLEGAMES_INCLUDE_DIR (the folder holding
boardgames/), else from this source tree, else from pkg-config's includedir.
"""

import ctypes
import os
import re
import subprocess
import unittest
from ctypes import (POINTER, c_char, c_char_p, c_double, c_float, c_int, c_int32, c_size_t,
                    c_ubyte, c_uint, c_uint8, c_uint32, c_uint64, c_void_p)

import tablegames
from tablegames import _ffi, errors
from tablegames._loader import library

HERE = os.path.dirname(os.path.abspath(__file__))


def header_dir():
    env = os.environ.get("TABLEGAMES_INCLUDE_DIR")
    if env:
        return os.path.join(env, "boardgames")
    in_tree = os.path.join(HERE, "..", "..", "..", "include", "boardgames")
    if os.path.isdir(in_tree):
        return in_tree
    out = subprocess.run(["pkg-config", "--variable=includedir", "tablegames"],
                         capture_output=True, text=True, check=False)
    return os.path.join(out.stdout.strip(), "boardgames")


def header_text():
    folder = header_dir()
    names = sorted(n for n in os.listdir(folder)
                   if n.endswith(".h") or n == "version.h.in")
    if "version.h" in names and "version.h.in" in names:
        names.remove("version.h.in")
    text = ""
    for name in names:
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            text += f.read() + "\n"
    # Comments may contain parentheses and semicolons; drop them first.
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


BASE_TYPES = {
    "void": None, "int": c_int, "unsigned": c_uint, "size_t": c_size_t,
    "uint8_t": c_uint8, "int32_t": c_int32, "uint32_t": c_uint32, "uint64_t": c_uint64, "double": c_double, "float": c_float,
    "tg_status": c_int, "tg_option_type": c_int, "tg_move": c_uint32,
    "char": c_char, "unsigned char": c_ubyte,
    "tg_game": _ffi.GameHandle, "tg_state": _ffi.StateHandle,
    "tg_game_info": _ffi.GameInfo, "tg_option_info": _ffi.OptionInfo,
    "tg_game_params": _ffi.GameParams, "tg_allocator": _ffi.Allocator,
    "tg_sized_allocator": _ffi.SizedAllocator, "tg_resize_fn": _ffi.ResizeFn,
    "tg_bot": _ffi.BotHandle, "tg_bot_params": _ffi.BotParams, "tg_bot_level": c_int,
    "tg_bot_memory": c_int, "tg_batch": _ffi.BatchHandle,
    "tg_batch_params": _ffi.BatchParams, "tg_batch_buffers": _ffi.BatchBuffers,
}


def ctype_of(c_type):
    """The ctypes type a C type must be declared as, e.g. "const char *" ->
    c_char_p, "tg_game **" -> POINTER(POINTER(tg_game))."""
    tokens = re.findall(r"\w+|\*", c_type)
    stars = tokens.count("*")
    pointee_const = tokens[0] == "const"
    base = " ".join(t for t in tokens if t not in ("const", "*"))
    if base == "void":
        return c_void_p if stars == 1 else None
    if base == "char" and pointee_const and stars >= 1:
        result, stars = c_char_p, stars - 1  # read-only text
    else:
        result = BASE_TYPES[base]
    for _ in range(stars):
        result = POINTER(result)
    return result


def split_declaration(decl):
    """'const char *name' -> ('const char *', 'name')."""
    decl = decl.strip()
    # An array parameter ("uint64_t out[2]") is a pointer in C.
    arr = re.match(r"(.*?)\[\s*\w*\s*\]\s*$", decl, flags=re.S)
    if arr:
        base, name = split_declaration(arr.group(1))
        return (base + " *").replace("  ", " "), name
    m = re.match(r"(.*?)(\w+)\s*$", decl, flags=re.S)
    return m.group(1).strip(), m.group(2)


def parse_prototypes(text):
    protos = {}
    for m in re.finditer(r"TG_API\s+([^;]*?)\b(tg_\w+)\s*\(([^)]*)\)\s*;", text):
        ret, name, params = m.group(1).strip(), m.group(2), m.group(3).strip()
        args = []
        if params != "void":
            args = [split_declaration(p)[0] for p in params.split(",")]
        protos[name] = (ret, args)
    return protos


def parse_struct(text, name):
    m = re.search(r"typedef\s+struct\s+%s\s*\{(.*?)\}\s*%s\s*;" % (name, name), text, re.S)
    return [split_declaration(f) for f in m.group(1).split(";") if f.strip()]


def show(t):
    return getattr(t, "__name__", repr(t))


class SignatureTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.text = header_text()
        cls.protos = parse_prototypes(cls.text)
        cls.dll = library().dll

    def test_headers_were_parsed(self):
        # Guards the parser itself: a regex that matched nothing would make
        # every comparison below vacuous.
        self.assertGreaterEqual(len(self.protos), 70)
        self.assertIn("tg_state_apply", self.protos)
        # The 1.2 additions, named so that a header parser that missed them fails.
        for name in ("tg_game_params_init", "tg_bot_params_init", "tg_game_ref",
                     "tg_state_chance_weights", "tg_state_returns_v2", "tg_bot_new_v2",
                     "tg_bot_get_params", "tg_bot_last_error", "tg_state_step",
                     "tg_state_step_chance"):
            self.assertIn(name, self.protos)
        # The 1.3 additions of issue 27 (the messages of the init calls).
        for name in ("tg_game_params_init_v2", "tg_bot_params_init_v2",
                     "tg_sized_allocator_init"):
            self.assertIn(name, self.protos)
        self.assertEqual(self.protos["tg_state_apply"], ("tg_status", ["tg_state *", "tg_move"]))

    def test_every_c_function_is_declared(self):
        missing = sorted(set(self.protos) - set(_ffi.SIGNATURES))
        self.assertEqual(missing, [], "C functions without a ctypes declaration")

    def test_no_declaration_without_c_function(self):
        extra = sorted(set(_ffi.SIGNATURES) - set(self.protos))
        self.assertEqual(extra, [], "ctypes declarations of functions the headers lack")

    def test_restypes_match(self):
        for name, (ret, _args) in self.protos.items():
            with self.subTest(function=name):
                want = ctype_of(ret)
                self.assertIs(_ffi.SIGNATURES[name][0], want,
                              "%s returns %s, binding says %s"
                              % (name, ret, show(_ffi.SIGNATURES[name][0])))
                self.assertIs(getattr(self.dll, name).restype, want)

    def test_argtypes_match(self):
        for name, (_ret, args) in self.protos.items():
            with self.subTest(function=name):
                want = [ctype_of(a) for a in args]
                have = list(getattr(self.dll, name).argtypes or [])
                self.assertEqual(len(have), len(want), "%s: argument count" % name)
                for i, (h, w, c) in enumerate(zip(have, want, args)):
                    self.assertIs(h, w, "%s argument %d is %s in C, %s in the binding"
                                  % (name, i, c, show(h)))

    def test_the_step_fast_path_passes_the_declared_types(self):
        # State.step() calls undeclared copies of the two step functions;
        # what it passes must still be exactly what the header declares.
        # The ctypes StepView, which the pure path uses (a build with the C
        # module still falls back to it elsewhere), made as State makes it.
        state = tablegames.State(tablegames.Game("witches_dance"), 1)
        view = tablegames.StepView(state._lib, state._ptr, state.game.max_legal_moves)
        step = self.protos["tg_state_step"][1]
        chance = self.protos["tg_state_step_chance"][1]
        self.assertEqual(step[2:], chance[2:])
        self.assertEqual(ctype_of(step[1]), _ffi.MoveId)  # a plain int below 2**31
        self.assertEqual(ctype_of(chance[1]), POINTER(type(view._applied)))
        self.assertEqual(ctype_of(step[2]), POINTER(type(view._player)))
        self.assertEqual(ctype_of(step[3]), POINTER(view._ids._type_))
        self.assertEqual(ctype_of(step[4]), type(view._cap))
        self.assertEqual(ctype_of(step[5]), POINTER(type(view._count)))
        self.assertEqual(ctype_of(step[0]), POINTER(_ffi.StateHandle))
        # They go as ready-made argument objects (see StepView): the
        # address as a void *, the array by reference, cap as a size_t.
        address = ctypes.cast(state._ptr, c_void_p).value
        self.assertEqual(repr(view._address), "<cparam 'P' (0x%x)>" % address)
        self.assertIs(view._ids_arg._obj, view._ids)
        self.assertEqual(repr(view._cap_arg), "<cparam '%s' (%d)>"
                         % (type(view._cap)._type_, view._cap.value))
        self.assertEqual(view._cap.value, state.game.max_legal_moves)
        self.assertEqual(view._step.restype, ctype_of(self.protos["tg_state_step"][0]))
        self.assertEqual(view._step_chance.restype,
                         ctype_of(self.protos["tg_state_step_chance"][0]))

    def test_structs_match(self):
        for c_name, cls in (("tg_game_info", _ffi.GameInfo),
                            ("tg_option_info", _ffi.OptionInfo),
                            ("tg_game_params", _ffi.GameParams),
                            ("tg_sized_allocator", _ffi.SizedAllocator),
                            ("tg_bot_params", _ffi.BotParams),
                            ("tg_batch_params", _ffi.BatchParams),
                            ("tg_batch_buffers", _ffi.BatchBuffers)):
            with self.subTest(struct=c_name):
                fields = parse_struct(self.text, c_name)
                self.assertEqual([n for _t, n in fields], [n for n, _t in cls._fields_])
                for (c_type, fname), (_n, py_type) in zip(fields, cls._fields_):
                    self.assertIs(py_type, ctype_of(c_type), "%s.%s" % (c_name, fname))

    def test_status_codes_match_exceptions(self):
        codes = dict((n, int(v)) for n, v in
                     re.findall(r"\b(TG_(?:OK|E_\w+))\s*=\s*(-?\d+)", self.text))
        self.assertEqual(codes.pop("TG_OK"), 0)
        self.assertGreater(len(codes), 5)
        for name, value in codes.items():
            with self.subTest(status=name):
                cls = errors._BY_STATUS.get(value)
                self.assertIsNotNone(cls, "no exception for %s" % name)
                self.assertEqual(cls.name, name)
                self.assertEqual(library().status_name(value), name)

    def test_constants_match(self):
        defines = dict((n, int(v)) for n, v in
                       re.findall(r"#define\s+(TG_\w+)\s+\((-?\d+)\)", self.text))
        defines.update((n, int(v)) for n, v in
                       re.findall(r"#define\s+(TG_\w+)\s+(\d+)\s*$", self.text, re.M))
        self.assertEqual(defines["TG_PLAYER_CHANCE"], tablegames.CHANCE)
        self.assertEqual(defines["TG_PLAYER_TERMINAL"], tablegames.TERMINAL)
        self.assertEqual(defines["TG_VIEW_OMNISCIENT"], tablegames.OMNISCIENT)
        self.assertEqual(defines["TG_MAX_PLAYERS"], tablegames.MAX_PLAYERS)
        self.assertEqual(defines["TG_GAME_PARAMS_VERSION"], _ffi.GAME_PARAMS_VERSION)
        self.assertEqual(defines["TG_BOT_PARAMS_VERSION"], _ffi.BOT_PARAMS_VERSION)
        self.assertEqual(defines["TG_BATCH_PARAMS_VERSION"], _ffi.BATCH_PARAMS_VERSION)
        self.assertEqual(defines["TG_BATCH_BUFFERS_VERSION"], _ffi.BATCH_BUFFERS_VERSION)

    def test_bot_levels_match(self):
        from tablegames.bot import LEVELS, MEMORY
        levels = dict((n, int(v)) for n, v in
                      re.findall(r"\b(TG_BOT_[A-Z]+)\s*=\s*(\d+)", self.text))
        self.assertEqual(levels, {"TG_BOT_" + k.upper(): v for k, v in LEVELS.items()})
        memory = dict((n, int(v)) for n, v in
                      re.findall(r"\b(TG_BOT_MEMORY_[A-Z]+)\s*=\s*(\d+)", self.text))
        self.assertEqual(memory, {"TG_BOT_MEMORY_" + k.upper(): v for k, v in MEMORY.items()})

    def test_params_layouts_match_the_library(self):
        # ctypes lays the structs out itself; the library's init functions
        # must accept the version they describe and fill exactly that size.
        lib = library().dll
        for cls, init, version in ((_ffi.GameParams, lib.tg_game_params_init,
                                    _ffi.GAME_PARAMS_VERSION),
                                   (_ffi.BotParams, lib.tg_bot_params_init,
                                    _ffi.BOT_PARAMS_VERSION)):
            with self.subTest(struct=cls.__name__):
                buf = (ctypes.c_ubyte * (ctypes.sizeof(cls) + 16))(*([0xAA] * (ctypes.sizeof(cls) + 16)))
                params = cls.from_buffer(buf)
                self.assertEqual(init(ctypes.byref(params), version), 0)
                self.assertEqual(params.version, version)
                self.assertEqual(bytes(buf[ctypes.sizeof(cls):]), b"\xaa" * 16)

    def test_ctype_mapping_distinguishes_what_matters(self):
        # The comparison is only as good as this mapping: mutable and
        # read-only text, and byte vs char buffers, must not collapse.
        self.assertIs(ctype_of("const char *"), c_char_p)
        self.assertIs(ctype_of("char *"), POINTER(c_char))
        self.assertIs(ctype_of("char **"), POINTER(POINTER(c_char)))
        self.assertIs(ctype_of("unsigned char **"), POINTER(POINTER(c_ubyte)))
        self.assertIs(ctype_of("const char *const *"), POINTER(c_char_p))
        self.assertIsNot(ctype_of("uint32_t"), ctype_of("uint64_t"))
        self.assertEqual(ctypes.sizeof(c_int), 4)


if __name__ == "__main__":
    unittest.main()
