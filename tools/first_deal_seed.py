"""Find seeds for the guided first deal (game/app/tutorial/first_deal.py): deals that give a newcomer choices.

    python tools/first_deal_seed.py [--from 0] [--to 300] [--top 10]

For each seed the guided table (free following for one deal, the player with Maud, Bert and Pip) is laid and
played with the expert's choice at each of the player's decisions (the hint's search, as the coach runs it), the
player staking evenly. A deal is kept when the player stakes and leads first, their first lead offers three cards
or more of which one is clearly worse than the best (a newcomer's plausible slip, worth teaching), and, played
well, the player hits a boodle card and goes out. The deals with the most real choices are printed.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai.hint import FollowHint, LeadHint, expert_hint
from game.app.table.controller import HumanTurn, Played
from game.app.tutorial.first_deal import first_deal_seats, first_deal_table
from game.engine.decisions import FollowAction, LeadAction, LeadDecision, StakeAction, StakeDecision
from game.engine.events import BoodleWon, DealStart, Event, HandWon, Play

CLEARLY_WORSE = 1.0  # chips: the first lead's worst option trails the best by at least this much


def play(seed: int) -> tuple[list[Event], list[str]]:
    """The deal's events with the expert choosing for the player, and each real choice, described."""
    table = first_deal_table(seed)
    log = list(table.log)
    choices: list[str] = []
    while not table.over:
        step = table.advance(0.0, float("inf"))
        if isinstance(step, HumanTurn):
            decision = step.decision
            if isinstance(decision, StakeDecision):
                share, odd = divmod(decision.boodle_total, len(decision.cards))
                step = table.submit(StakeAction(0, tuple((card, share + (i < odd))
                                                         for i, card in enumerate(decision.cards))))
                continue
            hint = expert_hint(step.view, decision, seed)
            if isinstance(hint, LeadHint) and isinstance(decision, LeadDecision):
                values = " ".join(f"{card}:{value:+.1f}" for card, value in hint.ranked)
                choices.append(f"lead {values}")
                step = table.submit(LeadAction(0, hint.card))
            else:
                assert isinstance(hint, FollowHint)
                choices.append(f"follow {hint.card} play {hint.play:+.1f} keep {hint.decline:+.1f}")
                step = table.submit(FollowAction(0, hint.play >= hint.decline))
        if isinstance(step, Played):
            log += step.events
    return log, choices


def first_lead_slip(choice: str) -> float:
    """How far the first lead's worst option trails its best, in chips (0 with fewer than three options)."""
    values = [float(part.split(":")[1]) for part in choice.split()[1:]]
    return values[0] - values[-1] if len(values) >= 3 else 0.0


def main() -> None:
    """Search the seeds and print the deals with the most choices."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--from", dest="low", type=int, default=0)
    parser.add_argument("--to", dest="high", type=int, default=300)
    parser.add_argument("--top", type=int, default=10)
    args = parser.parse_args()
    found = []
    players = len(first_deal_seats())
    for seed in range(args.low, args.high):
        if next(e.dealer for e in first_deal_table(seed).log if isinstance(e, DealStart)) != players - 1:
            continue  # the player must sit on the dealer's left, to stake and lead first
        log, choices = play(seed)
        won = next(e for e in log if isinstance(e, HandWon))
        hits = [e for e in log if isinstance(e, BoodleWon) and e.player == 0]
        leads = [c for c in choices if c.startswith("lead")]
        if won.player != 0 or not hits or not leads or first_lead_slip(leads[0]) < CLEARLY_WORSE:
            continue
        follows = len(choices) - len(leads)
        plays = sum(1 for e in log if isinstance(e, Play))
        found.append((-len(choices), -follows, plays, seed, choices))
        print(f"seed {seed}: {len(choices)} choices ({follows} follows), {plays} cards played", flush=True)
    for _, _, _, seed, choices in sorted(found)[:args.top]:
        print(f"seed {seed}:")
        for choice in choices:
            print(f"    {choice}")


if __name__ == "__main__":
    main()
