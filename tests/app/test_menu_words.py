"""The menu scenes' words in every language: how to play fitted to the rules in play, and nothing cut or spilling."""

from __future__ import annotations

import dataclasses
import string
from pathlib import Path

import app_helpers
import pygame
import pytest
import yaml
from app_helpers import crossings_of, large_print

from game.app.app import App
from game.app.form import Choice
from game.app.scene import Scene
from game.app.scenes.how_to_play import HowToPlayScene, rule_sections
from game.app.scenes.new_game.scene import NewGameScene
from game.app.scenes.settings import SettingsScene
from game.app.scenes.statistics import StatisticsScene
from game.app.scenes.title import TitleScene
from game.app.tooltips import draw_tooltip
from game.app.widgets import PAD_X, Button
from game.config import RULES_DIR, load_rules
from game.engine.cards import Card
from game.engine.rules import BuyDeadHand, RuleSet
from game.locale import LANGUAGES, LOCALES_DIR, set_language
from game.locale.cards import card_label
from game.shots.extra import sample_statistics

LANGS = tuple(LANGUAGES)
AREAS = ("how_to_play", "new_game", "statistics")
SHIPPED = ("classic", "michigan", "saratoga", "chicago", "house")
# every other branch of the pages' wording: optional following, another colour, passing the lead, a first-lead
# card, no deal limit, nothing paid per card, the dealer staking double, buying the dead hand
ODD = RuleSet(name="Odd", follow="optional", switch_to="other_colour", when_unable="pass_left", first_lead="2D",
              deals=None, per_card_payment=0, dealer_ante_multiplier=3, staking="even", ante_boodle=8,
              boodle_cards=tuple(Card.parse(c) for c in ("10H", "JS")), starting_chips=77,
              buy_dead_hand=BuyDeadHand(True, 6))
ANY_SUIT = RuleSet(name="Epsom", switch_suit=False)


def rules_files() -> list[RuleSet]:
    return [load_rules(RULES_DIR / f"{name}.yaml") for name in SHIPPED] + [ODD, ANY_SUIT]


def fits(app: App, button: Button) -> bool:
    """The button's label fits its label box at its own size, inside the margins."""
    box = button.label_box(app.text)
    return app.text.width(button.label, "bold", button.size) <= box.width and \
        box.left >= button.rect.left + PAD_X and box.right <= button.rect.right - PAD_X


def spilled(app: App, scene: Scene) -> set[str]:
    """The words that were cut or drawn off the screen when `scene` is drawn from a cold cache, with the
    tooltip of every control of its form."""
    app.text.clear()
    app.text.overflows.clear()
    app.draw(app.screen)
    for control in getattr(getattr(scene, "form", None), "controls", []):
        if control.tooltip:
            draw_tooltip(app.screen, app.text, control.tooltip, control.rect)
    tight = {f"button {control.label!r}" for control in getattr(getattr(scene, "form", None), "controls", [])
             if isinstance(control, Button) and not fits(app, control)}
    return set(app.text.overflows) | tight


def on_screen(app: App) -> str:
    """Every text the cache has rendered, as one string."""
    return " ".join(str(key[1]) for key in app.text._surfaces if isinstance(key, tuple) and len(key) > 1)


# --- the locale files of these scenes --------------------------------------------------------------------

