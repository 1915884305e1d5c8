"""New game's length of session: its two rows (the length, and the deals or minutes it lasts), and the rules and
time limit a choice of length makes (a helper module: it holds no scene)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pygame

from ....config.rules_file import rules_problem_line
from ....engine.rules import RulesError, RuleSet
from ....locale import tr, trn
from ....storage.last_table_file import LENGTHS
from ...form import Choice
from .last_table import DEAL_CHOICES, LENGTH_KEYS, MINUTE_CHOICES

# the length's index in LENGTHS, the deals' in DEAL_CHOICES, the minutes' in MINUTE_CHOICES
Length = tuple[int, int, int]


def file_length(rules: RuleSet | None) -> tuple[int, int]:
    """The length (its index in LENGTHS) and deals (in DEAL_CHOICES) a rules file sets: its deals, or until one
    player is left when it sets none."""
    if rules is None or rules.deals is None:
        return LENGTHS.index("last_one"), DEAL_CHOICES.index(10)
    deals = rules.deals
    return LENGTHS.index("deals"), min(range(len(DEAL_CHOICES)), key=lambda i: abs(DEAL_CHOICES[i] - deals))


def session_rules(rules: RuleSet | None, players: int, length: Length) -> tuple[RuleSet | None, float | None, str]:
    """The rules to play (with `players` and the chosen length), the time limit, and why not if impossible."""
    if rules is None:
        return None, None, tr("new_game.no_rules")
    mode = LENGTHS[length[0]]
    deals: int | None = DEAL_CHOICES[length[1]] if mode == "deals" else None
    limit = MINUTE_CHOICES[length[2]] * 60.0 if mode == "time" else None
    try:
        chosen = dataclasses.replace(rules, players=players, deals=deals)
    except RulesError as error:
        if mode == "time":  # no open-ended play under these rules: the file's own limit backs up the clock
            try:
                return dataclasses.replace(rules, players=players), limit, ""
            except RulesError:
                pass
        return None, None, "; ".join(str(rules_problem_line(problem)) for problem in error.problems)
    return chosen, limit, ""


def length_rows(rect: pygame.Rect, pitch: int, values: int, length: Length, on_length: Callable[[int], None],
                on_amount: Callable[[int], None]) -> list[Choice]:
    """The length's row in `rect` and the amount's `pitch` below it (`values`: the value boxes' width)."""
    mode = LENGTHS[length[0]]
    below = rect.move(0, pitch)
    if mode == "time":
        amount = Choice(below, tr("new_game.minutes"), [trn("new_game.minutes_value", m) for m in MINUTE_CHOICES],
                        length[2], on_amount, wrap=False, value_width=values)
    elif mode == "deals":
        amount = Choice(below, tr("new_game.deals"), [trn("new_game.deals_value", d) for d in DEAL_CHOICES],
                        length[1], on_amount, wrap=False, value_width=values)
    else:
        amount = Choice(below, tr("new_game.deals"), [tr("new_game.no_limit")], 0, lambda i: None, enabled=False,
                        value_width=values)
    return [Choice(rect, tr("new_game.length_label"), [tr(key) for key in LENGTH_KEYS], length[0], on_length,
                   tooltip=tr("new_game.length_tip"), value_width=values), amount]
