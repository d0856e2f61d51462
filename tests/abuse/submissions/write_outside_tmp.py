# expect: accepted
# why: everything but the box's scratch space is read-only: the root, /etc, /var, /opt, the
#   working folder's parents, the runner's own folder and NumPy's (a poisoned numpy/__init__.py
#   or sitecustomize.py would run in every later box). Any successful write is a marker.
import math
import os
import sys

import numpy


def targets():
    runner = os.path.dirname(os.path.abspath(getattr(sys.modules["__main__"], "__file__", "/")))
    site = os.path.dirname(os.path.dirname(numpy.__file__))
    folders = ["/", "/etc", "/var", "/var/lib", "/opt", "/usr", "/usr/local/lib", "/srv",
               "/sys/fs/cgroup", "/proc/sys/kernel",
               "/run", "/var/log", "/home", "/root", runner, os.path.dirname(runner),
               os.path.dirname(numpy.__file__), site, os.path.join(site, "__pycache__"),
               sys.prefix, sys.base_prefix]
    files = [os.path.join(site, "sitecustomize.py"), os.path.join(site, "usercustomize.py"),
             numpy.__file__, os.path.join(runner, "runner.py"), "/etc/passwd"]
    return folders, files


def softmax(row):
    folders, files = targets()
    for code, folder in enumerate(folders, start=2):
        path = os.path.join(folder, ".arena-abuse-write-probe")
        try:
            fd = os.open(path, os.O_CREAT | os.O_WRONLY | os.O_EXCL, 0o644)
        except OSError:
            continue
        os.close(fd)
        os.unlink(path)
        return [float(code)] * len(row)
    for code, path in enumerate(files, start=100):
        try:
            fd = os.open(path, os.O_WRONLY | os.O_APPEND)
        except OSError:
            continue
        os.close(fd)
        return [float(code)] * len(row)
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]
