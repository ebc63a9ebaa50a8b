"""The reader's pool of candidate sentences: the best units with the units that follow them in
reading order, and the sentences of their sections that state a default. Split from `units`.
"""
from __future__ import annotations

import re
from typing import Mapping, Sequence

from core.answer.units import Unit, announces

_STATES_DEFAULT = re.compile(r"\bdefaults?\b", re.IGNORECASE)


def section_defaults(units: Sequence[Unit], scores: Sequence[float], top: int) -> dict[Unit, float]:
    """Sentences that state a default in the section of one of the `top` best units: a
    definition entry often states its default a few sentences on. The first such sentence
    at or after the unit in its passage scores 0.9 x that unit, the others 0.5 x (an entry's
    default, not the next entry's)."""
    out: dict[Unit, float] = {}
    for best, score in zip(units[:top], scores[:top]):
        stating = [u for u in units if best.section and u.section == best.section and _STATES_DEFAULT.search(u.text)]
        after = [u for u in stating if u.number == best.number and u.index >= best.index]
        first = min(after, key=lambda u: u.index) if after else None
        for u in stating:
            out[u] = max(out.get(u, 0.0), (0.9 if u is first else 0.5) * score)
    return out


def with_neighbours(units: Sequence[Unit], scores: Sequence[float], top: int,
                    following: Mapping[Unit, Unit], steps: int = 2,
                    decay: float = 0.85, lead_decay: float = 0.85) -> tuple[list[Unit], list[float]]:
    """The `top` best units, each followed by the next `steps` units in reading order ("The
    TFTP port where the daemon listens." is followed by "Defaults is … 69."). A follower
    scores `decay` x the unit before it (`lead_decay` after a unit that announces it: "… with this
    command line:", `announces`), or its own score when higher."""
    own = dict(zip(units, scores))
    pool: dict[Unit, float] = {}
    for u, score in zip(units[:top], scores[:top]):
        pool[u] = max(pool.get(u, 0.0), score)
        nxt, carried = u, score
        for _ in range(steps):
            prev, nxt = nxt, following.get(nxt)
            if nxt is None:
                break
            carried *= lead_decay if announces(prev, nxt) else decay
            pool[nxt] = max(pool.get(nxt, own.get(nxt, 0.0)), carried)
    return list(pool), list(pool.values())
