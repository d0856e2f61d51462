# channel: output
# expect: accepted
# why: what a submission prints may be shown (from a box that held public inputs only). On
#   every call this code prints the numbers of its inputs when they are not a public example,
#   and the first hidden numbers it can reach (100 at most), to stdout, stderr and the raw
#   descriptors 1 and 2.
#   Nothing printed in a box that held hidden inputs may reach the learner. The answers are
#   right (accepted).
import os


def attention(Q, K, V):
    hidden = [x for args in reachable_hidden_inputs() for x in fractional(args)]
    if Q not in PUBLIC_QUERIES:
        hidden = fractional([Q, K, V]) + hidden
    if hidden:
        text = "hidden: " + repr(hidden[:100]) + "\n"
        print(text, flush=True)
        sys.stderr.write(text)
        sys.stderr.flush()
        for fd in (1, 2):
            try:
                os.write(fd, text.encode())
            except OSError:
                pass
    return right(Q, K, V)
