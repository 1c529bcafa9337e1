"""Figures of a load run: latency percentiles, rates and memory."""

import math


def percentile(samples, p):
    """The p-th percentile (0..100) by the nearest-rank method; None if empty."""
    if not samples:
        return None
    ordered = sorted(samples)
    rank = max(1, math.ceil(p / 100 * len(ordered)))
    return ordered[rank - 1]


def ms(seconds):
    return None if seconds is None else round(seconds * 1000, 1)


class Figures:
    def __init__(self):
        self.latencies = []          # a person's move -> the next state on that connection
        self.crossings = []          # a person's move -> the other seat's state on another server
        self.errors = {}             # refusal code or failure -> count
        self.unanswered = 0          # moves that got no answer before the run ended
        self.disconnects = 0
        self.games_finished = 0
        self.tables_made = 0
        self.moves_sent = 0
        self.client_lag = []         # how late the generator's own loop woke (its share of latency)
        self.memory_kib = []         # samples of every server's memory (with its bot workers)

    def error(self, what):
        self.errors[what] = self.errors.get(what, 0) + 1

    def summary(self, seconds, decisions, cpu):
        return {
            "seconds": round(seconds, 1),
            "tables_made": self.tables_made,
            "games_finished": self.games_finished,
            "decisions": decisions,
            "decisions_per_second": round(decisions / seconds, 1) if seconds else None,
            "person_moves": self.moves_sent,
            "latency_ms": {"p50": ms(percentile(self.latencies, 50)),
                           "p99": ms(percentile(self.latencies, 99)),
                           "max": ms(max(self.latencies) if self.latencies else None),
                           "samples": len(self.latencies)},
            "other_server_ms": {"p50": ms(percentile(self.crossings, 50)),
                                "p99": ms(percentile(self.crossings, 99)),
                                "samples": len(self.crossings)},
            "load_generator_lag_ms": {"p50": ms(percentile(self.client_lag, 50)),
                                      "p99": ms(percentile(self.client_lag, 99))},
            "errors": dict(self.errors),
            "unanswered": self.unanswered,
            "disconnects": self.disconnects,
            "memory_mib": {"peak": round(max(self.memory_kib, default=0) / 1024, 1),
                           "end": round((self.memory_kib[-1] if self.memory_kib else 0) / 1024, 1)},
            "cpu": cpu,
        }
