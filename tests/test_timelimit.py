"""The time limit turns an endless loop in a user's code into an exception."""

import threading
import time

import pytest

from rulepress.timelimit import TimeLimitExceeded, seconds, time_limit


def test_endless_loop_is_stopped():
    start = time.perf_counter()
    with pytest.raises(TimeLimitExceeded, match="time limit of 0.2 s"):
        with time_limit(0.2):
            while True:
                pass
    assert time.perf_counter() - start < 2


def test_quick_code_is_not_disturbed_and_the_timer_is_cleared():
    with time_limit(0.2):
        value = sum(range(1000))
    time.sleep(0.3)  # no late alarm after the block
    assert value == 499500


def test_limit_from_the_environment(monkeypatch):
    monkeypatch.setenv("RULEPRESS_TIME_LIMIT", "2.5")
    assert seconds() == 2.5
    monkeypatch.setenv("RULEPRESS_TIME_LIMIT", "soon")
    assert seconds() == 10


def test_outside_the_main_thread_nothing_is_limited():
    results = []

    def work():
        with time_limit(0.01):
            time.sleep(0.05)
        results.append("done")

    thread = threading.Thread(target=work)
    thread.start()
    thread.join()
    assert results == ["done"]
