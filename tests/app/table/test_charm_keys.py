"""Charms at the table need a deliberate act (R31): a charm moment's focus starts on letting it pass, so Enter (the
key that goes on everywhere else) spends nothing; a charm with a target takes a card only once the player has chosen
one; and a charm's key or tile out of its moment says why on the status line, in every language."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from app.table.test_charm_tray import charm_table, click, key, last_action, pad
from app_helpers import instant_app

import game.locale
from game.app import word_overlaps
from game.app.app import App
from game.app.pad_words import show_pad
from game.app.table.charms.choice import CharmChoice
from game.app.table.charms.places import shown_tiles
from game.app.table.charms.refusal import charm_refusal
from game.app.table.charms.words import charm_name
from game.app.table.scene import TableScene
from game.config.charm_file import load_charms
from game.engine.cards import Card
from game.engine.decisions import CharmAction, CharmDecision, CharmUse
from game.engine.events import Charm
from game.locale import LANGUAGES, tr
from game.locale.words import Words


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    made = instant_app(tmp_path)
    yield made
    made.scenes.close()
    made.speech.close()
    show_pad(False)


def uses_left(scene: TableScene) -> list[int]:
    return [left for _, left in scene.model.charms.of(0)]


def test_a_charm_moment_starts_on_letting_it_pass_and_a_bare_enter_spends_nothing(app: App) -> None:
    scene = charm_table(app)
    choice = scene.human.charm
    assert choice is not None and choice.focused is None and choice.picked is None
    assert scene.human.buttons[0].label == tr("charm_tray.button.pass")  # the button Enter presses
    before = uses_left(scene)
    key(app, pygame.K_RETURN)
    assert last_action(scene) == CharmAction(0, None)
    assert not any(isinstance(event, Charm) for event in scene.table.log) and uses_left(scene) == before


def test_a_controller_s_a_at_a_charm_moment_lets_it_pass(app: App) -> None:
    scene = charm_table(app)
    pad(app, pygame.CONTROLLER_BUTTON_A)
    assert last_action(scene) == CharmAction(0, None)


def test_the_arrows_go_round_the_charms_and_letting_it_pass(app: App) -> None:
    scene = charm_table(app)
    choice = scene.human.charm
    assert choice is not None
    seen = []
    for _ in range(len(choice.charms) + 1):
        key(app, pygame.K_RIGHT)
        seen.append(choice.focused)
    assert seen == [*choice.charms, None]
    key(app, pygame.K_LEFT)
    assert choice.focused == choice.charms[-1]


@pytest.mark.parametrize("how", ["key", "tile"])
def test_enter_on_a_charm_with_a_target_takes_no_card_until_one_is_chosen(app: App, how: str) -> None:
    scene = charm_table(app)
    choice = scene.human.charm
    assert choice is not None
    if how == "key":
        key(app, pygame.K_F2)  # Sleight of Hand: which card goes?
    else:
        click(app, shown_tiles(scene.layout, choice.slots(), 4)[1].center)
    actions, hand = len(scene.table.actions), list(scene.model.hand)
    assert choice.picked == "sleight" and choice.target is None
    assert not scene.human.buttons[0].enabled and scene.human.buttons[0].label == tr("charm_keys.pick_button")
    assert scene.human.prompt()[1] == tr("charm_keys.target")  # the keys say to choose a card
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    assert len(scene.table.actions) == actions and scene.human.kind == "charm" and scene.model.hand == hand
    assert str(scene.model.status) == tr("charm_keys.choose_card")
    key(app, pygame.K_RIGHT)  # the player chooses a card: Enter takes it
    chosen = choice.target
    assert chosen is not None and scene.human.buttons[0].enabled
    key(app, pygame.K_RETURN)
    assert last_action(scene) == CharmAction(0, CharmUse("sleight", chosen))


def test_the_lock_s_enter_waits_for_a_card_too(app: App) -> None:
    scene = charm_table(app)
    key(app, pygame.K_F3)
    actions = len(scene.table.actions)
    key(app, pygame.K_RETURN)
    assert len(scene.table.actions) == actions and scene.model.locked == set()


def test_a_charm_s_key_and_tile_out_of_its_moment_say_when_it_may_be_used(app: App) -> None:
    scene = charm_table(app)
    key(app, pygame.K_n)  # the deal's moment let pass
    assert scene.fast_forward_until(lambda t: t.human.kind in ("lead", "follow"))
    app.step(1 / 60)
    decision, actions = scene.human.decision, len(scene.table.actions)
    key(app, pygame.K_F1)
    assert str(scene.model.status) == "Glimpse: only just after the deal."
    scene.model.set_status(None)
    click(app, shown_tiles(scene.layout, frozenset(), 4)[3].center)  # Cut In's tile
    assert str(scene.model.status) == "Cut In: only just after a stop."
    assert scene.human.decision is decision and len(scene.table.actions) == actions  # nothing sent, nothing changed
    key(app, pygame.K_F8)  # no charm in that slot: nothing said
    assert str(scene.model.status) == "Cut In: only just after a stop."


@pytest.mark.parametrize("code", LANGUAGES)
def test_why_a_charm_cannot_be_used_now_is_said_in_every_language(code: str) -> None:
    game.locale.set_language(code)
    known = load_charms()
    glimpse, dam, cut_in = known["glimpse"], known["dam"], known["cut_in"]
    said = {
        "moment": str(charm_refusal(glimpse, 2, 40, None, None)),
        "other moment": str(charm_refusal(cut_in, 1, 40, None, "after_deal")),
        "spent": str(charm_refusal(glimpse, 0, 40, None, "after_deal")),
        "fee": str(charm_refusal(cut_in, 1, cut_in.fee - 1, None, "stop")),
        "idle": str(charm_refusal(dam, 1, 40, "follow", "follow")),
        "nothing to do": str(charm_refusal(glimpse, 2, 40, None, "after_deal")),
    }
    assert all(words and "{" not in words for words in said.values()), said
    assert len(set(said.values())) == len(said)  # each reason its own words
    assert tr("charm_keys.when.after_deal") in said["moment"] and tr("charm_keys.when.stop") in said["other moment"]
    assert str(cut_in.fee) in said["fee"] and str(cut_in.fee - 1) in said["fee"]
    assert tr("charm_keys.idle", charm=charm_name("dam")) == said["idle"]
    if code == "en":
        assert said["spent"] == "Glimpse: no uses left."
        assert said["nothing to do"] == "That charm cannot be used now."


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_card_to_choose_and_every_reason_fit_at_large_print(app: App, code: str) -> None:
    app.set_language(code)
    app.change_settings(dataclasses.replace(app.settings, text_size=150), remember=False)
    known = load_charms()
    scene = charm_table(app, 8)
    key(app, pygame.K_F2)  # the keys that ask for a card, under the question
    reasons = [charm_refusal(known["dam"], 1, 40, "follow", "follow"),
               charm_refusal(known["cut_in"], 1, 1, None, "stop"), charm_refusal(known["sleight"], 0, 40, None, None),
               charm_refusal(known["cut_in"], 1, 40, None, None),
               Words.of("charm_keys.choose_card")]
    for words in reasons:
        scene.model.set_status(words)
        crossings = word_overlaps.start()
        try:
            app.draw(app.screen)
        finally:
            word_overlaps.stop()
        assert not crossings and not app.text.overflows, (code, str(words), app.text.overflows)
        app.text.overflows.clear()


def test_a_charm_with_one_card_shows_it_before_it_goes_down() -> None:
    two = Card.parse("2D")
    lead = CharmDecision(0, "lead", (CharmUse("free_rein", two),))
    choice = CharmChoice(lead, ["glimpse", "free_rein"])
    assert choice.choose_slot(1) is None  # its key alone leads nothing
    assert choice.picked == "free_rein" and choice.target == two  # the one card, shown for Enter to confirm
    assert choice.confirm() == CharmAction(0, CharmUse("free_rein", two))
    peek = CharmChoice(CharmDecision(0, "after_deal", (CharmUse("glimpse", None),)), ["glimpse"])
    assert peek.choose_slot(0) == CharmAction(0, CharmUse("glimpse", None))  # no card to see: used at once


def test_why_not_goes_from_the_status_line_at_the_next_decision(app: App) -> None:
    scene = charm_table(app)
    key(app, pygame.K_n)
    assert scene.fast_forward_until(lambda t: t.human.kind in ("lead", "follow"))
    app.step(1 / 60)
    key(app, pygame.K_F1)
    refused = scene.model.status_words
    assert str(scene.model.status) == "Glimpse: only just after the deal."
    decision, view = scene.human.decision, scene.human.view
    assert decision is not None and view is not None
    scene.human.offer(decision, view)  # the next decision, with no event between to write over the line
    assert scene.model.status_words is not refused and scene.human.refused is None
