"""The words a charm's holder was missing (R31, R38, R39): Cut In's question says its fee (from its file) and who
leads if it is let pass; a charm's terms (uses and fee) on the road's offers and New game's card; why Encore was not
offered; a deal summary line for each charm used (none without charms); New game's tooltips clear of the box's
heading; the dealt charms' line a full sentence. In every language."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import cast

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
import pytest
from app_helpers import make_app

import game.locale
from game.ai.registry import load_character_by_id
from game.ai.simple import RandomAgent
from game.app.app import App
from game.app.charm_words import charm_terms, charm_title
from game.app.scenes.deal_summary import DealSummaryScene
from game.app.scenes.new_game.scene import NewGameScene
from game.app.table.charms.input import take_lead_question
from game.app.table.charms.missed import hit_again_missed
from game.app.table.charms.summary import charm_summary_lines
from game.app.table.human import HumanSeat
from game.app.table.model import CharmNote, DealRecord, TableModel, records_from_log
from game.config import default_rules, load_charms
from game.engine import Event, SeatInfo, Session, play_session
from game.engine.cards import Card
from game.engine.charms import CharmSpec
from game.engine.events import BoodleWon
from game.engine.rules import RuleSet
from game.locale import tr

LANGUAGES = sorted(game.locale.LANGUAGES)
NAMES = ("You", "Maud", "Dex")


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    yield
    game.locale.set_language("en")


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[App]:
    made = make_app(tmp_path_factory.mktemp("charm_notes"))
    yield made
    made.scenes.close()


@pytest.fixture(scope="module")
def known() -> dict[str, CharmSpec]:
    return load_charms()


def seat_at_stop(stopper: int) -> HumanSeat:
    """The parts of the player's seat Cut In's question reads: the view's last play, and the seats' names."""
    view = SimpleNamespace(plays=[SimpleNamespace(player=stopper)])
    model = SimpleNamespace(name=NAMES.__getitem__)
    return cast(HumanSeat, SimpleNamespace(view=view, stage=SimpleNamespace(model=model)))


def numbers(words: str) -> list[int]:
    return [int(found) for found in re.findall(r"\d+", words)]


@pytest.mark.parametrize("code", LANGUAGES)
def test_cut_in_asks_with_its_fee_from_its_file_and_who_leads_if_let_pass(code: str,
                                                                          known: dict[str, CharmSpec]) -> None:
    game.locale.set_language(code)
    cut_in = known["cut_in"]
    assert cut_in.effect == "take_lead" and cut_in.fee == 2
    for fee in (cut_in.fee, 7):
        spec = dataclasses.replace(cut_in, fee=fee)
        for picked in (False, True):
            asked = take_lead_question(seat_at_stop(1), spec, picked=picked)
            assert asked is not None and "{" not in asked and "Maud" in asked, asked
            assert numbers(asked) == [fee], asked
            assert tr("charms.cut_in.name") in asked
    free = take_lead_question(seat_at_stop(2), dataclasses.replace(cut_in, fee=0), picked=False)
    assert free is not None and "Dex" in free and not numbers(free)
    assert take_lead_question(seat_at_stop(1), known["lock"], picked=False) is None  # only R38 asks this way
    if code == "en":
        assert take_lead_question(seat_at_stop(1), cut_in, picked=False) == \
            "Cut In: pay 2 chips into the pot and take the lead? If you let it pass, Maud leads."


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_charms_terms_say_its_uses_and_fee(code: str, known: dict[str, CharmSpec]) -> None:
    game.locale.set_language(code)
    for spec in known.values():
        terms = charm_terms(spec)
        said = numbers(terms)
        wanted = ([spec.uses] if isinstance(spec.uses, int) else []) + ([spec.fee] if spec.fee else [])
        assert said == wanted and "{" not in terms, (spec.id, terms)
        assert tr(f"charm_notes.terms.{spec.uses}") in terms if spec.uses in ("session", "deal") else True
    session, deal = (charm_terms(dataclasses.replace(known["encore"], uses=uses)) for uses in ("session", "deal"))
    assert session != deal
    if code == "en":
        assert charm_terms(known["cut_in"]) == "Once a session · 2 chips into the pot a use"
        assert charm_terms(known["glimpse"]) == "3 uses a session · No fee"


def test_the_shop_and_new_games_card_show_the_terms(app: App, known: dict[str, CharmSpec]) -> None:
    from game.app.scenes.charm_shop import CharmShopScene
    from game.campaign.roads import CHARMS_PATH, Road
    from game.shots.charm_modes import charmed_road

    progress, _ = charmed_road()
    scene = CharmShopScene(app, Road.of(app.data_dir, progress, path=CHARMS_PATH))
    for charm_id in scene.offers():
        line, terms = scene.offer_words(charm_id)
        assert terms == charm_terms(known[charm_id]) and line
    new_game = NewGameScene(app, seed=3)
    assert new_game.charms.known["cut_in"] == known["cut_in"]


@pytest.mark.parametrize("code", LANGUAGES)
def test_encore_not_offered_is_said_by_the_engines_test(code: str, known: dict[str, CharmSpec]) -> None:
    game.locale.set_language(code)
    encore = known["encore"]
    per = encore.param("per")
    held = [(encore, 1)]
    for won in range(0, 3 * per):
        missed = hit_again_missed(held, won, 40, [40, 40])
        assert (missed is None) == (won // per >= 1), won  # R39: lawful from one chip a player
        if missed is not None:
            said = str(missed)
            assert tr("charms.encore.name") in said and str(per) in said and "{" not in said
    assert hit_again_missed([(encore, 0)], 1, 40, [40]) is None  # no use left: nothing to explain
    assert hit_again_missed([(known["glimpse"], 3)], 1, 40, [40]) is None
    broke = hit_again_missed(held, 2 * per, 40, [0, 0])
    assert broke is not None and str(broke) != str(hit_again_missed(held, 1, 40, [0, 0]))


def test_the_status_line_says_why_encore_was_not_offered_once(known: dict[str, CharmSpec]) -> None:
    model = TableModel(RuleSet(), [("You", None), ("Maud", None), ("Dex", None)])
    model.charms.sync([[(known["encore"], 1)], [], []])
    model.note(BoodleWon(0, Card.parse("KH"), 4))
    assert model.status.count("Encore") == 1 and "K♥" in model.status and "6" in model.status, model.status
    model.note(BoodleWon(0, Card.parse("QC"), 12))  # offered: nothing to explain
    assert "Encore" not in model.status
    model.note(BoodleWon(1, Card.parse("JD"), 2))  # another's hit
    assert "Encore" not in model.status
    bare = TableModel(RuleSet(), [("You", None), ("Maud", None), ("Dex", None)])
    bare.note(BoodleWon(0, Card.parse("KH"), 4))
    model.charms.sync([[], [], []])
    model.note(BoodleWon(0, Card.parse("KH"), 4))
    assert model.status == bare.status  # without charms, the line as before


def played(charms: list[tuple[CharmSpec, ...]] | None, seed: int = 5) -> list[Event]:
    rules = dataclasses.replace(default_rules(), players=3, deals=3)
    seats = [SeatInfo(name, "ai", None) for name in NAMES]
    session = Session(rules, seats, seed, charms)
    events: list[Event] = []
    play_session(session, [RandomAgent(f"{seed}:{seat}") for seat in range(3)], events.append)
    return events


def test_a_deal_record_notes_charm_uses_only_when_there_are_any(known: dict[str, CharmSpec]) -> None:
    plain = records_from_log(played(None))
    assert plain and all(record.charms == [] for record in plain)
    every = tuple(known.values())
    events = played([every, every, every])
    records = records_from_log(events)
    used = [(event.player, event.charm, event.pot) for event in events if event.type == "charm"]
    assert used and [(n.player, n.charm, n.fee) for record in records for n in record.charms] == used


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_summary_tells_each_charm_use_and_nothing_without(app: App, code: str) -> None:
    game.locale.set_language(code)
    model = TableModel(RuleSet(), [("You", None)] + [(c.name, c) for c in map(load_character_by_id, ("maud", "dex"))])
    plain = DealRecord(1, 0, [40, 40, 40], stops=2)
    charmed = dataclasses.replace(plain, charms=[CharmNote(1, "cut_in", 0, 2), CharmNote(0, "encore", 3, 0),
                                                 CharmNote(2, "glimpse", 0, 0)])
    before = [words for words, _ in DealSummaryScene(app, model, plain, lambda: None).lines()]
    after = [words for words, _ in DealSummaryScene(app, model, charmed, lambda: None).lines()]
    told = [line for line in after if line not in before]
    assert len(after) == len(before) + 3 and told == charm_summary_lines(charmed.charms, lambda s: s == 0, model.name)
    assert model.name(1) in told[0] and numbers(told[0]) == [2] and numbers(told[1]) == [3]
    assert model.name(2) in told[2]
    assert not numbers(told[2]) and all("{" not in line and line.rstrip().endswith(".") for line in told)
    if code == "en":
        assert told == [f"{model.name(1)} used Cut In (2 chips into the pot).",
                        "You used Encore: 3 chips from the others.", f"{model.name(2)} used Glimpse."]


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_charm_used_again_is_one_line_with_its_count(code: str) -> None:
    game.locale.set_language(code)
    names = {1: "Maud"}
    notes = [CharmNote(0, "free_rein", 0, 0), CharmNote(1, "cut_in", 0, 2), CharmNote(0, "free_rein", 0, 0),
             CharmNote(1, "cut_in", 0, 2), CharmNote(1, "cut_in", 0, 2), CharmNote(0, "encore", 3, 0),
             CharmNote(0, "encore", 2, 0)]
    told = charm_summary_lines(notes, lambda s: s == 0, names.__getitem__)
    assert len(told) == 3 and all("{" not in line for line in told)  # one a seat and charm, in first-use order
    assert str(charm_title("free_rein")) in told[0] and tr("charm_keys.twice").strip() in told[0]
    assert "Maud" in told[1] and numbers(told[1]) == [3, 6]  # three uses, their fees summed
    assert numbers(told[2]) == [5] and tr("charm_keys.twice").strip() in told[2]  # twice, the chips paid summed
    once = charm_summary_lines(notes[:2], lambda s: s == 0, names.__getitem__)
    assert numbers(once[0]) == [] and numbers(once[1]) == [2]  # once: no count
    if code == "en":
        assert told == ["You used Free Rein twice.", "Maud used Cut In 3 times (6 chips into the pot).",
                        "You used Encore twice: 5 chips from the others."]


@pytest.mark.parametrize("mode", [0, 1, 2])
def test_no_new_game_tooltip_covers_the_boxs_heading(app: App, mode: int) -> None:
    scene = NewGameScene(app, seed=1)
    app.scenes.clear_to(scene)
    scene.charms.mode, scene.charms.charm = mode, "cut_in" if mode else ""
    scene._build()
    heading = scene.note_avoid()[0]
    placed = 0
    for index, control in enumerate(scene.form.controls):
        box = scene.note_box(index)
        if box is None:
            continue
        placed += 1
        assert not box.colliderect(heading), (index, getattr(control, "tooltip", ""), box, heading)
    assert placed > 5
    rows = [i for i, control in enumerate(scene.form.controls) if getattr(control, "charm_row", False)]
    assert rows and all(scene.note_box(i) is not None for i in rows[:1])


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_dealt_charms_line_is_a_sentence_like_its_siblings(code: str) -> None:
    game.locale.set_language(code)
    for key in ("free_charms.dealt_tip", "free_charms.who.none", "free_charms.who.yours", "free_charms.who.every"):
        assert tr(key).endswith("."), (code, key, tr(key))




def test_the_charm_word_pictures_show_what_they_say(tmp_path: Path) -> None:
    from game.shots.charm_words import charm_word_shots

    app = make_app(tmp_path / "data")
    try:
        paths = charm_word_shots(app, tmp_path / "shots")
    finally:
        app.scenes.close()
    assert [p.name for p in paths] == ["02c_new_game_charm.png", "21h_charm_cut_in.png", "21i_charm_summary.png"]
    assert all(p.stat().st_size > 10_000 for p in paths)
