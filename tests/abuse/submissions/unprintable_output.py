# expect: accepted
# why: NUL bytes, invalid UTF-8, lone surrogates, terminal escapes and HTML printed on stdout
#   and stderr, and a NUL in a raised-and-caught exception: none of it may break the
#   recording of a correct answer, and the suite checks the report (and, through the app,
#   the stored rows) are still well-formed text.
import math
import os
import sys

NASTY = b"\x00\xff\xfe\xc3\x28\xed\xa0\x80\x1b[2J\x1b]0;pwned\x07<script>alert(1)</script>\n"


def softmax(row):
    sys.stdout.buffer.write(NASTY)
    sys.stdout.flush()
    sys.stderr.buffer.write(NASTY)
    sys.stderr.flush()
    os.write(1, NASTY)
    os.write(2, NASTY)
    print("\ud800 a lone surrogate", file=sys.stderr, flush=True)  # stderr escapes it
    try:
        raise ValueError("\x00 nul in a message")
    except ValueError:
        pass
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]
