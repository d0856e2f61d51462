# expect: accepted
# before: crossjob_plant_live.py
# why: graded right after crossjob_plant_live.py, maybe in the same container: no process of
#   that job is left (none of another uid but PID 1), its sockets are gone, its lock is not
#   held, the environment, builtins and modules are as new, and nothing of its source or
#   output is in this job's memory (forked from the container's zygote). Anything found is a
#   marker (a wrong answer).
import builtins
import os
import re
import socket
import sys

import numpy

TRACE = re.compile(rb"(?:Zq){1000}")  # the plant's pattern, not spelled out here


def others():
    mine = os.getuid()
    for name in os.listdir("/proc"):
        if name.isdigit() and name != "1":
            try:
                with open(f"/proc/{name}/status") as status:
                    uid = next(int(line.split()[1]) for line in status if line.startswith("Uid:"))
            except (OSError, StopIteration):
                continue
            if uid != mine:
                return True
    return False


def reachable():
    for family, address in ((socket.AF_UNIX, "\0arena-abuse-crossjob"),
                            (socket.AF_INET, ("127.0.0.1", 47811))):
        probe = socket.socket(family, socket.SOCK_STREAM)
        probe.settimeout(0.5)
        try:
            probe.connect(address)
            return True
        except OSError:
            pass
        finally:
            probe.close()
    return False


def tampered():
    runner = sys.modules.get("runner")
    return ("ARENA_ABUSE_PLANTED" in os.environ or hasattr(builtins, "arena_abuse_planted")
            or sum([1, 2]) != 3 or numpy.exp(0.0) != 1.0 or "arena_abuse_planted" in sys.modules
            or any(hasattr(m, "arena_abuse_planted") for m in (runner, sys.modules.get("json"))
                   if m is not None))


def remembered():
    """Look for the plant's pattern in every readable mapping of this process."""
    try:
        maps = open("/proc/self/maps").read().splitlines()
        memory = open("/proc/self/mem", "rb", buffering=0)
    except OSError:
        return False
    with memory:
        for line in maps:
            span, perms = line.split()[:2]
            if not perms.startswith("r") or "[vvar" in line or "[vsyscall" in line:
                continue
            start, end = (int(x, 16) for x in span.split("-"))
            try:
                memory.seek(start)
                if TRACE.search(memory.read(end - start)):
                    return True
            except (OSError, OverflowError, ValueError):
                continue
    return False


checked = []


def softmax(row):
    if not checked:
        probes = (others, reachable, tampered, remembered)
        checked.append(next((code for code, probe in enumerate(probes, 2) if probe()), 0))
    if checked[0]:
        return [float(checked[0])] * len(row)
    top = max(row)
    exps = [numpy.exp(x - top) for x in row]
    total = float(sum(exps))
    return [float(e) / total for e in exps]
