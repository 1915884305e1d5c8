"""New game's charms (issue 25 item 6): None by default, Yours (chosen, or two dealt from the table's seed) or
Every seat, worked by keys and mouse, remembered with the last table, and seated at the table."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
import pygame
import pytest
from app.test_menu_words import crowded
from app_helpers import click, key, large_print, make_app

from game.ai.character_file import load_character
from game.ai.charm_choice import CharmStyles
from game.ai.seats import SeatSpec
from game.app.app import App
from game.app.form import Choice
from game.app.scenes.new_game.charms import DEALT, CharmChoice, charm_card_words, seat_charms, shipped_charms
from game.app.scenes.new_game.scene import NewGameScene
from game.app.table.scene import TableScene
from game.config import PERSONALITIES_DIR, default_rules
from game.locale import LANGUAGES, tr
from game.storage.last_table_file import CHARM_MODES, LAST_TABLE_FILE, load_last_table

KNOWN = shipped_charms()
CLASSIC = default_rules()  # compulsory following, a switch of suit, four boodle cards


def open_new_game(app: App) -> NewGameScene:
    scene = NewGameScene(app, seed=7, locks={})
    app.scenes.clear_to(scene)
    app.step(0.0)
    return scene


def charms_row(scene: NewGameScene) -> Choice:
    """The Charms row (None / Yours / Every seat)."""
    return next(c for c in scene.form.controls if isinstance(c, Choice) and c.options[0] == "None"
                and "Yours" in c.options)


def test_the_row_is_none_by_default_and_a_table_then_holds_no_charm(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = open_new_game(app)
    row = charms_row(scene)
    assert row.index == 0 and scene.charms.mode_id == "none"
    assert sum(isinstance(c, Choice) and c.label == "" for c in scene.form.controls) == 0  # no charm to pick
    scene.start()
    table = app.scenes.top
    assert isinstance(table, TableScene) and table.table.charms is None
    app.scenes.close()


def test_yours_by_keys_is_remembered_and_seated(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = open_new_game(app)
    scene.form.focus_on(charms_row(scene))
    key(app, pygame.K_RIGHT)  # Yours
    assert scene.charms.mode_id == "yours"
    picker = next(c for c in scene.form.controls if isinstance(c, Choice) and c.label == "")
    scene.form.focus_on(picker)
    key(app, pygame.K_RIGHT)  # from "Two at random" (the default) round to the first charm
    first = list(KNOWN)[0]
    assert scene.charms.charm == first
    scene.start()
    table = app.scenes.top
    assert isinstance(table, TableScene) and table.table.charms is not None
    assert [spec.id for spec in table.table.charms[0]] == [first] and not any(table.table.charms[1:])
    last, _ = load_last_table(tmp_path)
    assert last is not None and (last.charms, last.charm) == ("yours", first)
    app.scenes.close()
    again = make_app(tmp_path)
    reopened = open_new_game(again)
    assert (reopened.charms.mode_id, reopened.charms.charm) == ("yours", first)
    again.scenes.close()


def test_every_seat_by_mouse(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = open_new_game(app)
    row = charms_row(scene)
    for _ in range(2):
        click(app, (row.value_rect.right - 10, row.value_rect.centery))
        row = charms_row(scene)
    assert scene.charms.mode_id == "every"
    scene.start()
    table = app.scenes.top
    assert isinstance(table, TableScene) and table.table.charms is not None
    assert len(table.table.charms[0]) == DEALT
    for (_, character), held in zip(table.seats[1:], table.table.charms[1:], strict=True):
        assert character is not None
        assert [spec.id for spec in held] == list(character.charms.held) or len(held) == 1 and not character.charms.held
    app.scenes.close()


def human_and(others: int) -> Sequence[SeatSpec]:
    """The player and `others` seats without a character."""
    return [("You", None)] + [(f"Seat {i}", None) for i in range(others)]


def test_dealt_charms_come_from_the_seed() -> None:
    none, yours, every = (CharmChoice(CHARM_MODES.index(mode), known=KNOWN) for mode in CHARM_MODES)
    assert seat_charms(none, human_and(3), 1, CLASSIC) is None
    one, two = seat_charms(every, human_and(4), 11, CLASSIC), seat_charms(every, human_and(4), 11, CLASSIC)
    assert one == two and one is not None and len(one) == 5
    dealt = set()
    for seed in range(12):
        seats = seat_charms(yours, human_and(3), seed, CLASSIC)
        assert seats is not None and len(seats[0]) == DEALT and not any(seats[1:])
        dealt.add(tuple(spec.id for spec in seats[0]))
    assert len(dealt) > 3  # other seeds deal other charms
    gone = seat_charms(CharmChoice(CHARM_MODES.index("yours"), "nonesuch", KNOWN), human_and(2), 1, CLASSIC)
    assert gone is not None and len(gone[0]) == DEALT  # a charm no file gives any more is dealt instead


def test_every_seat_gives_each_character_its_own_charms() -> None:
    every = CharmChoice(CHARM_MODES.index("every"), known=KNOWN)
    bert, dex = load_character(PERSONALITIES_DIR / "bert.yaml"), load_character(PERSONALITIES_DIR / "dex.yaml")
    plain = replace(bert, charms=CharmStyles())  # a character whose file holds no charm is dealt one
    seats = seat_charms(every, [("You", None), ("Bert", bert), ("Dex", dex), ("Plain", plain)], 5, CLASSIC)
    assert seats is not None
    assert [[spec.id for spec in held] for held in seats[1:3]] == [list(bert.charms.held), list(dex.charms.held)]
    assert bert.charms.held and dex.charms.held and len(seats[3]) == 1


def test_an_old_last_table_loads_with_no_charms_and_a_bad_value_takes_its_default(tmp_path: Path) -> None:
    old = {"players": 5, "characters": ["maud"], "rules": "classic.yaml", "rules_mine": False, "length": "deals",
           "deals": 8, "minutes": 20, "strength": ""}
    (tmp_path / LAST_TABLE_FILE).write_text(json.dumps(old), encoding="utf-8")
    last, words = load_last_table(tmp_path)
    assert last is not None and words is None and (last.charms, last.charm) == ("none", "") and last.players == 5
    (tmp_path / LAST_TABLE_FILE).write_text(json.dumps({**old, "charms": "lots", "charm": "../x"}), encoding="utf-8")
    last, words = load_last_table(tmp_path)
    assert last is not None and words is not None and (last.charms, last.charm) == ("none", "")


@pytest.mark.parametrize("code", tuple(LANGUAGES))
def test_the_charm_rows_and_their_card_fit_at_150_percent(tmp_path: Path, code: str) -> None:
    app = make_app(tmp_path)
    app.set_language(code)
    large_print(app)
    for mode, charm in ((1, ""), (2, "encore"), (2, "free_rein"), (1, "sleight")):  # the longest lines
        scene = open_new_game(app)
        scene.charms.mode, scene.charms.charm = mode, charm
        scene._build()
        picker = next(c for c in scene.form.controls if isinstance(c, Choice) and c.label == "")
        scene.form.focus_on(picker)  # the card under the rows says what the charm does
        assert not crowded(app, scene), (code, charm, crowded(app, scene))
    app.scenes.close()


def test_no_block_is_dealt_under_optional_following() -> None:
    every = CharmChoice(CHARM_MODES.index("every"), known=KNOWN)
    blocks = {charm for charm, spec in KNOWN.items() if spec.effect == "block_follow"}
    optional = replace(CLASSIC, follow="optional")
    dealt = {spec.id for seed in range(40) for seat in seat_charms(every, human_and(5), seed, optional) or ()
             for spec in seat}
    assert blocks and not dealt & blocks and len(dealt) > 3
    assert {spec.id for seed in range(40) for seat in seat_charms(every, human_and(5), seed, CLASSIC) or ()
            for spec in seat} & blocks  # under compulsory following the Dam is dealt like any other


def test_cut_in_is_not_dealt_where_no_hand_is_big_enough() -> None:
    every = CharmChoice(CHARM_MODES.index("every"), known=KNOWN)
    needing = {charm for charm, spec in KNOWN.items() if spec.effect == "take_lead" and spec.param("min_hand") > 8}
    at_eight = {spec.id for seed in range(40) for seat in seat_charms(every, human_and(7), seed, CLASSIC) or ()
                for spec in seat}
    at_four = {spec.id for seed in range(40) for seat in seat_charms(every, human_and(3), seed, CLASSIC) or ()
               for spec in seat}
    assert needing and not at_eight & needing and needing <= at_four  # 52 cards in 9 hands: 6 at most


def test_the_charm_card_says_when_the_table_leaves_the_charm_nothing_to_do() -> None:
    yours = CharmChoice(CHARM_MODES.index("yours"), "cut_in", KNOWN)
    idle = tr("charm_idle.table", why=tr("charm_idle.why.hand"))
    assert idle in charm_card_words(yours, replace(CLASSIC, players=8))
    assert idle not in charm_card_words(yours, replace(CLASSIC, players=4))
    assert "charm_idle" not in charm_card_words(CharmChoice(1, "glimpse", KNOWN), replace(CLASSIC, players=8))
