"""The grading engine: challenge specs, sandboxes, the in-sandbox runner and the outside judge.

Never imports `arena` or Flask: the app calls in, the engine knows nothing of the app. Its
folders are layers, each importing only the layers below it (tests/graders/test_layers.py
declares the order and enforces it). Package `__init__`s import nothing, so that a light
module (`graders.verdicts`) loads alone.
"""
