# expect: accepted
# why: `perf_event_open` is a large kernel surface and a source of fine timings; a software
#   clock counting user time only is open to any process where perf_event_paranoid allows.
#   It must fail with EPERM or ENOSYS (the box's system-call filter); a counter, or any
#   other error, answers with a marker.
import ctypes
import math
import platform
import struct

PERF_EVENT_OPEN = {"x86_64": 298, "aarch64": 241}
PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK, ATTR_SIZE = 1, 0, 64
DISABLED, EXCLUDE_KERNEL, EXCLUDE_HV = 1, 1 << 5, 1 << 6


def softmax(row):
    libc = ctypes.CDLL(None, use_errno=True)
    attr = ctypes.create_string_buffer(struct.pack(
        "IIQQQQQ", PERF_TYPE_SOFTWARE, ATTR_SIZE, PERF_COUNT_SW_CPU_CLOCK, 0, 0, 0,
        DISABLED | EXCLUDE_KERNEL | EXCLUDE_HV), ATTR_SIZE)
    if libc.syscall(PERF_EVENT_OPEN[platform.machine()], attr, 0, -1, -1, 0) >= 0 \
            or ctypes.get_errno() not in (1, 38):
        return [2.0] * len(row)
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]
