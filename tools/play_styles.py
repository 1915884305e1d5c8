"""How the characters differ in play, measured from simulate's JSONL logs.

    python tools/play_styles.py [--sessions N] [--rules michigan] [LOG.jsonl ...]

With log files it reads those; without, it first writes logs with `main.py simulate`
(five seats, the characters rotated through the lineups below) into a temporary folder.
Per character: boodle cards staked on per stake, the share of a stake on its biggest
card, the mean rank of its leads, how often a lead starts a suit not yet played this
deal, and how often it buys the dead hand when it deals and may buy.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINEUPS = (("maud", "reggie", "hetty", "professor", "dex"), ("pip", "vera", "bert", "expert", "maud"),
           ("reggie", "dex", "vera", "bert", "hetty"), ("professor", "pip", "expert", "maud", "vera"))
RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13}


def rank(card: str) -> int:
    """The rank of a card name like 10H."""
    return RANKS.get(card[:-1]) or int(card[:-1])


def write_logs(folder: Path, sessions: int, rules: str) -> list[Path]:
    """Play `sessions` sessions per lineup with simulate and return the log paths."""
    logs = []
    for n, lineup in enumerate(LINEUPS):
        for seed in range(sessions):
            log = folder / f"lineup{n}_seed{seed}.jsonl"
            subprocess.run([sys.executable, str(ROOT / "main.py"), "simulate", "--rules", rules, "--players", "5",
                            "--ai", ",".join(lineup), "--seed", str(seed), "--log", str(log)],
                           check=True, stdout=subprocess.DEVNULL)
            logs.append(log)
    return logs


def measure(logs: list[Path]) -> dict[str, dict[str, float]]:
    """Each character's figures over every log."""
    tally: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for log in logs:
        events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
        who = {}
        started: set[str] = set()
        dealer = -1
        for event in events:
            kind = event["type"]
            if kind == "session_start":
                who = {seat: p["personality"] for seat, p in enumerate(event["players"])}
                buying = event["rules"]["buy_dead_hand"]["enabled"]
            elif kind == "deal_start":
                dealer = event["dealer"]
                started = set()
            elif kind == "stake" and event["boodle"]:
                t = tally[who[event["player"]]]
                chips = list(event["boodle"].values())
                t["stakes"] += 1
                t["cards"] += len(chips)
                t["top"] += max(chips) / sum(chips)
            elif kind == "deal" and buying:
                tally[who[dealer]]["dealer_deals"] += 1
            elif kind == "buy_dead":
                tally[who[event["player"]]]["buys"] += 1
            elif kind == "play":
                suit = event["card"][-1]
                if event["lead"]:
                    t = tally[who[event["player"]]]
                    t["leads"] += 1
                    t["lead_rank"] += rank(event["card"])
                    t["fresh"] += suit not in started
                started.add(suit)
    out = {}
    for character, t in sorted(tally.items()):
        out[character] = {
            "cards staked": t["cards"] / max(t["stakes"], 1),
            "top share": t["top"] / max(t["stakes"], 1),
            "lead rank": t["lead_rank"] / max(t["leads"], 1),
            "fresh-suit leads": t["fresh"] / max(t["leads"], 1),
            "buys per dealer deal": t["buys"] / t["dealer_deals"] if t["dealer_deals"] else float("nan"),
        }
    return out


def main() -> int:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("logs", nargs="*", type=Path, help="simulate logs to read (default: play some first)")
    parser.add_argument("--sessions", type=int, default=3, help="sessions per lineup when playing (default 3)")
    parser.add_argument("--rules", default="michigan", help="rules when playing (default michigan: it allows buying)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        logs = args.logs or write_logs(Path(folder), args.sessions, args.rules)
        figures = measure(logs)
    columns = ["cards staked", "top share", "lead rank", "fresh-suit leads", "buys per dealer deal"]
    print(f"{'id':<10}" + "".join(f"{c:>22}" for c in columns))
    for character, row in figures.items():
        print(f"{character:<10}" + "".join(f"{row[c]:>22.2f}" for c in columns))
    return 0


if __name__ == "__main__":
    sys.exit(main())
