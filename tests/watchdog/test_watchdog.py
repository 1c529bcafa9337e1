"""watchdog.py fails a command only when it stops moving, and is otherwise
invisible: the command's output, status and signals pass unchanged.

Each case uses a STALL of 2 s and commands that run a few times longer, so
what decides a case is progress, not the machine's speed."""

import os
import signal
import subprocess
import sys
import time
import unittest

WATCHDOG = os.path.join(os.path.dirname(os.path.abspath(__file__)), "watchdog.py")
STALL = "2"


def watched(*command, name="case", stall=STALL, **kw):
    return subprocess.run([sys.executable, WATCHDOG, "--stall", stall, "--name", name, "--",
                           *command], capture_output=True, text=True, **kw)


class Watchdog(unittest.TestCase):
    def test_a_command_that_hangs_silently_fails_with_the_message(self):
        started = time.monotonic()
        run = watched("sleep", "60", name="idle_test")
        self.assertEqual(run.returncode, 124)
        self.assertIn("watchdog: idle_test made no progress for 2 s", run.stderr)
        self.assertIn("no output for 2 s", run.stderr)
        self.assertLess(time.monotonic() - started, 60)  # not sleep's 60 s

    def test_a_stalled_tree_is_stopped_even_when_it_ignores_sigterm(self):
        run = watched("sh", "-c", "trap '' TERM; sleep 600 & wait")
        self.assertEqual(run.returncode, 124)
        self.assertIn("made no progress", run.stderr)

    def test_slow_output_longer_than_stall_passes(self):
        # Six lines, 1 s apart: 6 s in all, three times STALL, from one
        # process that sleeps in between (next to no CPU time).
        lines = "import time\nfor i in range(1, 7):\n    print('line', i, flush=True)\n    time.sleep(1)\n"
        run = watched(sys.executable, "-c", lines)
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertEqual(run.stdout, "".join("line %d\n" % i for i in range(1, 7)))
        self.assertEqual(run.stderr, "")

    def test_cpu_time_without_output_is_progress(self):
        # A silent child that computes for 3 s of CPU time (more than STALL)
        # in a grandchild process: the whole tree counts.
        spin = "import time\nend = time.process_time() + 3\nwhile time.process_time() < end: pass\n"
        run = watched("sh", "-c", '"$0" -c "$1"; echo done', sys.executable, spin)
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertEqual(run.stdout, "done\n")

    def test_status_output_and_skip_pass_unchanged(self):
        run = watched("sh", "-c", "echo out; echo err >&2; exit 3")
        self.assertEqual((run.returncode, run.stdout, run.stderr), (3, "out\n", "err\n"))
        self.assertEqual(watched("sh", "-c", "exit 77").returncode, 77)  # SKIP_RETURN_CODE
        self.assertEqual(watched("true").stdout + watched("true").stderr, "")

    def test_a_command_killed_by_a_signal_kills_the_watchdog_alike(self):
        run = watched("sh", "-c", "kill -ABRT $$")
        self.assertEqual(run.returncode, -signal.SIGABRT)

    def test_sigterm_reaches_the_command(self):
        with subprocess.Popen([sys.executable, WATCHDOG, "--", "sh", "-c",
                               "trap 'echo got TERM; exit 5' TERM; echo ready; "
                               "while :; do sleep 0.1; done"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              text=True) as proc:
            self.assertEqual(proc.stdout.readline(), "ready\n")
            proc.send_signal(signal.SIGTERM)
            self.assertEqual(proc.stdout.read(), "got TERM\n")
            self.assertEqual(proc.wait(), 5)

    def test_bad_arguments_are_refused(self):
        self.assertEqual(watched("true", stall="0").returncode, 2)
        run = subprocess.run([sys.executable, WATCHDOG, "true"], capture_output=True, text=True)
        self.assertEqual(run.returncode, 2)
        self.assertIn("usage", run.stderr)


if __name__ == "__main__":
    unittest.main()
