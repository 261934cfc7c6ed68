"""Ctrl-C stops a long search. A helper thread raises SIGINT in the main thread
(`_thread.interrupt_main`) as soon as it gets the GIL; with a long switch interval the main
thread keeps the GIL until the search releases it, so the signal arrives while the search
runs, and the search must end with KeyboardInterrupt instead of running for seconds or
minutes."""

import _thread
import contextlib
import sys
import threading

import pytest

import mnk


@contextlib.contextmanager
def ctrl_c_once_the_gil_is_released():
    go = threading.Event()
    helper = threading.Thread(target=lambda: (go.wait(), _thread.interrupt_main()))
    helper.start()
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1000.0)
    try:
        go.set()  # the helper wakes up, but runs only once this thread releases the GIL
        yield
    finally:
        sys.setswitchinterval(interval)
        helper.join()


def test_ctrl_c_stops_a_long_count_and_the_engine_still_works():
    with pytest.raises(KeyboardInterrupt):
        with ctrl_c_once_the_gil_is_released():
            mnk.count(mnk.Rules(4, 4, k=4))  # seconds, unless stopped
    assert mnk.count(mnk.Rules(3)).games == 255_168


def test_ctrl_c_stops_a_long_solve():
    board = mnk.Board(rules=mnk.Rules(4, 4, k=4))
    with pytest.raises(KeyboardInterrupt):
        with ctrl_c_once_the_gil_is_released():
            # Plain minimax on 4x4 within a huge node limit: days, unless stopped.
            mnk.solve(board, algorithm="minimax", max_nodes=10**15)
    assert mnk.solve(board).value == "draw"
