"""A decision's deadline (``engine.deadline``): set by the caller, read by the bots' work."""

import pytest

from ludoteca.engine import deadline


class Clock:
    """A clock that stands still until a test moves it."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_without_a_deadline_time_never_runs_out():
    assert not deadline.given()
    assert not deadline.passed()


def test_a_deadline_passes_after_its_seconds_and_ends_with_its_block():
    clock = Clock()
    with deadline.within(0.5, clock):
        assert deadline.given()
        clock.now = 100.4
        assert not deadline.passed()
        clock.now = 100.5
        assert deadline.passed()
    assert not deadline.given()
    assert not deadline.passed()


def test_inside_another_deadline_both_hold():
    outer, inner = Clock(), Clock()
    with deadline.within(1, outer):
        with deadline.within(5, inner):
            outer.now = 101  # the outer one passes first: the decision is out of time
            assert deadline.passed()
            outer.now = 100
            inner.now = 105
            assert deadline.passed()
        inner.now = 100
        assert not deadline.passed()


@pytest.mark.parametrize("seconds", [0, -1, float("nan")])
def test_no_time_at_all_is_refused(seconds):
    with pytest.raises(ValueError, match="seconds must be above 0"), deadline.within(seconds):
        pass
