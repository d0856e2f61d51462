# expect: accepted
# why: io_uring is a second way into most of the kernel, with its own history of holes, and
#   nothing a solution needs: `io_uring_setup` must fail with EPERM or ENOSYS (the box's
#   system-call filter). A ring that is set up, or any other error (the call reached the
#   kernel), answers with a marker.
import ctypes
import math

IO_URING_SETUP = 425  # the same number on x86-64 and arm64


def softmax(row):
    libc = ctypes.CDLL(None, use_errno=True)
    params = ctypes.create_string_buffer(120)  # struct io_uring_params, all zero
    if libc.syscall(IO_URING_SETUP, 4, params) >= 0 or ctypes.get_errno() not in (1, 38):
        return [2.0] * len(row)
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]
