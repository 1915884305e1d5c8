"""A game played headless at instant speed until it is killed: Continue when a session is kept, else a new
table; it prints the session it plays and how many actions the session held once each decision of the player's was
kept (tests/storage/test_kill.py)."""

from __future__ import annotations

import dataclasses
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.ai.registry import load_character_by_id
from game.ai.simple import LowestAgent
from game.app.app import App, AppOptions
from game.app.scenes.title import TitleScene
from game.app.table.scene import TableScene
from game.config import rules_by_name


def main(folder: Path, seed: int) -> None:
    """Play on and on, saying each decision made."""
    app = App(AppOptions(data_dir=folder, headless=True, language="en"))
    app.change_settings(dataclasses.replace(app.settings, animation_speed="instant"))
    stand_in = LowestAgent()
    while True:
        app.scenes.clear_to("title")
        title = app.scenes.top
        assert isinstance(title, TitleScene)
        if title.kept is not None:
            title.continue_session()
        else:
            seats = [("You", None)] + [(c, load_character_by_id(c)) for c in ("maud", "bert", "vera", "pip")]
            rules = dataclasses.replace(rules_by_name("classic"), deals=4)
            app.scenes.clear_to("table", rules=rules, seats=seats, seed=seed)
        table = app.scenes.top
        assert isinstance(table, TableScene), f"{type(table).__name__} instead of the table"
        print(f"playing {len(table.actions)} {table.table.session_id}", flush=True)
        while table.results is None:
            if table.summary is not None:
                table.close_summary()
            decision = table.human.decision
            if decision is not None:
                table.human.clear()
                table.submit(stand_in.decide(table.table.human_view(), decision))
                # a person takes longer to decide than the disk takes to keep the decision: wait as they would
                table.recorder.keeper.flush()
                print(f"decided {len(table.actions)}", flush=True)
            app.step(1 / 30)
        print("over", flush=True)


if __name__ == "__main__":
    main(Path(sys.argv[1]), int(sys.argv[2]))
