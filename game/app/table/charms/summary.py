"""The deal summary's line for each charm used in the deal (R31): who used which, the chips the others paid them
(R39) and the fee paid into the pot. A deal without charms has none."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ....locale import tr, trn
from ...charm_words import charm_title
from ..model import CharmNote

# the player's own use (True) and another's: with chips the others paid (R39), and without
_KEYS = {True: ("charm_notes.summary.you_paid", "charm_notes.summary.you_used"),
         False: ("charm_notes.summary.they_paid", "charm_notes.summary.they_used")}


def charm_summary_lines(notes: Sequence[CharmNote], mine: Callable[[int], bool],
                        name: Callable[[int], str]) -> list[str]:
    """One sentence a charm use, in the order they came; `mine(seat)` for the player's own, `name(seat)` else."""
    lines = []
    for note in notes:
        you = mine(note.player)
        who = {} if you else {"name": name(note.player)}
        fee = trn("charm_notes.summary.fee", note.fee) if note.fee else ""
        charm = charm_title(note.charm)
        paid, used = _KEYS[you]
        lines.append(trn(paid, note.paid, charm=charm, fee=fee, **who) if note.paid else
                     tr(used, charm=charm, fee=fee, **who))
    return lines
