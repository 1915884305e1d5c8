"""The end of a deal played exactly: when few cards are left in the hands, every lead is chosen by search.

Near the end of a sampled deal the rollout policy's rules of thumb are no longer
needed: the cards left are few enough to try every lead. From there each leader
(max^n: every player for themselves) takes the lead after which the rest of the
deal, itself played this way, leaves them the most chips. Follows stay as the
rules or the playout's follow policy play them. The search is exact for the
sampled deal; `ENDGAME_CARDS` keeps it small (each lead has at most four
options, and the runs shed cards fast), and past `MAX_NODES` leads tried in one
end game the remaining ones fall back to the rollout policy.
"""

from __future__ import annotations

from .rollout import LeadPolicy, State, Table, greedy_lead, play_out

ENDGAME_CARDS = 12  # cards left in all hands together at or below which a lead is searched
MAX_NODES = 400  # leads tried in one end game before it plays the rest by the rollout policy
TRIAL_CARDS = 6  # what setting up one trial costs, counted in cards played (measured against the playouts)


def exact_lead(fallback: LeadPolicy = greedy_lead, cards: int = ENDGAME_CARDS) -> LeadPolicy:
    """A lead policy that searches every lead to the end once the hands hold `cards` or fewer, else `fallback`."""
    budget = [0]

    def policy(table: Table, state: State, seat: int, options: list[int]) -> int:
        if sum(state.counts) > cards:
            return fallback(table, state, seat, options)
        top = budget[0] == 0
        try:
            return _best(table, state, seat, options)
        finally:
            if top:
                budget[0] = 0

    def _best(table: Table, state: State, seat: int, options: list[int]) -> int:
        if budget[0] >= MAX_NODES:
            return greedy_lead(table, state, seat, options)
        return best_by_trial(table, state, seat, options, policy, budget)
    return policy


def best_by_trial(table: Table, state: State, seat: int, options: list[int], rest: LeadPolicy,
                  tried: list[int] | None = None) -> int:
    """The option after which the deal, played on by `rest`, leaves `seat` the most chips (the first of equals);
    the cards the trials play are counted in `state.searched`, and each trial in `tried` as it starts."""
    best, best_chips = options[0], None
    for card in options:
        if tried is not None:
            tried[0] += 1
        trial = state.copy()
        before = sum(trial.counts)
        play_out(table, trial, seat, card, lead=rest)
        state.searched += before - sum(trial.counts) + trial.searched + TRIAL_CARDS
        if best_chips is None or trial.chips[seat] > best_chips:
            best, best_chips = card, trial.chips[seat]
    return best
