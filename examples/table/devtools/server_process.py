"""A table server in a process of its own, on a free loopback port.

Started with the Python that runs the caller (Debian's, which sees
aiohttp and asyncpg), stopped by its PID: SIGTERM, or SIGKILL for the
tests that kill it. Its bot workers die with it (bots.py).
"""

import asyncio
import os
import signal
import subprocess
import sys


def rss_kib(pid):
    """Resident memory of a process in KiB (0 when it is gone)."""
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def children(pid):
    """The PIDs of a process's children (Linux /proc)."""
    out = []
    try:
        for task in os.listdir("/proc/%d/task" % pid):
            with open("/proc/%d/task/%s/children" % (pid, task)) as f:
                out += [int(c) for c in f.read().split()]
    except OSError:
        pass
    return out


def cpu_seconds(pid):
    """User + system CPU seconds a process used so far."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


class ServerProcess:
    def __init__(self, db, pace=0.02, seed=None, extra=(), stderr=subprocess.DEVNULL,
                 own_session=False):
        """own_session: start it in a session of its own (setsid), so that
        Linux's autogroup scheduler shares the CPU between it and its
        caller as between two programs started apart, not as one."""
        self.db = db
        self.own_session = own_session
        self.pace = pace
        self.seed = seed
        self.extra = list(extra)
        self.stderr = stderr
        self.proc = None
        self.base = None

    @property
    def pid(self):
        return self.proc.pid if self.proc else None

    @property
    def running(self):
        return self.proc is not None and self.proc.returncode is None

    async def start(self, timeout=60):
        args = [sys.executable, "-m", "tablegames_table", "--port", "0", "--db", self.db,
                "--pace", str(self.pace), "--quiet", *self.extra]
        if self.seed is not None:
            args += ["--seed", str(self.seed)]
        self.proc = await asyncio.create_subprocess_exec(
            *args, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=self.stderr,
            start_new_session=self.own_session)
        line = (await asyncio.wait_for(self.proc.stdout.readline(), timeout)).decode()
        if "open " not in line:
            await self.proc.wait()
            raise RuntimeError("the server did not start (exit %s): %r"
                               % (self.proc.returncode, line))
        self.base = line.split("open ", 1)[1].split(" ", 1)[0].rstrip("/")
        return self

    def memory_kib(self):
        """The server's and its bot workers' resident memory."""
        if not self.running:
            return 0
        return rss_kib(self.pid) + sum(rss_kib(c) for c in children(self.pid))

    def cpu(self):
        """(server CPU seconds, workers' CPU seconds) so far."""
        if not self.running:
            return 0.0, 0.0
        return cpu_seconds(self.pid), sum(cpu_seconds(c) for c in children(self.pid))

    async def kill9(self):
        self.proc.send_signal(signal.SIGKILL)
        await self.proc.wait()

    async def stop(self, timeout=20):
        if self.running:
            self.proc.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.proc.wait(), timeout)
            except asyncio.TimeoutError:
                self.proc.kill()
                await self.proc.wait()

