#!/usr/bin/env python3
"""Runs a test command and stops it only when it has stopped moving.

    watchdog.py [--stall SECONDS] [--name NAME] -- COMMAND [ARG...]

No test of ours may guess the machine's speed: the same run takes 90 s on an
idle machine and half an hour on two shared cores under valgrind. So instead
of a time limit, this waits for progress and fails a test only when nothing
moved for STALL seconds. Progress is either
  - a byte the command writes to its standard output or error, or
  - CPU time used by the command's processes (the command and every process
    below it, read from /proc/PID/stat: user and system time, and the time
    of children it has waited for), or a new process among them.
A test blocked on a deadlock, a lost wake-up or a read that never returns
prints nothing and uses no CPU; that is what this catches. (A loop that
spins forever uses CPU and is not caught here: ctest's last-resort TIMEOUT,
beyond CI's 90 minutes, is for that. docs/testing.md.)

STALL is --stall, else $TG_STALL_SECONDS, else 300 s. On a stall it says
which test, how long since its last output and its last CPU time, sends
SIGTERM to its processes, then SIGKILL 10 s (at most STALL) later, and
exits with status 124. Otherwise it exits with the command's status (77 stays 77, so ctest's
SKIP_RETURN_CODE still skips), or dies of the command's signal, and prints
nothing of its own. SIGINT, SIGTERM, SIGHUP and SIGQUIT are passed on to the
command. Python standard library only; Linux (/proc).
"""

import os
import selectors
import signal
import subprocess
import sys
import time

DEFAULT_STALL = 300.0  # seconds; see docs/testing.md for why this figure
GRACE = 10.0           # at most this many seconds from SIGTERM to SIGKILL
STALLED_STATUS = 124   # as timeout(1), so a stall is never read as a skip (77)
FORWARDED = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT)


def usage(message):
    sys.stderr.write("watchdog: %s\nusage: watchdog.py [--stall SECONDS] [--name NAME] "
                     "-- COMMAND [ARG...]\n" % message)
    sys.exit(2)


def parse(argv):
    stall, name = os.environ.get("TG_STALL_SECONDS"), None
    args = list(argv)
    while args and args[0] != "--":
        option = args.pop(0)
        if option not in ("--stall", "--name") or not args:
            usage("bad argument %r" % option)
        value = args.pop(0)
        if option == "--stall":
            stall = value
        else:
            name = value
    if len(args) < 2:
        usage("no command after --")
    command = args[1:]
    try:
        stall = DEFAULT_STALL if stall in (None, "") else float(stall)
    except ValueError:
        usage("STALL must be a number of seconds, not %r" % stall)
    if not stall > 0:
        usage("STALL must be more than 0 seconds")
    return stall, name or " ".join(command), command


def processes():
    """{pid: (parent pid, CPU ticks used and waited for)} of every process."""
    table = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % entry, "rb") as f:
                stat = f.read()
        except OSError:
            continue  # it ended while we looked
        # The command name (field 2) is in parentheses and may hold spaces.
        fields = stat[stat.rfind(b")") + 2:].split()
        # fields[0] is field 3 (state): ppid is field 4, utime..cstime 14..17.
        table[int(entry)] = (int(fields[1]), sum(int(x) for x in fields[11:15]))
    return table


def tree(root):
    """The pids below root (root included) and the CPU ticks they used."""
    table = processes()
    children = {}
    for pid, (ppid, _) in table.items():
        children.setdefault(ppid, []).append(pid)
    found, todo, ticks = set(), [root], 0
    while todo:
        pid = todo.pop()
        if pid in found or pid not in table:
            continue
        found.add(pid)
        ticks += table[pid][1]
        todo.extend(children.get(pid, ()))
    return found, ticks


def signal_all(proc, pids, sig):
    """sig to the command's process group and to every process of its tree
    (some may have made their own group)."""
    try:
        os.killpg(proc.pid, sig)
    except OSError:
        pass
    for pid in pids:
        try:
            os.kill(pid, sig)
        except OSError:
            pass


def write_all(fd, data):
    while data:
        data = data[os.write(fd, data):]


def seconds(s):
    return "%.0f s" % s


def main(argv):
    stall, name, command = parse(argv)
    out_fd, err_fd = sys.stdout.fileno(), sys.stderr.fileno()
    # One pipe when our stdout and stderr are one file (as under ctest), so
    # that the order of the command's lines is kept exactly.
    same = os.path.sameopenfile(out_fd, err_fd)
    try:
        # Its own process group, so that a stall stops the whole tree.
        proc = subprocess.Popen(command, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT if same else subprocess.PIPE,
                                preexec_fn=lambda: os.setpgid(0, 0))
    except OSError as exc:
        sys.stderr.write("watchdog: %s: cannot run %s: %s\n" % (name, command[0], exc))
        return 127

    def forward(sig, _frame):
        signal_all(proc, tree(proc.pid)[0], sig)

    for sig in FORWARDED:
        signal.signal(sig, forward)

    selector = selectors.DefaultSelector()
    selector.register(proc.stdout, selectors.EVENT_READ, out_fd)
    if proc.stderr is not None:
        selector.register(proc.stderr, selectors.EVENT_READ, err_fd)

    start = last_output = last_cpu = time.monotonic()
    pids, most_ticks = tree(proc.pid)
    stalled_at = None
    poll = min(1.0, stall / 4)
    while selector.get_map() or proc.poll() is None:
        for key, _ in selector.select(poll if selector.get_map() else 0):
            data = os.read(key.fileobj.fileno(), 65536)
            if not data:
                selector.unregister(key.fileobj)
                continue
            write_all(key.data, data)
            last_output = time.monotonic()
        if not selector.get_map():
            # Output closed (a daemon may keep it open longer; then we wait
            # on the pipe above): wait for the command itself, still watching.
            try:
                proc.wait(poll)
                break
            except subprocess.TimeoutExpired:
                pass
        now = time.monotonic()
        current, ticks = tree(proc.pid)
        if ticks > most_ticks or current - pids:
            last_cpu = now
        most_ticks, pids = max(most_ticks, ticks), current | pids
        quiet = now - max(last_output, last_cpu)
        if stalled_at is None and quiet >= stall:
            stalled_at = now
            sys.stderr.write(
                "\nwatchdog: %s made no progress for %s: no output for %s, no CPU time "
                "used by its %d process(es) for %s (STALL %s; running for %s). Stopping it.\n"
                % (name, seconds(quiet), seconds(now - last_output), len(current),
                   seconds(now - last_cpu), seconds(stall), seconds(now - start)))
            sys.stderr.flush()
            signal_all(proc, current, signal.SIGTERM)
        elif stalled_at is not None and now - stalled_at >= min(GRACE, stall):
            signal_all(proc, current | pids, signal.SIGKILL)
            stalled_at = now  # and again, until it is gone
    status = proc.wait()
    if stalled_at is not None:
        return STALLED_STATUS
    if status < 0:
        # Die of the same signal, so that ctest reports what the test did.
        signal.signal(-status, signal.SIG_DFL)
        os.kill(os.getpid(), -status)
        return 128 - status
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
