"""The decoded prepared data a process keeps (arena.jobs.preparation) is bounded by bytes,
not entries: each entry weighs at least what decoding it took, measured here."""

from __future__ import annotations

import json
import random
import tracemalloc

import pytest

from arena.jobs.preparation import DecodedCache, decoded_bytes
from graders.challenge.prepared import Prepared, PreparedCase


def _prepared(numbers: int, tag: str = "") -> str:
    """Return the stored text of prepared data holding about `numbers` numbers."""
    rng = random.Random(numbers)
    row = [round(rng.random(), 4) for _ in range(numbers // 4)]
    case = PreparedCase(f"case {tag}", True, [row], {}, row, {"m": {"output": row},
                                                               "n": {"error_type": "E"}})
    return json.dumps(Prepared("hash" + tag, [case, case]).to_json())


def _measured(text: str) -> int:
    tracemalloc.start()
    try:
        value = json.loads(text)
        return tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
        del value


@pytest.mark.parametrize("text", [
    _prepared(40_000),
    json.dumps([[0.5] * 1000] * 300),  # short numbers: the most values a byte of text makes
    json.dumps([[1, 2, 3]] * 50_000),
    json.dumps([[[[]]]] * 50_000),  # empty lists
    json.dumps([{"a": 1}] * 20_000),  # small objects
    json.dumps(["x" * 20] * 20_000),
])
def test_an_entry_weighs_at_least_what_decoding_it_took(text):
    assert _measured(text) <= decoded_bytes(text) <= 12 * _measured(text) + 4096


def test_the_cache_keeps_what_fits_in_its_bytes_least_recently_used_out_first():
    texts = [_prepared(20_000, str(i)) for i in range(3)]
    room = int(2.5 * decoded_bytes(texts[0]))  # two entries, not three
    cache = DecodedCache(max_bytes=room)
    zero, one = cache.decode(texts[0]), cache.decode(texts[1])
    assert cache.decode(texts[0]) is zero  # kept, and now used after the second
    cache.decode(texts[2])  # no room for three: the second goes
    assert 0 < cache.held_bytes <= room
    assert cache.decode(texts[0]) is zero
    assert cache.decode(texts[1]) is not one


def test_an_entry_larger_than_the_cache_is_decoded_but_not_kept():
    big = _prepared(100_000)
    cache = DecodedCache(max_bytes=decoded_bytes(big) - 1)
    assert cache.decode(big).content_hash == "hash"
    assert cache.held_bytes == 0 and cache.decode(big) is not cache.decode(big)


def test_the_apps_cache_has_the_configured_size(app):
    assert app.extensions["arena.prepared"]._entries.maxsize == app.config[
        "PREPARED_CACHE_BYTES"] == 128 * 1024 * 1024
