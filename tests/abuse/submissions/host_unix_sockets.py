# expect: accepted
# why: services listening on the host's Unix sockets (PostgreSQL, MySQL, Redis, containerd,
#   the suite's own canary socket /run/arena-abuse-canary.sock) must be out of reach: no
#   network namespace stops a Unix socket on a shared file system, only not seeing it does.
#   Any connection that is made is a marker (a wrong answer).
import glob
import math
import os
import socket
import sys

FIXED = ["/run/arena-abuse-canary.sock", "/run/postgresql/.s.PGSQL.5432",
         "/var/run/postgresql/.s.PGSQL.5432", "/tmp/.s.PGSQL.5432", "/run/mysqld/mysqld.sock",
         "/var/run/mysqld/mysqld.sock", "/run/redis/redis-server.sock",
         "/var/run/redis/redis.sock", "/run/containerd/containerd.sock"]


def candidates():
    found = list(FIXED)
    for pattern in ("/run/*.sock", "/run/*/*.sock", "/run/*/.s.*", "/var/run/*/*.sock"):
        found += sorted(glob.glob(pattern))
    runner = getattr(sys.modules["__main__"], "__file__", None)
    if runner:  # a checkout's root: graders/images/python/runner.py, three folders up
        root = os.path.abspath(os.path.join(os.path.dirname(runner), "..", "..", ".."))
        found.append(os.path.join(root, ".arena-abuse-canary.sock"))
    return [p for p in found if "docker" not in p]  # docker_socket.py has its own case


def reached():
    for code, path in enumerate(candidates(), start=2):
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn:
                conn.settimeout(1.0)
                conn.connect(path)
            print(f"connected to {path}", file=sys.stderr)
            return code
        except OSError:
            pass
    return 0


def softmax(row):
    code = reached()
    if code:
        return [float(code)] * len(row)
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]
