"""A private PostgreSQL cluster in a temporary folder, for tests and load runs.

initdb and pg_ctl from Debian's postgresql (/usr/lib/postgresql/N/bin, which
is not on PATH), a Unix socket in the folder and no TCP at all
(listen_addresses = ''), trust authentication (only the folder's owner and
root can reach the socket). PostgreSQL refuses to run as root, so as root
the cluster runs as the "postgres" user that Debian's package creates (or
"nobody" when it is missing) and the folder is handed to that user.
remove() stops the server and deletes the folder; it is also registered
with atexit, so a test run that fails half-way leaves nothing running.
"""

import atexit
import glob
import importlib.util
import os
import pwd
import shutil
import subprocess
import tempfile
import time

from .server_process import children, cpu_seconds

USER = "tablegames"              # the cluster's superuser (a role, not a system user)
PORT = 5432                      # names the socket file only; nothing listens on TCP
# PostgreSQL's programs run as long as PostgreSQL shows progress (its
# processes use CPU, its log grows); after this many seconds without any,
# the program is stopped and the cluster called stuck. No fixed limit:
# crash recovery under a load of valgrind on two cores has taken longer
# than pg_ctl's 60 s (the same bound as tests/progress.py's STALL).
STALL = 90.0
NO_LIMIT = str(24 * 3600)        # pg_ctl -t: its own limit, left to the watch above


class ClusterError(Exception):
    pass


def find_bindir():
    """The newest installed PostgreSQL's bin folder, or None."""
    dirs = glob.glob("/usr/lib/postgresql/*/bin")
    dirs = [d for d in dirs if os.access(os.path.join(d, "initdb"), os.X_OK)]
    if dirs:
        return max(dirs, key=lambda d: int(d.split("/")[-2]) if d.split("/")[-2].isdigit() else 0)
    initdb = shutil.which("initdb")
    return os.path.dirname(os.path.realpath(initdb)) if initdb else None


def unavailable_reason():
    """Why a private cluster cannot run here, or None when it can."""
    if find_bindir() is None:
        return "PostgreSQL is not installed (no initdb; scripts/deps.sh installs postgresql)"
    if importlib.util.find_spec("asyncpg") is None:      # the store's driver
        return "python3-asyncpg is not installed (scripts/deps.sh installs it)"
    return None


