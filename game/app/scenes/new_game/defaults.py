"""New game's default table: the table a player who has never started one is offered (a helper module: no
pygame, no scene), also what `agency --mode new-game` measures."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DefaultTable:
    """A table by name: the rules file's stem in config/rules, the seat count, the opponents' ids in seat order,
    and the table strength they make (its id in `table_strength.STRENGTH_IDS`)."""

    rules: str
    players: int
    opponents: tuple[str, ...]
    strength: str


def default_table() -> DefaultTable:
    """The table New game opens with when no table was started before."""
    return DefaultTable(rules="free_following", players=4, opponents=("hetty", "dex", "maud"), strength="fair")
