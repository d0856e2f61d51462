# expect: accepted
# max-seconds: 8
# why: a non-daemon thread started at import that keeps printing (slowly, under the output
#   cap) and never ends, plus one that sleeps forever: the run must end as soon as the cases
#   are done, not wait for the threads, and nothing of them may be left afterwards.
import math
import threading
import time


def chatter():
    while True:
        print("still here", flush=True)
        time.sleep(0.05)


threading.Thread(target=chatter, name="abuse-chatter").start()
threading.Thread(target=time.sleep, args=(10**6,), name="abuse-sleeper").start()


def softmax(row):
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]
