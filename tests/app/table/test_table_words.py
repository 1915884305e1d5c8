"""The table's words follow the language: the status band, the buttons, the board's rank letters, the hover
reasons, the summary and the results; and in every language, at 3 and 8 players, no words are cut."""

from __future__ import annotations

import dataclasses

import pygame
import pytest
from app_helpers import text_keys, top

from game.ai.registry import character_ids, load_character_by_id
from game.app.app import App
from game.app.scenes.deal_summary import DealSummaryScene
from game.app.table.model import stop_words
from game.app.table.scene import TableScene
from game.app.table.words import lead_refusal
from game.config import rules_by_name
from game.engine.cards import Card, parse_cards
from game.engine.decisions import BuyDeadDecision, FollowDecision
from game.locale import LANGUAGES, set_language

FAST = [c for c in character_ids() if c != "expert"]  # the expert searches: slow for a test


def table(app: App, players: int, seed: int = 7, deals: int | None = None) -> TableScene:
    """A table with the human in seat 0 and quick characters round it, pushed on the app."""
    rules = dataclasses.replace(rules_by_name("classic"), players=players, deals=deals)
    seats = [("You", None)] + [(c.name, c) for c in (load_character_by_id(FAST[(i * 3) % len(FAST)])
                                                      for i in range(players - 1))]
    scene = TableScene.seated(app, rules, seats, seed)
    app.scenes.clear_to(scene)
    return scene


def rendered(app: App) -> str:
    """Every text the cache has drawn, as one string (its keys hold the words)."""
    return " ".join(str(key) for key in app.text._surfaces)


def board_letters(app: App) -> set[object]:
    """The words drawn in the board's condensed 13 px face: the rank letters of its cards."""
    return {entry[1] for entry in text_keys(app)
            if entry[0] == "plain" and entry[2] == "condensed" and entry[3] == 13}


def draw(app: App) -> None:
    app.draw(app.screen)


def test_the_status_band_and_the_buttons_follow_a_language_switch(app: App) -> None:
    scene = table(app, 4)
    assert scene.fast_forward_until(lambda t: t.human.kind == "lead")
    draw(app)
    assert scene.human.buttons[0].label.startswith("Lead ") and "Your turn to lead" in rendered(app)
    set_language("fr")
    scene.relabel()
    draw(app)
    labels = [button.label for button in scene.human.buttons]
    assert labels[0].startswith("Entamer ") and labels[-1] == "Conseil"
    assert "À vous d'entamer" in rendered(app) and "Main morte" in rendered(app)
    set_language("nl")
    scene.relabel()
    draw(app)
    assert scene.human.buttons[0].label.startswith("Uitkomen") and "Jij komt uit" in rendered(app)


def test_the_board_shows_the_languages_rank_letters(app: App) -> None:
    set_language("fr")
    table(app, 3)
    draw(app)
    letters = board_letters(app)
    assert {"V", "D", "R", "A", "10"} <= letters and not {"J", "Q", "K"} & letters
    set_language("nl")
    top(app, TableScene).relabel()
    draw(app)
    letters = board_letters(app)
    assert {"B", "V", "H"} <= letters


def test_hover_reasons_and_stops_are_worded_from_the_engines_data() -> None:
    classic = rules_by_name("classic")
    hand = list(parse_cards(["3C", "5C", "7H", "QD"]))
    options = parse_cards(["3C", "7H", "QD"])
    set_language("fr")
    assert lead_refusal(Card.parse("5C"), hand, options, classic, None) == "Entamez votre plus petit ♣ : 3♣"
    assert stop_words(Card.parse("KH"), "king", False) == "Arrêt : Roi — R♥ clôt la suite"
    assert stop_words(Card.parse("9C"), "dead_hand", False) == "Arrêt : 10♣ est dans la main morte"
    assert stop_words(Card.parse("10C"), "already_played", False) == "Arrêt : V♣ a déjà été joué"
    after_hearts = parse_cards(["3C"])
    colour = dataclasses.replace(classic, switch_to="other_colour")
    assert lead_refusal(Card.parse("7H"), hand, after_hearts, colour, 1) == \
        "Après un arrêt à ♥, entamez dans une couleur noire"
    set_language("nl")
    assert lead_refusal(Card.parse("5C"), hand, options, classic, None) == "Kom uit met je laagste ♣: 3♣"
    assert stop_words(Card.parse("JS"), "dead_hand", False) == "Stop: V♠ zit in de dode hand"


