# channel: seconds
# expect: accepted
# why: a case's time is chosen by the learner's code: on a hidden case this code sleeps 20 ms
#   per unit of the case's first fractional number, so a row's `seconds` would spell it
#   (to a few digits, repeated over the cases). A hidden row carries no timing at all (null in
#   the API and in the stored row). The answers are right (accepted).
import time


def attention(Q, K, V):
    if Q not in PUBLIC_QUERIES:
        values = fractional([Q, K, V])
        if values:
            time.sleep(min(abs(values[0]), 3.0) * 0.02)
    return right(Q, K, V)
