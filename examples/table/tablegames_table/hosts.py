"""Which Host names the server answers to (the defence against DNS rebinding).

A page on another site can make a browser send requests to this server
under the attacker's own name (DNS rebinding: evil.example resolves to
127.0.0.1 a moment after the page loaded). Such a request carries
Host: evil.example, and its Origin matches that Host, so the Origin check
alone lets it through. The server therefore answers only to the names it
was started for: the --host address, the names given with --allowed-host
(a reverse proxy's public name), the loopback names when it listens on
loopback, and IP literals when it listens on every address (a rebinding
page always uses a name, never an address, so any address is safe to
accept: the devices of a home network join by the machine's address).
"""

import ipaddress

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
WILDCARDS = ("", "0.0.0.0", "::")


def _normal(name):
    name = name.strip().lower().rstrip(".")
    if name.startswith("[") and name.endswith("]"):
        name = name[1:-1]
    return name


def split_host(header):
    """The name in a Host header, without the port and brackets ('' when
    there is none or it does not parse)."""
    header = (header or "").strip()
    if header.startswith("["):
        end = header.find("]")
        return _normal(header[:end + 1]) if end > 0 else ""
    if header.count(":") > 1:        # an IPv6 address without brackets is not a Host
        return ""
    return _normal(header.partition(":")[0])


def _is_ip(name):
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def _is_loopback(name):
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


class HostCheck:
    def __init__(self, listen="127.0.0.1", allowed=()):
        self.names = {_normal(a) for a in allowed if _normal(a)}
        self.any_address = False
        self.listen(listen)

    def listen(self, host):
        """Adds what the address the server listens on implies."""
        host = _normal(host or "")
        if host in WILDCARDS:
            self.any_address = True
            self.names.update(LOOPBACK_NAMES)
        else:
            self.names.add(host)
            if _is_loopback(host):
                self.names.update(LOOPBACK_NAMES)

    def allows(self, header):
        name = split_host(header)
        if not name:
            return False
        return name in self.names or (self.any_address and _is_ip(name))
