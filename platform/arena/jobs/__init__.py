"""Background work, from intake to verdict: one job lifecycle (lifecycle.py) for every kind of
job (grading, regrading, validation, preparation: kinds.py lists them), the queues that feed
the workers (queue.py, distributed.py) and what surrounds them."""
