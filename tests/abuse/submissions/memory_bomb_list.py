# expect: memory_limit_exceeded
# why: a Python list that grows until something stops it: the memory limit (a cgroup OOM kill
#   in a container, a MemoryError under the address-space limit of the process backend) must
#   end it, never the host.
calls = []


def softmax(row):
    calls.append(row)
    if len(calls) > 1:  # once is enough: the first failing case names the verdict
        return [1.0 / len(row)] * len(row)
    hoard = []
    while True:
        hoard.append([len(hoard)] * 1_000_000)  # 8 MB of pointers, written, per step
