"""The cast's public ways of leading on plain ints, for playouts: each seat's leads played as that seat plays.

A playout of a sampled deal needs the other players' later leads. The rollout
policy (`rollout.greedy_lead`) plays every seat as a strong player that sees the
whole sampled deal; a character who always leads its lowest card does not play
like that, and a search that expects it to misjudges what follows. So for a seat
whose model is one of the cast's styles, its leads in a playout follow that
style, worked out from the sampled hand in a few integer operations (the same
choices as the strategy in `strategies/leading.py` wherever the playout state
holds what it reads; ties go to the strategy's rule or, where that is random,
to the first). Seats with no such model, and the searching player itself, keep
the rollout policy.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ...engine.state import REMOVED
from .endgame import best_by_trial
from .opponents import SeatModel
from .rollout import PLAYED, LeadPolicy, State, Table, greedy_lead

Score = Callable[[Table, State, int, int], float]  # (table, state, seat, option) -> how much the style likes it


def _place(table: Table, c: int) -> int:
    """R23: deck index `c`'s place in its suit, 0 (lowest) to 13; a high ace is above the king."""
    return 13 if table.aces_high and c % 13 == 0 else c % 13


def _streak_to(table: Table, hand: int, c: int) -> tuple[int, int]:
    """How many cards from deck index `c` upward in its suit (itself included) are all in `hand`, and the last."""
    after = table.after
    length, last = 0, c
    while c >= 0 and hand >> c & 1:
        length += 1
        last = c
        c = after[c]
    return length, last


def _streak(table: Table, hand: int, c: int) -> int:
    """How many cards from deck index `c` upward in its suit (itself included) are all in `hand`."""
    return _streak_to(table, hand, c)[0]


def _suit_count(hand: int, c: int) -> int:
    """Cards held in the suit of deck index `c`."""
    return bin(hand >> (13 * (c // 13)) & 0x1FFF).count("1")


def _lowest(table: Table, state: State, seat: int, c: int) -> float:
    """`lowest`: the lower the card, the better."""
    return -_place(table, c)


def _longest_suit(table: Table, state: State, seat: int, c: int) -> float:
    """`longest_suit`: the more cards held in the suit, the better."""
    return _suit_count(state.hands[seat], c)


def _shedder(bonus: float) -> Score:
    """`shedder`: the longer the run of its own cards from the lead, the top card at its end worth `bonus` more."""
    def score(table: Table, state: State, seat: int, c: int) -> float:
        length, last = _streak_to(table, state.hands[seat], c)
        return length + (bonus if table.after[last] < 0 else 0.0)
    return score


def _fresh_suit(table: Table, state: State, seat: int, c: int) -> float:
    """`fresh_suit` (preferring the lowest): a suit nobody has played yet first, then the lower card."""
    base = 13 * (c // 13)
    started = any(state.owner[x] == PLAYED for x in range(base, base + 13))
    return (0.0 if started else 100.0) - _place(table, c)


def _stop_counter(control: float) -> Score:
    """`stop_counter`, on the sampled deal: its own run's length, plus `control` if it leads again after it."""
    def score(table: Table, state: State, seat: int, c: int) -> float:
        length, last = _streak_to(table, state.hands[seat], c)
        end = table.after[last]  # the card after the streak: none past the top, a played card or another's
        again = end < 0 or state.owner[end] == PLAYED or state.owner[end] == REMOVED
        return length + (control if again else 0.0)
    return score


def _boodle_hunter(table: Table, state: State, seat: int, c: int) -> float:
    """`boodle_hunter`, on the sampled deal: boodle chips its own run reaches first, then the run's length."""
    hand, bchips, after = state.hands[seat], state.bchips, table.after
    length = _streak(table, hand, c)
    chips, x = 0, c
    for _ in range(length):
        chips += bchips[x]
        x = after[x]
    return chips * 100.0 + length


def _scorer(name: str, params: Mapping[str, Any]) -> tuple[Score, bool] | None:
    """The style's score and whether ties go to the lower card (else the higher); None for unknown styles."""
    if name == "lowest":
        return _lowest, True
    if name == "longest_suit":
        return _longest_suit, params.get("tie_break", "lowest") != "highest"
    if name == "shedder":
        return _shedder(float(params.get("king_bonus", 1.0))), True
    if name == "fresh_suit":
        return _fresh_suit, True
    if name == "stop_counter":
        return _stop_counter(float(params.get("control", 1.5))), True
    if name == "boodle_hunter":
        return _boodle_hunter, True
    return None


def seat_policy(model: SeatModel | None) -> LeadPolicy | None:
    """The playout lead policy of a seat modelled by one of the cast's styles, or None (the rollout policy)."""
    way = None if model is None else model.style
    if way is None:
        return None
    found = _scorer(way.name, way.params)
    if found is None:
        return None
    score, low = found

    def policy(table: Table, state: State, seat: int, options: list[int]) -> int:
        best, best_key = options[0], None
        for c in options:
            key = (score(table, state, seat, c), -_place(table, c) if low else _place(table, c))
            if best_key is None or key > best_key:
                best, best_key = c, key
        return best
    return policy


def own_search(me: int, rest: LeadPolicy) -> LeadPolicy:
    """`me` chooses each of its later leads in a playout by trying every option to the end with `rest`."""
    def policy(table: Table, state: State, seat: int, options: list[int]) -> int:
        if seat != me:
            return rest(table, state, seat, options)
        return best_by_trial(table, state, seat, options, rest)
    return policy


def table_policy(models: Sequence[SeatModel | None], me: int) -> LeadPolicy:
    """The playout lead policy for a whole table: each modelled seat by its style, the rest by the rollout's."""
    policies = [None if seat == me else seat_policy(model) for seat, model in enumerate(models)]
    if not any(policies):
        return greedy_lead

    def policy(table: Table, state: State, seat: int, options: list[int]) -> int:
        own = policies[seat] if seat < len(policies) else None
        return greedy_lead(table, state, seat, options) if own is None else own(table, state, seat, options)
    return policy
