# expect: accepted
# why: `bpf` loads programs into the kernel and its verifier has been the way in for many
#   exploits. Creating even the simplest map must fail with EPERM or ENOSYS (the box's
#   system-call filter, or the kernel's own refusal of unprivileged BPF); a map, or any
#   other error, answers with a marker.
import ctypes
import math
import platform
import struct

BPF = {"x86_64": 321, "aarch64": 280}
BPF_MAP_CREATE, BPF_MAP_TYPE_ARRAY = 0, 2


def softmax(row):
    libc = ctypes.CDLL(None, use_errno=True)
    attr = ctypes.create_string_buffer(struct.pack("IIII", BPF_MAP_TYPE_ARRAY, 4, 4, 1), 72)
    if libc.syscall(BPF[platform.machine()], BPF_MAP_CREATE, attr, 72) >= 0 \
            or ctypes.get_errno() not in (1, 38):
        return [2.0] * len(row)
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]