def _flat(data: dict[str, object], prefix: str = "") -> dict[str, object]:
    out: dict[str, object] = {}
    for key, value in data.items():
        if isinstance(value, dict):
            out.update(_flat(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = value
    return out


def _placeholders(value: object) -> set[str]:
    values = value if isinstance(value, list) else [value]
    return {field for item in values for _, field, _, _ in string.Formatter().parse(str(item)) if field}


@pytest.mark.parametrize("area", AREAS)
def test_every_language_has_the_same_keys_and_placeholders(area: str) -> None:
    english = _flat(yaml.safe_load((LOCALES_DIR / "en" / f"{area}.yaml").read_text(encoding="utf-8")))
    for code in LANGS:
        words = _flat(yaml.safe_load((LOCALES_DIR / code / f"{area}.yaml").read_text(encoding="utf-8")))
        assert set(words) == set(english), (code, set(words) ^ set(english))
        for key, value in english.items():
            assert _placeholders(words[key]) == _placeholders(value), (code, key)


# --- how to play -------------------------------------------------------------------------------------------

def test_how_to_play_has_the_same_pages_in_every_language_with_the_rules_values() -> None:
    counts = set()
    for code in LANGS:
        set_language(code)
        for rules in rules_files():
            pages = rule_sections(rules)
            counts.add(len(pages))
            words = {i: " ".join(page.paragraphs) for i, page in enumerate(pages)}
            titles = [page.title for page in pages]
            assert len(set(titles)) == len(titles), (code, titles)
            antes, setup, deal, settings = words[2], words[1], words[3], words[10]
            for card in rules.boodle_cards:  # in the language's own rank letters
                assert card_label(card) in antes and card_label(card) in settings, (code, rules.name, card)
            assert str(rules.starting_chips) in setup and str(rules.starting_chips) in settings
            assert str(rules.ante_pot) in antes and str(rules.ante_boodle) in antes
            assert str(rules.ante_boodle) in settings
            if rules.buy_dead_hand.enabled:
                assert str(rules.buy_dead_hand.fee) in deal and str(rules.buy_dead_hand.fee) in settings
            if rules.dealer_ante_multiplier > 1:
                assert str(rules.dealer_ante_multiplier) in antes and str(rules.dealer_ante_multiplier) in settings
            if rules.deals:
                assert str(rules.deals) in words[9] and str(rules.deals) in settings
            if rules.first_lead_card is not None:
                assert card_label(rules.first_lead_card) in words[4] and card_label(rules.first_lead_card) in settings
            if rules.follow == "optional":  # a fourth cause of a stop
                assert len(pages[5].paragraphs) == len(rule_sections(RuleSet())[5].paragraphs) + 1
    assert len(counts) == 1
    set_language("fr")
    michigan = " ".join(" ".join(p.paragraphs) for p in rule_sections(load_rules(RULES_DIR / "michigan.yaml")))
    assert "A♠, R♠, D♠, V♠" in michigan and "main morte" in michigan and "4 jetons" in michigan
    set_language("nl")
    classic = " ".join(" ".join(p.paragraphs) for p in rule_sections(RuleSet()))
    assert "A♠, H♥, V♣, B♦" in classic and "dode hand" in classic and "pot" in classic
    set_language("it")
    assert "mano morta" in " ".join(" ".join(p.paragraphs) for p in rule_sections(RuleSet()))
    set_language("pt")
    assert "mão morta" in " ".join(" ".join(p.paragraphs) for p in rule_sections(RuleSet()))


@pytest.mark.slow
@pytest.mark.parametrize("code", LANGS)
@pytest.mark.parametrize("players", (3, 8))
def test_every_page_of_how_to_play_fits_its_box(app: App, code: str, players: int) -> None:
    app.set_language(code)
    for rules in rules_files():
        rules = dataclasses.replace(rules, players=players)
        scene = HowToPlayScene(app, rules)
        app.scenes.clear_to(scene)
        for index in range(len(scene.sections)):
            scene.show(index)
            assert scene._overflow() == 0, (code, rules.name, scene.sections[index].title)  # no scrolling needed
            assert not spilled(app, scene), (code, rules.name, index, spilled(app, scene))


def test_how_to_play_turns_its_pages_and_follows_a_language_switch(app: App) -> None:
    scene = HowToPlayScene(app, load_rules(RULES_DIR / "house.yaml"), section=2)
    app.scenes.push(scene)
    app_helpers.key(app, pygame.K_RIGHT)
    assert scene.index == 3
    english = [section.title for section in scene.sections]
    app.set_language("it")
    assert scene.index == 3 and len(scene.sections) == len(english)
    assert [section.title for section in scene.sections] != english
    tab = scene.form.controls[3]
    assert isinstance(tab, Button) and tab.label == scene.sections[3].title and scene.back_button.label == "Indietro"
    app_helpers.key(app, pygame.K_LEFT)
    assert scene.index == 2 and "R♥" in " ".join(scene.sections[2].paragraphs)


# --- new game ------------------------------------------------------------------------------------------

BROKEN = "name: Broken\nante_boodle: -3\nstaking: sideways\nboodle_cards: [AS, XX]\n"


@pytest.mark.slow
@pytest.mark.parametrize("code", LANGS)
@pytest.mark.parametrize("players", (3, 8))
def test_new_game_fits_in_every_language(app: App, tmp_path: Path, code: str, players: int) -> None:
    app.set_language(code)
    scene = NewGameScene(app, seed=4, locks={})
    app.scenes.clear_to(scene)
    scene._set_players(players - 3)
    scene.random_table()
    for length in range(3):  # every length shows its own amount row
        scene._set_length(length)
        assert not spilled(app, scene), (code, length, spilled(app, scene))
    locked = scene.characters[0].id
    scene = NewGameScene(app, seed=4, locks={f"character:{locked}": "The Long Road Inn", "rules:house": "Ascot"})
    app.scenes.clear_to(scene)
    scene._set_players(players - 3)
    scene.toggle(0)  # refused, with a note; the bio says how to unlock
    assert scene.flash and 0 not in scene.chosen
    assert not spilled(app, scene), (code, spilled(app, scene))
    house = [i for i, entry in enumerate(scene.entries) if entry.path.stem == "house"][0]
    scene.choose_rules(house)
    assert not spilled(app, scene), (code, spilled(app, scene))
    scene.random_table()
    scene.toggle(scene.seatable()[-1])
    scene.say("x")
    scene.flash_time = 0.0
    assert not spilled(app, scene), (code, spilled(app, scene))
    rules_dir = tmp_path / f"rules_{code}_{players}"
    rules_dir.mkdir()
    (rules_dir / "classic.yaml").write_bytes((RULES_DIR / "classic.yaml").read_bytes())
    (rules_dir / "broken.yaml").write_text(BROKEN, encoding="utf-8")
    scene = NewGameScene(app, rules_folders=[rules_dir], seed=4, locks={})
    app.scenes.clear_to(scene)
    row = [c for c in scene.form.controls if getattr(c, "rules_slot", None) == 0][0]
    scene.form.focus_on(row)  # the broken file has the focus: its frame and problem lines show
    scene.choose_rules(0)
    assert scene.flash
    assert not spilled(app, scene), (code, spilled(app, scene))


def test_switching_language_changes_the_new_game_words(app: App) -> None:
    scene = NewGameScene(app, seed=4, locks={})
    app.scenes.push(scene)
    scene.choose_rules([i for i, entry in enumerate(scene.entries) if entry.path.stem == "classic"][0])  # R♥ below
    app.step(0.0)

    def labels() -> list[str]:
        return [control.label for control in scene.form.controls if isinstance(control, (Button, Choice))]
    english = labels()
    assert "Players" in english and "Start" in english
    values = [c.options[c.index] for c in scene.form.controls if isinstance(c, Choice)]
    app.set_language("fr")
    french = labels()
    assert "Joueurs" in french and "Commencer" in french and "Players" not in french
    assert [c.options[c.index] for c in scene.form.controls if isinstance(c, Choice)] != values
    scene.toggle(0)
    app.draw(app.screen)
    rendered = on_screen(app)
    assert "Adversaires" in rendered and "Fichier de règles" in rendered and "R♥" in rendered
    app.set_language("nl")
    assert "Spelers" in labels() and "Beginnen" in labels()
    app.set_language("en")
    assert labels() == english


# --- statistics ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("code", LANGS)
def test_statistics_fit_in_every_language(app: App, code: str) -> None:
    app.set_language(code)
    for statistics in (None, sample_statistics()):
        scene = StatisticsScene(app, statistics)
        app.scenes.clear_to(scene)
        assert not spilled(app, scene), (code, spilled(app, scene))
        assert all(fits(app, button) for button in scene.menu.buttons)


def test_statistics_follow_a_language_switch(app: App) -> None:
    scene = StatisticsScene(app, sample_statistics())
    app.scenes.push(scene)
    assert scene.menu.buttons[0].label == "Back"
    app.set_language("pt")
    assert scene.menu.buttons[0].label == "Voltar"
    app.draw(app.screen)
    rendered = on_screen(app)
    assert "Fichas ao longo do tempo" in rendered and "Contra cada personagem" in rendered


# --- at the largest text size --------------------------------------------------------------------------

def crowded(app: App, scene: Scene, *, tips: bool = True) -> set[str]:
    """The words cut or off the screen (with the form's tooltips, when the scene shows them as such), and every
    word the scene lays across another or has a panel cut (its tooltips, drawn over it on purpose, aside); a
    button may shrink its label to its room at this size, so long as nothing is cut."""
    cut = {words for words in spilled(app, scene) if not words.startswith("button ")} if tips else set()
    app.text.overflows.clear()
    crossings = crossings_of(lambda: app.draw(app.screen))
    return cut | crossings | app.text.overflows


@pytest.mark.parametrize("code", LANGS)
def test_menu_scenes_keep_their_words_whole_and_apart_at_150_percent(app: App, code: str) -> None:
    app.set_language(code)
    large_print(app)
    assert not crowded(app, app.scenes.clear_to(TitleScene(app))), code
    scene = NewGameScene(app, seed=4)  # a new player's: most of the cast still locked by the road
    app.scenes.clear_to(scene)
    for index in (3, 0):  # the second refused: the locked character's bio and the note under the panels
        scene.toggle(index)
    assert not crowded(app, scene), (code, crowded(app, scene))
    scene._set_players(8 - 3)  # more seats than the unlocked cast: the guests' line under the bio
    scene.focused_character = 0
    scene.flash_time = 0.0
    assert not crowded(app, scene), (code, crowded(app, scene))
    settings = SettingsScene(app)
    app.scenes.clear_to(settings)
    for page in range(2):
        settings.show_page(page)
        for row in range(len(settings.form.controls)):  # each row's note beside the deck
            settings.form.focus = row
            assert not crowded(app, settings, tips=False), (code, page, row, crowded(app, settings, tips=False))
    how = HowToPlayScene(app, load_rules(RULES_DIR / "house.yaml"))
    app.scenes.clear_to(how)
    for index in range(len(how.sections)):
        how.show(index)
        assert not crowded(app, how), (code, index, crowded(app, how))
    for statistics in (None, sample_statistics()):
        assert not crowded(app, app.scenes.clear_to(StatisticsScene(app, statistics))), code
