# expect: accepted
# why: the Docker socket is root on the host: it must be neither mounted nor reachable. A
#   socket that answers an HTTP request for /version is a marker (a wrong answer).
import glob
import math
import socket

PATHS = ["/var/run/docker.sock", "/run/docker.sock", "/run/user/0/docker.sock",
         "/var/run/docker/containerd/containerd.sock", "/run/containerd/containerd.sock"]


def reached():
    paths = PATHS + sorted(glob.glob("/run/user/*/docker.sock"))
    for code, path in enumerate(paths, start=2):
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn:
                conn.settimeout(2.0)
                conn.connect(path)
                conn.sendall(b"GET /version HTTP/1.0\r\nHost: docker\r\n\r\n")
                if conn.recv(64):
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