def test_a_hovered_card_says_why_in_french(app: App) -> None:
    set_language("fr")
    scene = table(app, 4)
    assert scene.fast_forward_until(lambda t: t.human.kind == "lead" and
                                    any(c not in t.human.lawful for c in t.model.hand))
    card, rect = next((c, r) for c, r in scene.human.hand_rects() if c not in scene.human.lawful
                      and scene.human.card_at(r.center) is c)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(1 / 60)
    reason = scene.human.refusal(card)
    assert reason.startswith(("Entamez", "Après un arrêt", "Vous ne pouvez pas"))
    draw(app)
    assert reason in rendered(app)


def every_moment(app: App, players: int, seed: int) -> set[str]:
    """Draw a table through staking, leading with the hint and a tooltip, a stop, the summary and the results;
    the moments seen."""
    seen: set[str] = set()
    scene = table(app, players, seed, deals=1)
    draw(app)
    if scene.fast_forward_until(lambda t: t.human.kind == "stake", play_for_human=False):
        seen.add("stake")
        scene.human.add_chip(0)
        draw(app)
        scene.human.hover_button = 2  # "Confirm (3 left)" says how many are left
        draw(app)
        scene.human.spread_evenly()
        scene.human.confirm_stake()
    if scene.fast_forward_until(lambda t: t.human.kind == "lead"):
        seen.add("lead")
        draw(app)
        scene.human.ask_hint()
        scene.human.finish_hint()
        draw(app)
        scene.human.hover_button = 0
        draw(app)
        scene.human.hover_button = None
        for card in scene.model.hand:
            scene.human.hover_card = card
            draw(app)
        scene.human.hover_card = None
        # the dealer's question and an optional follow, as the other rules ask them, with every tooltip
        lead, view = scene.human.decision, scene.human.view
        assert lead is not None and view is not None
        for other in (BuyDeadDecision(0, 12), FollowDecision(0, scene.model.hand[0])):
            scene.human.offer(other, view)
            scene.human.hint_words = None
            scene.human.ask_hint()
            scene.human.finish_hint()
            for i in range(len(scene.human.buttons)):
                scene.human.hover_button = i
                draw(app)
            scene.human.hover_card = scene.model.hand[-1]
            scene.human.hover_button = None
            draw(app)
            scene.human.hover_card = None
        scene.human.offer(lead, view)
    if scene.fast_forward_until(lambda t: t.model.status_is_stop):
        seen.add("stop")
        draw(app)
    if scene.fast_forward_until(lambda t: t.summary is not None):
        seen.add("summary")
        draw(app)
    if scene.fast_forward_until(lambda t: t.results is not None):
        seen.add("results")
        draw(app)
    return seen


@pytest.mark.slow
@pytest.mark.parametrize("language", sorted(LANGUAGES))
@pytest.mark.parametrize("players", (3, 8))
def test_no_words_are_cut_at_the_table_in_any_language(app: App, language: str, players: int) -> None:
    set_language(language)
    app.text.overflows.clear()
    assert every_moment(app, players, 11 + players) >= {"lead", "stop", "summary", "results"}
    # and the banners: a cut, a deal, a stop, going out, a player out, the time limit
    scene = table(app, players, 5)
    for _ in range(400):
        scene.update(1 / 60)
        if scene.human.decision is not None:
            break
    draw(app)
    scene._time_up()
    draw(app)
    assert not app.text.overflows, sorted(app.text.overflows)


def test_a_switch_through_the_app_rewords_the_summary_over_the_table(app: App) -> None:
    scene = table(app, 4)
    assert scene.fast_forward_until(lambda t: t.summary is not None)
    summary = scene.summary
    assert isinstance(summary, DealSummaryScene) and summary.button.label == "Next deal"
    app.set_language("fr")
    assert summary.button.label == "Donne suivante"
    draw(app)
    words = rendered(app)
    assert "Joueur" in words and "Main morte" in words and "Dead hand" not in words
    app.set_language("en")
    scene.close_summary()
    assert scene.fast_forward_until(lambda t: t.human.kind == "lead")
    app.set_language("it")
    assert scene.human.buttons[0].label.startswith("Apri con ") and scene.turn_words == "Tocca a te aprire"
