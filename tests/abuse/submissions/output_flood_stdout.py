# expect: output_limit_exceeded
# why: printing without end must be cut off by the host's output cap, not fill its memory or
#   disk; the verdict says why.
def softmax(row):
    line = "x" * 10_000
    while True:
        print(line)
