"""Rate limits: token buckets for messages, new tables and CPU time.

A bucket holds up to `burst` tokens and gains `rate` tokens a second;
each action takes one (take), or what it cost (spend: CPU seconds).
Time comes from a clock function (time.monotonic
by default) so that tests move it by hand instead of waiting.
"""

import ipaddress
import time


class Bucket:
    def __init__(self, rate, burst, clock=time.monotonic, least=1.0):
        """least: the smallest burst (1: room for one take)."""
        self.rate, self.burst, self.clock = float(rate), max(least, float(burst)), clock
        self.tokens, self.last = float(burst), clock()

    def _refill(self):
        now = self.clock()
        # (A clock that goes back - a test stopping it - refills nothing.)
        self.tokens = min(self.burst, self.tokens + max(0.0, now - self.last) * self.rate)
        self.last = now

    def take(self):
        self._refill()
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def wait(self):
        """Seconds until take() can succeed."""
        self._refill()
        return 0.0 if self.tokens >= 1 else (1 - self.tokens) / self.rate if self.rate else 3600.0

    def spend(self, amount):
        """Takes amount (of CPU seconds, say: cpu_budget.py) after the
        fact; the bucket may go below zero, a debt paid back at its rate."""
        self._refill()
        self.tokens -= amount

    def debt_wait(self):
        """Seconds until a bucket in debt is back at zero (0: no debt)."""
        self._refill()
        return 0.0 if self.tokens >= 0 else -self.tokens / self.rate if self.rate else 3600.0

    @property
    def full(self):
        self._refill()
        return self.tokens >= self.burst


def client_key(address):
    """Who a limit per client counts: the IPv4 address, or the /64 network
    of an IPv6 address (one home or phone gets a whole /64)."""
    try:
        ip = ipaddress.ip_address(address or "")
    except ValueError:
        return address or "?"
    if ip.version == 4:
        return str(ip)
    if ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    return str(ipaddress.ip_network("%s/64" % ip, strict=False))


class CreationLimit:
    """Tables a server makes: per client (per_minute, at most burst at
    once) and overall. Refusals say how long to wait."""

    MAX_CLIENTS = 10000          # buckets kept; full ones are forgotten first

    def __init__(self, per_client=(5.0, 20), overall=(60.0, 120), clock=time.monotonic):
        self.per_client, self.clock = per_client, clock
        self.overall = Bucket(overall[0] / 60.0, overall[1], clock)
        self.clients = {}

    def _bucket(self, key):
        bucket = self.clients.get(key)
        if bucket is None:
            if len(self.clients) >= self.MAX_CLIENTS:
                self.clients = {k: b for k, b in self.clients.items() if not b.full}
            while len(self.clients) >= self.MAX_CLIENTS:     # many addresses at once:
                del self.clients[next(iter(self.clients))]   # the oldest go (memory stays bounded)
            bucket = Bucket(self.per_client[0] / 60.0, self.per_client[1], self.clock)
            self.clients[key] = bucket
        return bucket

    def check(self, address):
        """None when a table may be made now (and counts it), else
        (scope, seconds to wait): scope "address" or "server"."""
        bucket = self._bucket(client_key(address))
        if bucket.wait() > 0:
            return "address", bucket.wait()
        if not self.overall.take():
            return "server", self.overall.wait()
        bucket.take()
        return None
