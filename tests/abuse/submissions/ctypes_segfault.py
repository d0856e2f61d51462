# expect: runtime_error
# why: reading address 0 through ctypes kills the interpreter with SIGSEGV: the host sees a
#   death by signal and no result, which is a runtime error, never a pass and never the
#   platform's fault.
import ctypes


def softmax(row):
    ctypes.string_at(0)
    return row
