# expect: accepted
# why: a network namespace hides interfaces, not socket families: AF_VSOCK reaches the
#   hypervisor's host where the machine is a virtual one, AF_ALG the kernel's crypto code,
#   netlink's other families the kernel's audit and device events. Each socket must fail
#   with EPERM or ENOSYS (the box's system-call filter), whether or not the kernel has the
#   family; one that is made, or any other error, answers with a marker.
import math
import socket

AF_VSOCK, AF_ALG, AF_NETLINK = 40, 38, 16
NETLINK_AUDIT, NETLINK_KOBJECT_UEVENT = 9, 15
ATTEMPTS = [(AF_VSOCK, socket.SOCK_STREAM, 0), (AF_ALG, socket.SOCK_SEQPACKET, 0),
            (AF_NETLINK, socket.SOCK_RAW, NETLINK_AUDIT),
            (AF_NETLINK, socket.SOCK_RAW, NETLINK_KOBJECT_UEVENT)]


def reached():
    """Return a code (>= 2) for the first family that the kernel answered, else 0."""
    for code, (family, kind, protocol) in enumerate(ATTEMPTS, start=2):
        try:
            socket.socket(family, kind, protocol).close()
            return code
        except OSError as exc:
            if exc.errno not in (1, 38):
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
