# expect: accepted
# why: the host's loopback services (PostgreSQL 5432, Redis 6379, the app on 8000, and a
#   listener the suite itself opens on 127.0.0.1:47913 so that this case has teeth on any
#   machine) must be unreachable: the box's 127.0.0.1 is its own, empty loopback. Any
#   connection that is made is a marker (a wrong answer).
import math
import socket

PORTS = [47913, 5432, 6379, 8000, 5672, 3306, 11211, 2375, 2376]


def reached():
    for code, port in enumerate(PORTS, start=2):
        for host in ("127.0.0.1", "::1"):
            family = socket.AF_INET6 if ":" in host else socket.AF_INET
            try:
                with socket.socket(family, socket.SOCK_STREAM) as conn:
                    conn.settimeout(1.0)
                    conn.connect((host, port))
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