def _run_as():
    """(uid, gid) to run the cluster as, or None to run it as ourselves."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            entry = pwd.getpwnam(name)
        except KeyError:
            continue
        return entry.pw_uid, entry.pw_gid
    raise ClusterError("running as root and neither 'postgres' nor 'nobody' exists")


class PrivateCluster:
    def __init__(self):
        self.bindir = find_bindir()
        if self.bindir is None:
            raise ClusterError(unavailable_reason())
        self.dir = None
        self.data = None
        self._as = _run_as()
        self._running = False

    # ---- running PostgreSQL's programs -----------------------------------

    def _activity(self, pid):
        """What changes while the program (pid) or PostgreSQL works: their
        CPU time, and the size of PostgreSQL's log."""
        cpu = cpu_seconds(pid) + sum(cpu_seconds(c) for c in children(pid))
        try:
            with open(os.path.join(self.data, "postmaster.pid")) as f:
                postmaster = int(f.readline())
            cpu += cpu_seconds(postmaster) + sum(cpu_seconds(c) for c in children(postmaster))
        except (OSError, ValueError, TypeError):
            pass
        try:
            size = os.path.getsize(os.path.join(self.dir, "server.log"))
        except (OSError, TypeError):
            size = -1
        return cpu, size

    def _run(self, argv, as_cluster=True):
        """Runs a program to its end as long as it or PostgreSQL moves;
        returns (status, stdout, stderr)."""
        kwargs = {}
        if as_cluster and self._as is not None:
            kwargs = {"user": self._as[0], "group": self._as[1], "extra_groups": []}
        with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
            proc = subprocess.Popen(argv, cwd=self.dir, stdin=subprocess.DEVNULL, stdout=out,
                                    stderr=err, text=True, env=dict(os.environ, LC_ALL="C"),
                                    **kwargs)
            last, since = None, time.monotonic()
            while proc.poll() is None:
                now = self._activity(proc.pid)
                if now != last:
                    last, since = now, time.monotonic()
                elif time.monotonic() - since > STALL:
                    proc.kill()
                    proc.wait()
                    raise ClusterError("%s: nothing moved for %.0f s; the log ends:\n%s"
                                       % (" ".join(argv), STALL, self.log_tail()))
                time.sleep(0.05)
            out.seek(0)
            err.seek(0)
            return proc.returncode, out.read(), err.read()

    def _cmd(self, program, *args, check=True):
        status, out, err = self._run([os.path.join(self.bindir, program), *args])
        if check and status != 0:
            raise ClusterError("%s failed (%d): %s%s" % (program, status, out, err))
        return status

    @property
    def socket_dir(self):
        return self.dir

    def dsn(self, database="postgres"):
        return "postgresql://%s@/%s?host=%s&port=%d" % (USER, database, self.dir, PORT)

    # ---- life cycle ----------------------------------------------------------

    def start(self):
        self.dir = tempfile.mkdtemp(prefix="tg-postgres-")
        atexit.register(self.remove)
        if self._as is not None:
            os.chown(self.dir, *self._as)
        os.chmod(self.dir, 0o700)
        self.data = os.path.join(self.dir, "data")
        self._cmd("initdb", "-D", self.data, "-U", USER, "--auth=trust", "-E", "UTF8",
                  "--locale=C", "--no-sync")
        with open(os.path.join(self.data, "postgresql.conf"), "a") as conf:
            conf.write("\n# private test cluster: a Unix socket only\n"
                       "listen_addresses = ''\n"
                       "unix_socket_directories = '%s'\n"
                       "port = %d\n"
                       "max_connections = 200\n"
                       "shared_buffers = 32MB\n" % (self.dir, PORT))
        self.start_server()
        return self

    def start_server(self):
        self._cmd("pg_ctl", "-D", self.data, "-l", os.path.join(self.dir, "server.log"),
                  "-w", "-t", NO_LIMIT, "start")
        self._running = True

    def stop_server(self, mode="fast"):
        """Stops PostgreSQL (mode "immediate" is a crash: no checkpoint)."""
        self._cmd("pg_ctl", "-D", self.data, "-m", mode, "-w", "-t", NO_LIMIT, "stop")
        self._running = False

    def restart(self, mode="fast"):
        self.stop_server(mode)
        self.start_server()

    def psql(self, sql, database="postgres"):
        """Runs SQL through psql as the superuser; returns its output."""
        status, out, err = self._run([os.path.join(self.bindir, "psql"), "-X", "-q", "-A", "-t",
                                      "-v", "ON_ERROR_STOP=1", "-h", self.dir, "-p", str(PORT),
                                      "-U", USER, "-d", database, "-c", sql], as_cluster=False)
        if status != 0:
            raise ClusterError("psql failed: %s" % err)
        return out

    def create_database(self, name):
        if not name.replace("_", "").isalnum():
            raise ValueError("database names here are letters, digits and _")
        self.psql('CREATE DATABASE "%s"' % name)
        return self.dsn(name)

    def log_tail(self, lines=40):
        try:
            with open(os.path.join(self.dir, "server.log")) as f:
                return "".join(f.readlines()[-lines:])
        except OSError:
            return ""

    def remove(self):
        if self.dir is None:
            return
        if self._running:
            try:
                self.stop_server("immediate")
            except (ClusterError, subprocess.TimeoutExpired, OSError):
                pass
        shutil.rmtree(self.dir, ignore_errors=True)
        self.dir = None
        atexit.unregister(self.remove)
