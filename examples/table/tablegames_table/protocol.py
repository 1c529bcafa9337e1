"""Messages from a browser: each checked against a fixed shape.

Every message is one JSON object of at most MAX_MESSAGE bytes with a
"type" and exactly the fields that type has, each of the right kind and
range. Anything else is refused with a clear error before it reaches a
table, so it changes nothing. docs/table.md lists the protocol.
"""

import json

MAX_MESSAGE = 1024           # bytes of one client message
MAX_FRAME = 64 * 1024        # aiohttp closes the socket (1009) above this
MAX_INT = 2 ** 32 - 1

# type -> {field: kind}; kinds: "int" (0..MAX_INT), "str" (<= 64 chars), "true".
SHAPES = {
    "hello": ({"seat": "int", "key": "str"}, {"watch": "true"}),
    "move": ({"move": "int", "version": "int"},),
    "enter": ({"move": "int", "version": "int"},),
    "ping": ({},),
    "replay": ({"step": "int"},),      # after the end: one step of the game (replay.py)
}


class BadMessage(ValueError):
    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
        self.message = message


def _fits(value, kind):
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_INT
    if kind == "str":
        return isinstance(value, str) and len(value) <= 64
    return value is True


def parse(text):
    """The message as a dict, or BadMessage saying what is wrong."""
    if not isinstance(text, str):
        raise BadMessage("bad_message", "messages are JSON text, not binary")
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_MESSAGE:
        raise BadMessage("too_large", "message of %d bytes; the limit is %d"
                         % (size, MAX_MESSAGE))
    try:
        msg = json.loads(text)
    except (ValueError, RecursionError):
        raise BadMessage("bad_message", "the message is not JSON") from None
    if not isinstance(msg, dict):
        raise BadMessage("bad_message", "the message must be a JSON object")
    kind = msg.get("type")
    if not isinstance(kind, str) or kind not in SHAPES:
        raise BadMessage("bad_message", "unknown message type %r (known: %s)"
                         % (kind if isinstance(kind, str) else type(kind).__name__,
                            ", ".join(SHAPES)))
    fields = {k: v for k, v in msg.items() if k != "type"}
    for shape in SHAPES[kind]:
        if set(fields) == set(shape) and all(_fits(fields[k], shape[k]) for k in shape):
            return msg
    wanted = " or ".join("{%s}" % ", ".join("%s: %s" % kv for kv in shape.items())
                         for shape in SHAPES[kind])
    raise BadMessage("bad_message", "a %s message has the fields %s" % (kind, wanted or "{}"))
