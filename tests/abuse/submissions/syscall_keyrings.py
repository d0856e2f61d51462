# expect: accepted
# why: the kernel's key rings are not namespaced: a box could read or fill keys the host's
#   user keeps there. `keyctl`, `add_key` and `request_key` must each fail with EPERM or
#   ENOSYS (the box's system-call filter); a key ring found, a key added or any other error
#   answers with a marker.
import ctypes
import math
import platform

CALLS = {"x86_64": {"add_key": 248, "request_key": 249, "keyctl": 250},
         "aarch64": {"add_key": 217, "request_key": 218, "keyctl": 219}}
KEYCTL_GET_KEYRING_ID, KEY_SPEC_SESSION_KEYRING, KEY_SPEC_PROCESS_KEYRING = 0, -3, -2


def reached():
    """Return a code (>= 2) for the first call that the kernel answered, else 0."""
    libc = ctypes.CDLL(None, use_errno=True)
    calls = CALLS[platform.machine()]
    attempts = [
        (calls["keyctl"], KEYCTL_GET_KEYRING_ID, KEY_SPEC_SESSION_KEYRING, 1),
        (calls["add_key"], b"user", b"arena-probe", b"x", 1, KEY_SPEC_PROCESS_KEYRING),
        (calls["request_key"], b"user", b"arena-probe", None, 0),
    ]
    for code, args in enumerate(attempts, start=2):
        if libc.syscall(*args) >= 0 or ctypes.get_errno() not in (1, 38):
            return code
    return 0


def softmax(row):
    code = reached()
    if code:
        return [float(code)] * len(row)
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]
