"""The results history: every finished attempt's record, kept compactly (A1, P9).

Each record is stored as its compact item (:mod:`.history_codec`) and decoded
only when it is read.  Records are kept oldest first and never dropped for a
count; when the history grows past its storage budget the oldest records give
up their moves first (:meth:`History.shed`), keeping everything the statistics use.
"""

from __future__ import annotations

import bisect
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import overload

from .history_codec import (
    ATTEMPT,
    HEAD,
    Item,
    attempt_of,
    check_of,
    checked_items,
    day_before,
    decode,
    encode,
    has_moves,
    head_fields,
    head_of,
    identities,
    identity,
    is_item,
    number,
    order,
    orders,
    valid_items,
    without_moves,
)
from .results import Record

__all__ = ["History", "Item", "check_of", "checked_items", "decode", "encode", "head_fields", "identity", "is_item",
           "valid_items"]


class History(Sequence[Record]):
    """The results history, oldest first: a sequence of records stored as compact items."""

    def __init__(self, items: Iterable[Item] = (), *, told: bool = False) -> None:
        #: The stored items, oldest first; change them only through the methods below.
        self.items: list[Item] = []
        #: Counts the changes, so that a saved form can be reused while it is unchanged.
        self.revision = 0
        #: The player was told that old records shed their moves (P9: told once).
        self.told = told
        self._size = (-1, 0)
        self._bare = -1
        self.merge(items)

    @classmethod
    def of(cls, records: Iterable[Record]) -> History:
        """Returns the history of valid records, oldest first."""
        return cls(encode(record) for record in records)

    def __len__(self) -> int:
        return len(self.items)

    @overload
    def __getitem__(self, index: int) -> Record: ...
    @overload
    def __getitem__(self, index: slice) -> list[Record]: ...

    def __getitem__(self, index: int | slice) -> Record | list[Record]:
        if isinstance(index, slice):
            return [decode(item) for item in self.items[index]]
        return decode(self.items[index])

    def __iter__(self) -> Iterator[Record]:
        return (decode(item) for item in self.items)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, History):
            return list(self) == list(other)
        return isinstance(other, list) and list(self) == other

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"History({len(self)} records)"

    def append(self, record: Record) -> None:
        """Adds a record, in date order (the newest: at the end; after those of the same date)."""
        item = encode(record)
        self.items.insert(bisect.bisect_right(self.items, order(item), key=order), item)
        self.revision += 1

    def size(self) -> int:
        """Returns the characters the items take in the save (counted once a revision;
        :meth:`size_of` is written out inline, as it runs over every record at load)."""
        if self._size[0] != self.revision:
            self._size = (self.revision, sum([len(item) + 3 if type(item) is str else 400 for item in self.items]))
        return self._size[1]

    def merge(self, items: Iterable[Item]) -> bool:
        """Adds the items not there yet (P7: a union by date and attempt; a record
        that either side shed stays shed); returns whether anything changed."""
        mine = dict(zip(identities(self.items), range(len(self.items))))
        added: dict[str, Item] = {}
        changed = False
        items = list(items)
        for ident, item in zip(identities(items), items):
            where = mine.get(ident)
            if where is None:
                added.setdefault(ident, item)
            elif has_moves(self.items[where]) and not has_moves(item):
                self.items[where] = item
                changed = True
        if added:
            fresh = list(added.values())
            keys = orders(fresh)
            tail = self.items and order(self.items[-1])
            if keys == sorted(keys) and (not tail or keys[0] >= tail):
                self.items.extend(fresh)
            else:
                both = [*self.items, *fresh]
                keys = orders(both)
                self.items = [both[i] for i in sorted(range(len(both)), key=keys.__getitem__)]
        if changed or added:
            self.revision += 1
        return changed or bool(added)

    def heard(self, *, told: bool) -> None:
        """Takes in whether another tab told the player that old records shed their moves (P9)."""
        self.told = self.told or told

    def shed_news(self, budget: int) -> bool:
        """Sheds as :meth:`shed`; returns True when records shed and the player was not told
        yet (P9: told once), who counts as told from then on."""
        if self.shed(budget) and not self.told:
            self.told = True
            return True
        return False

    def shed(self, budget: int, *, keep: float = 0.9) -> int:
        """Drops the moves of the oldest records while the history takes more than
        ``budget`` characters, down to ``keep`` of it; returns how many records shed."""
        size = self.size()
        if size <= budget or self._bare == self.revision:
            return 0
        shed = 0
        for index, item in enumerate(self.items):
            if size <= budget * keep:
                break
            if has_moves(item):
                lighter = without_moves(item)
                size -= self.size_of(item) - self.size_of(lighter)
                self.items[index] = lighter
                shed += 1
        if shed:
            self.revision += 1
        if size > budget:
            self._bare = self.revision  # nothing more to shed until the history changes
        return shed

    @staticmethod
    def size_of(item: Item) -> int:
        """Returns the characters one item takes in the save (a text with its quotes and
        comma; a dict, about its JSON length)."""
        return len(item) + 3 if isinstance(item, str) else 400

    def last_attempt(self) -> int:
        """Returns the highest attempt id recorded (0 when there is none), without decoding.
        A compact item's attempt digits have no leading zero and sort as text, so the
        longest, then greatest, is the highest."""
        compact = [item[ATTEMPT:item.index(".")] for item in self.items if type(item) is str]
        longest = max(map(len, compact), default=0)
        highest = [number(max(digits for digits in compact if len(digits) == longest))] if compact else []
        return max([attempt_of(item) for item in self.items if type(item) is not str] + highest, default=0)

    def of_attempt(self, attempt: int, since: str = "") -> Record | None:
        """Returns the newest record of attempt ``attempt``, or None; ``since``, the ISO
        date the attempt began, ends the search at records a day older (clocks of two
        tabs may differ a little, never by a day)."""
        oldest = day_before(since)
        for item in reversed(self.items):
            if order(item) < oldest:
                break
            if attempt_of(item) == attempt:
                return decode(item)
        return None

    def page(self, number: int, size: int) -> list[tuple[int, Record]]:
        """Returns page ``number`` (0: the newest) of ``size`` records, newest first, each
        with its index in the history."""
        end = len(self.items) - number * size
        return [(index, decode(self.items[index])) for index in range(end - 1, max(end - size, 0) - 1, -1)]

    def groups(self) -> Counter[str]:
        """Returns how many records share each flags-and-score head (the fields the
        statistics read); a record kept as a dict counts under its own compact head
        (:func:`head_of`, written out inline for a compact item: every record counts)."""
        return Counter([item[HEAD] if type(item) is str else head_of(item) for item in self.items])
