"""The seeded generator: ``Rng.shuffle`` computes ``next_u32``'s draws inline (a speed trick,
see its docstring); a stored match replays only if every deal stays exactly the same."""

from __future__ import annotations

from collections.abc import Iterator, MutableSequence
from typing import Any, overload

import pytest

from engine.rng import _MASK32, Rng


def reference_shuffle(rng: Rng, items: MutableSequence[Any]) -> None:
    """Fisher–Yates with Lemire's multiply-shift, one ``next_u32`` call per draw."""
    for i in range(len(items) - 1, 0, -1):
        bound = i + 1
        product = rng.next_u32() * bound
        if (product & _MASK32) < bound:
            threshold = ((1 << 32) - bound) % bound
            while (product & _MASK32) < threshold:
                product = rng.next_u32() * bound
        j = product >> 32
        items[i], items[j] = items[j], items[i]


def test_a_seeded_deal_is_the_one_stored_matches_were_dealt_with() -> None:
    deck = list(range(20))
    rng = Rng.from_seed(2026)
    rng.shuffle(deck)
    assert deck == [12, 13, 5, 16, 9, 2, 1, 19, 14, 7, 0, 3, 15, 17, 11, 8, 10, 18, 4, 6]
    assert rng.next_u32() == 1239100986


@pytest.mark.parametrize("size", [0, 1, 2, 3, 8, 108, 500])
def test_shuffle_draws_what_next_u32_draws(size: int) -> None:
    for seed in range(200):
        ours, theirs = list(range(size)), list(range(size))
        a, b = Rng.from_seed(seed), Rng.from_seed(seed)
        a.shuffle(ours)
        reference_shuffle(b, theirs)
        assert ours == theirs
        assert a.state == b.state


class Stop(Exception):
    pass


class CountingRng(Rng):
    __slots__ = ("draws",)

    def __init__(self, state: int) -> None:
        super().__init__(state)
        self.draws = 0

    def next_u32(self) -> int:
        self.draws += 1
        return super().next_u32()


class HugeList(MutableSequence[int]):
    """A list of 3 * 2**30 items (where a draw is rejected about one time in four) that
    records its first ``swaps`` writes, then stops the shuffle."""

    def __init__(self, swaps: int) -> None:
        self.items: dict[int, int] = {}
        self.writes: list[tuple[int, int]] = []
        self.limit = 2 * swaps

    def __len__(self) -> int:
        return 3 * 2**30

    @overload
    def __getitem__(self, index: int) -> int: ...
    @overload
    def __getitem__(self, index: slice) -> MutableSequence[int]: ...
    def __getitem__(self, index: int | slice) -> int | MutableSequence[int]:
        assert isinstance(index, int)
        return self.items.get(index, index)

    @overload
    def __setitem__(self, index: int, value: int) -> None: ...
    @overload
    def __setitem__(self, index: slice, value: Any) -> None: ...
    def __setitem__(self, index: int | slice, value: Any) -> None:
        assert isinstance(index, int)
        if len(self.writes) >= self.limit:
            raise Stop
        self.items[index] = value
        self.writes.append((index, value))

    def __delitem__(self, index: int | slice) -> None:
        raise NotImplementedError

    def insert(self, index: int, value: int) -> None:
        raise NotImplementedError

    def __iter__(self) -> Iterator[int]:
        raise NotImplementedError


def test_shuffle_rejects_the_draws_next_u32_would_reject() -> None:
    for seed in range(5):
        ours, theirs = HugeList(200), HugeList(200)
        a, b = Rng.from_seed(seed), CountingRng(Rng.from_seed(seed).state)
        with pytest.raises(Stop):
            a.shuffle(ours)
        with pytest.raises(Stop):
            reference_shuffle(b, theirs)
        assert ours.writes == theirs.writes
        assert len(ours.writes) == 400
        assert b.draws > 230  # about one draw in four was rejected and drawn again
