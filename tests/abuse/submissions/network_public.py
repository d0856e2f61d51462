# expect: accepted
# why: no network at all: the box has no interface but loopback, no route, no DNS, and no
#   connection to a public address gets through. A connection that is made, a name that
#   resolves or an interface other than loopback is a marker (a wrong answer); a refusal,
#   an unreachable network or a timeout is what must happen.
import math
import socket

PUBLIC = [("1.1.1.1", 53), ("1.1.1.1", 443), ("8.8.8.8", 53), ("9.9.9.9", 443),
          ("2606:4700:4700::1111", 443)]


def reached():
    """Return a code (>= 2) for the first way out that works, else 0."""
    names = [name for _, name in socket.if_nameindex()]
    if any(name != "lo" for name in names):
        return 2
    for code, (host, port) in enumerate(PUBLIC, start=3):
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        try:
            with socket.socket(family, socket.SOCK_STREAM) as conn:
                conn.settimeout(1.0)
                conn.connect((host, port))
            return code
        except OSError:
            pass
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.sendto(b"\0" * 12, ("8.8.8.8", 53))  # needs a route, not an answer
        return 10
    except OSError:
        pass
    try:
        socket.getaddrinfo("pypi.org", 443)
        return 11
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
