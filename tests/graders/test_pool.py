"""The warm pool hands out only containers young enough to still be waiting for a job."""

import threading
import time

from graders.sandbox.pool import WarmPool


def test_a_container_too_old_to_hand_out_is_discarded_and_replaced():
    discarded, lock = [], threading.Lock()

    def discard(item):
        with lock:
            discarded.append(item)

    pool = WarmPool(object, discard, size=1, max_age=0.3)
    try:
        deadline = time.monotonic() + 5
        while not pool.ready and time.monotonic() < deadline:
            time.sleep(0.01)
        old = pool.ready[0]
        time.sleep(0.4)
        taken = pool.take()
        assert old in discarded
        assert taken is None or taken is not old
    finally:
        pool.drain()


def test_a_box_given_back_is_lent_again_and_a_spent_one_is_replaced():
    discarded, lock = [], threading.Lock()

    def discard(item):
        with lock:
            discarded.append(item)

    pool = WarmPool(object, discard, size=1)
    try:
        box = pool.take(wait=5)
        assert box is not None
        assert pool.take() is None  # its only box is lent
        pool.give_back(box)
        assert pool.take(wait=5) is box
        pool.give_back(box, spent=True)
        assert discarded == [box]
        replacement = pool.take(wait=5)
        assert replacement is not None and replacement is not box
    finally:
        pool.drain()


def test_a_job_waits_for_a_lent_box_to_come_back():
    pool = WarmPool(object, lambda item: None, size=1)
    try:
        box = pool.take(wait=5)
        threading.Timer(0.2, pool.give_back, args=(box,)).start()
        assert pool.take(wait=5) is box
    finally:
        pool.drain()
