"""Going out is told with a subject ("You go out!  You take the pot of 4 and 7 chips for the cards left", "Aunt Hetty
takes …") in every language, and never as "the pot of 0": American Michigan has no pot, so its table draws none and
its banner, deal log and summary speak of the chips for the cards left alone."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
import pytest
from app_helpers import text_words

from game.ai.registry import character_ids, load_character_by_id
from game.app.app import App
from game.app.scenes.deal_summary import DealSummaryScene
from game.app.table.layout import table_layout
from game.app.table.scene import TableScene
from game.app.table.sprites import make_banner
from game.app.table.words import TAKE_BANNER, TOOK_SUMMARY, takings
from game.app.theme import GOLD, suits_on_dark
from game.config import rules_by_name
from game.locale import LANGUAGES, set_language, tr
from game.locale.texts import character_name


@pytest.fixture
def language() -> Iterator[None]:
    yield
    set_language("en")


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_what_the_winner_takes_has_a_subject_and_no_pot_of_0(code: str, language: None) -> None:
    set_language(code)
    pot_word = tr("table.pot").lower()
    for keys in (TAKE_BANNER, TOOK_SUMMARY):
        theirs = str(takings(keys[False], 4, 7, name="Aunt Hetty"))
        assert "Aunt Hetty" in theirs and "4" in theirs and "7" in theirs, theirs
        assert str(takings(keys[False], 4, 0, name="Aunt Hetty")).count("Aunt Hetty") == 1
        for mine in (True, False):
            cards_only = str(takings(keys[mine], 0, 7, name="Aunt Hetty"))
            assert "7" in cards_only and "0" not in cards_only and pot_word not in cards_only.lower(), cards_only
            assert takings(keys[mine], 0, 0, name="Aunt Hetty") is None
    if code == "en":
        assert str(takings(TAKE_BANNER[True], 4, 7)) == "You take the pot of 4 and 7 chips for the cards left"
        assert str(takings(TAKE_BANNER[False], 0, 1, name="Dex")) == "Dex takes 1 chip for the cards left"


def played_deal(app: App, rules: str) -> tuple[TableScene, DealSummaryScene]:
    """A four-player deal under `rules` played through to its summary."""
    fast = [c for c in character_ids() if c != "expert"]
    seats = [("You", None)] + [(c.name, c) for c in (load_character_by_id(fast[i]) for i in range(3))]
    scene = TableScene.seated(app, dataclasses.replace(rules_by_name(rules), players=4, deals=2), seats, 3)
    app.scenes.clear_to(scene)
    assert scene.fast_forward_until(lambda t: t.summary is not None)
    summary = scene.summary
    assert isinstance(summary, DealSummaryScene)
    app.draw(app.screen)
    return scene, summary


def test_american_michigan_speaks_of_no_pot_and_draws_none(app: App) -> None:
    scene, summary = played_deal(app, "michigan_us")
    assert not scene.model.rules.has_pot
    assert summary.record.winner is not None and summary.record.pot == 0
    told = [words for words, _ in summary.lines()] + [str(line) for line in scene.director.deal_log.lines]
    assert not [line for line in told if "pot" in line.lower()], told
    assert any("for the cards left" in line for line in told), told
    assert "Pot" not in text_words(app).split(), "no pot drawn on the felt"


def test_the_classic_game_still_tells_and_draws_its_pot(app: App) -> None:
    scene, summary = played_deal(app, "classic")
    assert scene.model.rules.has_pot
    assert any("the pot of" in words for words, _ in summary.lines())
    assert "Pot" in text_words(app).split()


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_the_longest_going_out_banner_fits_in_every_language(app: App, code: str, language: None) -> None:
    set_language(code)
    name = max((character_name(load_character_by_id(c)) for c in character_ids()), key=len)
    for players in (3, 8):
        width = table_layout(players).centre.width + 60  # as the director's banners are
        for mine in (True, False):
            words = str(takings(TAKE_BANNER[mine], 188, 123, name=name))
            make_banner(app.text, name, words, width, GOLD, suits_on_dark(False))
    assert not app.text.overflows, sorted(app.text.overflows)
