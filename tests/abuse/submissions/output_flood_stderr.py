# expect: output_limit_exceeded
# why: the same flood on stderr, written on the raw descriptor so that no Python buffer
#   slows it down.
import os


def softmax(row):
    block = b"e" * 65536
    while True:
        os.write(2, block)
