"""The deal summary's line for each charm used in the deal (R31): who used which and how many times, the chips the
others paid them (R39) and the fees paid into the pot. A deal without charms has none."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ....locale import tr, trn
from ...charm_words import charm_title
from ..model import CharmNote

# the player's own use (True) and another's: with chips the others paid (R39), and without
_KEYS = {True: ("charm_notes.summary.you_paid", "charm_notes.summary.you_used"),
         False: ("charm_notes.summary.they_paid", "charm_notes.summary.they_used")}


def times_words(count: int) -> str:
    """How many times a charm was used, as the summary's sentence says it after its name ("" for once)."""
    if count <= 1:
        return ""
    return tr("charm_keys.twice") if count == 2 else trn("charm_keys.times", count)


def charm_summary_lines(notes: Sequence[CharmNote], mine: Callable[[int], bool],
                        name: Callable[[int], str]) -> list[str]:
    """One sentence a seat and charm, in the order they were first used, with how many times, the chips the others
    paid and the fees; `mine(seat)` for the player's own, `name(seat)` else."""
    grouped: dict[tuple[int, str], list[CharmNote]] = {}
    for note in notes:
        grouped.setdefault((note.player, note.charm), []).append(note)
    lines = []
    for (player, charm_id), uses in grouped.items():
        you = mine(player)
        who = {} if you else {"name": name(player)}
        paid, fee = sum(use.paid for use in uses), sum(use.fee for use in uses)
        fee_words = trn("charm_notes.summary.fee", fee) if fee else ""
        charm, times = charm_title(charm_id), times_words(len(uses))
        paid_key, used_key = _KEYS[you]
        lines.append(trn(paid_key, paid, charm=charm, times=times, fee=fee_words, **who) if paid else
                     tr(used_key, charm=charm, times=times, fee=fee_words, **who))
    return lines
