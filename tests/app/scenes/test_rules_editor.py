"""The rules editor (issue 14, item 8), driven headless with posted events: settings changed with the form's
controls, cards picked from the deck grid, the summary following, the file saved, checked, commented, listed in
New game, and never replaced without asking; broken settings show the checker's words and write nothing."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from app.test_menu_words import crowded, spilled
from app_helpers import FRAME, click, key, large_print, make_app, top
from hypothesis import given, settings
from hypothesis import strategies as st

from game.app.app import App
from game.app.editor_widgets import Stepper, TextField
from game.app.form import Choice, Toggle
from game.app.scenes.confirm import ConfirmScene
from game.app.scenes.new_game.scene import NewGameScene
from game.app.scenes.rules_editor import scene as editor_module
from game.app.scenes.rules_editor.deck import DECK, card_rects
from game.app.scenes.rules_editor.model import RulesDraft, value_words
from game.app.scenes.rules_editor.piles import MOST_PILES
from game.app.scenes.rules_editor.scene import RulesEditorScene
from game.app.scenes.rules_lines import rules_summary
from game.config import RULES_DIR, load_rules, rules_by_name
from game.config.rules_file import load_rules_text, text_problem, trimmed_line
from game.config.rules_writer import rules_text, save_rules_file, stem_problem
from game.engine.cards import Card
from game.engine.rules import RuleSet
from game.engine.rules_keys import RULES_KEYS, RulesKey
from game.locale import LANGUAGES, tr

LANGS = tuple(LANGUAGES)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    made = make_app(tmp_path / "data")
    yield made
    made.scenes.close()


def open_editor(app: App) -> tuple[NewGameScene, RulesEditorScene]:
    """New game on classic, then its Edit button clicked."""
    new_game = NewGameScene(app, seed=3, locks={})
    app.scenes.clear_to(new_game)
    new_game.choose_rules(next(i for i, entry in enumerate(new_game.entries) if entry.path.stem == "classic"))
    app.step(FRAME)
    button = next(c for c in new_game.form.controls if getattr(c, "label", "") == "Edit rules…")
    click(app, button.rect.center)
    return new_game, top(app, RulesEditorScene)


def focus_row(app: App, editor: RulesEditorScene, name: str) -> None:
    """Move the focus to the setting's row with Down presses from the first row."""
    editor.form.focus = 1
    for _ in range(editor.row_keys.index(name)):
        key(app, pygame.K_DOWN)
    assert editor.row_keys[editor.form.focus - 1] == name


def type_text(app: App, words: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=words))
    app.step(FRAME)


def test_every_declared_key_has_a_row_of_its_kind(app: App) -> None:
    _, editor = open_editor(app)
    assert editor.row_keys == [key.name for key in RULES_KEYS]
    kinds = {key.name: key.kind for key in RULES_KEYS}
    for name, control in zip(editor.row_keys, editor.form.controls[1:]):
        expected = {"whole": Stepper, "flag": Toggle, "line": TextField}.get(kinds[name])
        if expected is not None:
            assert isinstance(control, expected), name


def test_editor_changes_a_number_a_card_and_a_flag_and_saves_a_file_new_game_lists(app: App) -> None:
    new_game, editor = open_editor(app)
    assert editor.draft.values["starting_chips"] == 40
    before = rules_summary(editor.draft.last_good)
    focus_row(app, editor, "starting_chips")
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_PAGEUP)
    assert editor.draft.values["starting_chips"] == 51
    assert any("51" in line for line in rules_summary(editor.draft.last_good))
    assert rules_summary(editor.draft.last_good) != before
    focus_row(app, editor, "buy_dead_hand.enabled")
    key(app, pygame.K_RETURN)
    assert editor.draft.values["buy_dead_hand.enabled"] is True
    focus_row(app, editor, "boodle_cards")
    key(app, pygame.K_RETURN)
    assert editor.picking is not None
    seven = card_rects(app.art, False)[DECK.index(Card.parse("7H"))]
    click(app, seven.center)
    key(app, pygame.K_ESCAPE)
    assert editor.picking is None and top(app, RulesEditorScene) is editor
    assert Card.parse("7H") in editor.draft.values["boodle_cards"]
    focus_row(app, editor, "name")
    for _ in range(len("Classic Newmarket")):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "Seven Hearts")
    assert editor.draft.values["name"] == "Seven Hearts"
    name_field = editor.name_field
    editor.form.focus_on(name_field)
    for _ in range(len(name_field.value)):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "sevens")
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    saved = app.data_dir / "rules" / "sevens.yaml"
    assert saved.exists()
    rules = load_rules(saved)
    assert (rules.name, rules.starting_chips, rules.buy_dead_hand.enabled) == ("Seven Hearts", 51, True)
    assert Card.parse("7H") in rules.boodle_cards
    text = saved.read_text(encoding="utf-8")
    assert "# Chips every player starts the session with." in text and "starting_chips: 51" in text
    assert new_game.rules is not None and new_game.rules.name == "Seven Hearts"  # listed and chosen


def test_saving_again_under_the_same_name_asks_first(app: App) -> None:
    _, editor = open_editor(app)
    editor.stem = "mine"
    editor.save()
    path = app.data_dir / "rules" / "mine.yaml"
    first = path.read_bytes()
    editor.change("per_card_payment", 3)
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    question = top(app, ConfirmScene)
    assert "mine.yaml" in question.question
    key(app, pygame.K_n)  # keep it
    assert path.read_bytes() == first and top(app, RulesEditorScene) is editor
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    key(app, pygame.K_y)
    assert load_rules(path).per_card_payment == 3


def test_a_broken_value_shows_the_checkers_words_and_writes_nothing(app: App) -> None:
    _, editor = open_editor(app)
    focus_row(app, editor, "starting_chips")
    for _ in range(4):
        key(app, pygame.K_PAGEDOWN)
    assert editor.draft.values["starting_chips"] == 0
    problems = editor.draft.problems()
    assert problems["starting_chips"] == ["0 cannot pay the first ante of 5"]
    app.text.clear()
    app.draw(app.screen)
    assert any("0 cannot pay the first ante of 5" in str(entry[1]) for entry in app.text._surfaces
               if isinstance(entry, tuple) and len(entry) > 1)
    editor.stem = "broken"
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert not (app.data_dir / "rules" / "broken.yaml").exists()
    assert editor.flash == "Put right the settings marked ⚠ first; nothing was saved."


def test_a_stepper_keeps_to_its_range_and_reaches_no_limit(app: App) -> None:
    _, editor = open_editor(app)
    focus_row(app, editor, "players")
    for _ in range(12):
        key(app, pygame.K_RIGHT)
    assert editor.draft.values["players"] == 8
    focus_row(app, editor, "deals")
    for _ in range(12):
        key(app, pygame.K_LEFT)
    assert editor.draft.values["deals"] is None
    assert editor.draft.rules() is not None  # classic has an ante: no limit is allowed


def test_a_bad_file_name_writes_nothing(app: App) -> None:
    _, editor = open_editor(app)
    editor.stem = "no spaces/here"
    editor.save()
    assert not (app.data_dir / "rules").exists() or not list((app.data_dir / "rules").iterdir())
    assert "file name" in editor.flash.lower()


@pytest.mark.parametrize("stem", ["CON", "nul", "Nul", "aux", "PRN", "com1", "COM9", "lpt1", "Lpt9", "com0",
                                  "com\u00b9"])
def test_a_name_windows_keeps_for_a_device_writes_nothing(app: App, stem: str) -> None:
    _, editor = open_editor(app)
    editor.stem = stem
    editor.save()
    assert not (app.data_dir / "rules").exists() or not list((app.data_dir / "rules").iterdir())
    assert editor.flash == tr("rules_editor.reserved_file_name", name=stem)


@pytest.mark.parametrize("stem", ["console", "nul_rules", "my-con", "com10", "lpt", "auxiliary"])
def test_names_that_only_begin_like_a_device_are_kept(stem: str) -> None:
    assert stem_problem(stem) is None


def test_first_lead_is_picked_as_a_card_or_the_dealers_left(app: App) -> None:
    _, editor = open_editor(app)
    focus_row(app, editor, "first_lead")
    key(app, pygame.K_RETURN)
    click(app, card_rects(app.art, False)[DECK.index(Card.parse("2C"))].center)
    assert editor.picking is None and editor.draft.values["first_lead"] == "2C"


@pytest.mark.parametrize("name", ["classic", "house", "michigan", "chicago", "saratoga"])
def test_the_written_text_of_every_shipped_file_reads_back_the_same(name: str) -> None:
    rules = rules_by_name(name)
    assert load_rules_text(rules_text(rules)) == rules


def test_a_name_yaml_would_misread_is_quoted() -> None:
    rules = rules_by_name("classic")
    for name in ("yes", "12", "a: b", "# hash", "[x]", "'quoted'"):
        odd = load_rules_text(rules_text(rules.__class__.from_values({**rules.values(), "name": name})))
        assert odd.name == name


@pytest.mark.slow
@pytest.mark.parametrize("code", LANGS)
def test_rules_editor_fits_in_every_language(app: App, code: str) -> None:
    app.set_language(code)
    _, editor = open_editor_any(app)
    assert not spilled(app, editor), (code, spilled(app, editor))
    editor.change("starting_chips", 0)
    assert not spilled(app, editor), (code, spilled(app, editor))
    for row in range(len(editor.row_keys)):
        editor.form.focus = 1 + row
        editor._keep_in_view()
    assert not spilled(app, editor), (code, spilled(app, editor))
    editor.open_picker(next(key for key in RULES_KEYS if key.kind == "lead"))
    assert not spilled(app, editor), (code, spilled(app, editor))
    editor.close_picker()
    editor.open_picker(next(key for key in RULES_KEYS if key.kind == "combos"))
    assert not spilled(app, editor), (code, spilled(app, editor))
    for _ in range(MOST_PILES):
        editor.form.controls[-2].activate()  # type: ignore[union-attr]
    assert not spilled(app, editor), (code, spilled(app, editor))


def open_editor_any(app: App) -> tuple[None, RulesEditorScene]:
    """The editor straight on the stack (the Edit button's words are the language's)."""
    editor = RulesEditorScene(app, folders=[RULES_DIR], save_folder=app.data_dir / "rules")
    app.scenes.clear_to(editor)
    app.step(FRAME)
    return None, editor


@settings(max_examples=150, deadline=None)
@given(name=st.text(min_size=1, max_size=30), description=st.text(max_size=30))
def test_any_line_the_checker_allows_is_written_so_it_reads_back(name: str, description: str) -> None:
    rules = rules_by_name("classic")
    values = {**rules.values(), "name": trimmed_line(name), "description": trimmed_line(description)}
    if text_problem(values["name"]) is not None or text_problem(values["description"], blank_ok=True) is not None:
        return
    made = RuleSet.from_values(values)
    assert load_rules_text(rules_text(made)) == made


def test_a_rules_file_the_campaign_keeps_locked_is_not_offered_to_start_from(app: App) -> None:
    new_game = NewGameScene(app, seed=3, locks={"rules:house": "Ascot"})
    app.scenes.clear_to(new_game)
    new_game.edit_rules()
    editor = top(app, RulesEditorScene)
    stems = [entry.path.stem for entry in editor.entries]
    assert "house" not in stems and "classic" in stems


def test_a_key_of_a_kind_the_editor_cannot_change_is_shown_read_only(app: App,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    combos = RulesKey("trick_piles", "pairs", (), "", "piles won by playing cards together", "", told=None)
    monkeypatch.setattr(editor_module, "RULES_KEYS", (*RULES_KEYS, combos))
    editor = RulesEditorScene(app, folders=[RULES_DIR], save_folder=app.data_dir / "rules")
    editor.draft.values["trick_piles"] = [{"name": "Matrimony", "cards": ["KH", "QH"]}]
    app.scenes.clear_to(editor)
    row = editor.form.controls[1 + editor.row_keys.index("trick_piles")]
    assert value_words(editor.draft, combos) == "[{name: Matrimony, cards: [KH, QH]}]"
    row.activate()  # type: ignore[union-attr]
    assert editor.flash == "Change this one in the saved file, with a text editor"
    assert editor.draft.rules() is not None  # the checker has no word against a key it does not know


def test_a_click_on_a_steppers_arrows_steps_it_and_tab_reaches_save(app: App) -> None:
    _, editor = open_editor(app)
    row = editor.form.controls[1 + editor.row_keys.index("ante_pot")]
    assert isinstance(row, Stepper)
    click(app, (row.value_rect.x + 10, row.value_rect.centery))
    assert editor.draft.values["ante_pot"] == 0
    click(app, (row.value_rect.right - 10, row.value_rect.centery))
    click(app, (row.value_rect.right - 10, row.value_rect.centery))
    assert editor.draft.values["ante_pot"] == 2
    editor.form.focus = len(editor.form.controls) - 2  # the file name
    key(app, pygame.K_TAB)
    assert getattr(editor.form.focused, "label", "") == "Save"
    assert editor.row_keys and editor.form.controls[1 + editor.row_keys.index("ante_pot")].rect.y > 0


def test_r30_a_file_with_combinations_shows_them_and_can_be_saved(app: App) -> None:
    """Starting from the Pope Joan board, the Combinations row names each pile (a playtest found it crashed), every
    row can be focused and drawn, and the rules save and read back with their piles."""
    start = RULES_DIR / "pope_joan_board.yaml"
    editor = RulesEditorScene(app, folders=[RULES_DIR], save_folder=app.data_dir / "rules", start=start)
    app.scenes.clear_to(editor)
    combos = next(key for key in RULES_KEYS if key.name == "combinations")
    assert value_words(editor.draft, combos) == "Matrimony (K♦ Q♦), Intrigue (Q♦ J♦)"
    for _ in range(len(editor.row_keys) + 2):  # down through every row, the Combinations row included
        editor.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode=""))
        app.draw(app.screen)
    rules = editor.draft.rules()
    assert rules is not None and rules == load_rules(start)
    path = app.data_dir / "rules" / "pj.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    save_rules_file(path, rules)
    assert load_rules(path).combinations == load_rules(start).combinations


def test_r30_combination_piles_are_made_named_filled_and_removed_in_the_editor(app: App) -> None:
    """Item 8's "every setting": a pile added, named by typing, its cards picked from the deck grid, the checker's
    words while it has fewer than two, saved and read back; a pile taken away again."""
    _, editor = open_editor(app)
    focus_row(app, editor, "combinations")
    key(app, pygame.K_RETURN)
    assert editor.picking is not None and editor.picking.name == "combinations" and editor.pile is None
    add = next(c for c in editor.form.controls if getattr(c, "label", "") == "Add a pile")
    click(app, add.rect.center)
    assert len(editor.draft.piles("combinations")) == 1
    field = editor.form.focused
    assert isinstance(field, TextField) and field.value == "Pile 1"
    for _ in range(len(field.value)):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "Matrimony ")
    assert editor.draft.piles("combinations")[0].name == "Matrimony "
    assert "combinations" in editor.draft.problems()  # no cards yet
    assert editor.draft.rules() is None
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)  # the pile's cards: the deck grid
    assert editor.pile == 0
    for card in ("KH", "QH"):
        click(app, card_rects(app.art, False)[DECK.index(Card.parse(card))].center)
    key(app, pygame.K_ESCAPE)  # back to the piles, the focus on that pile's cards
    assert editor.pile is None and editor.picking is not None and editor.form.focus == 1
    assert "combinations" not in editor.draft.problems()
    key(app, pygame.K_ESCAPE)  # back to the rows
    assert editor.picking is None
    combos = next(k for k in RULES_KEYS if k.name == "combinations")
    assert value_words(editor.draft, combos) == "Matrimony (K♥ Q♥)"
    editor.stem = "wedding"
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    rules = load_rules(app.data_dir / "rules" / "wedding.yaml")
    assert [(pile.name, [str(card) for card in pile.cards]) for pile in rules.combinations] == \
        [("Matrimony", ["KH", "QH"])]
    focus_row(app, editor, "combinations")
    key(app, pygame.K_RETURN)
    remove = next(c for c in editor.form.controls if getattr(c, "label", "") == "Remove")
    click(app, remove.rect.center)
    assert editor.draft.piles("combinations") == ()


def test_r30_the_piles_panel_stops_adding_at_its_room_and_says_why(app: App) -> None:
    _, editor = open_editor(app)
    editor.open_picker(next(key for key in RULES_KEYS if key.kind == "combos"))
    for _ in range(MOST_PILES + 2):
        add = next(c for c in editor.form.controls if getattr(c, "label", "") == "Add a pile")
        if add.enabled:
            add.activate()  # type: ignore[union-attr]
    assert len(editor.draft.piles("combinations")) == MOST_PILES
    add = next(c for c in editor.form.controls if getattr(c, "label", "") == "Add a pile")
    assert not add.enabled and str(MOST_PILES) in add.tooltip
    assert not spilled(app, editor)


def test_a_long_description_shows_its_start_with_an_ellipsis_and_its_end_while_typed(app: App) -> None:
    from game.app.editor_widgets import clipped
    words = "Aces high, the eight of diamonds out, and a fine for every pass of the lead, as the 1885 rules say"
    start, end = clipped(app.text, words, 15, 200, keep_end=False), clipped(app.text, words, 15, 200, keep_end=True)
    assert start.endswith("…") and words.startswith(start[:-1]) and app.text.width(start, "body", 15) <= 200
    assert end.startswith("…") and words.endswith(end[1:]) and app.text.width(end, "body", 15) <= 200
    assert clipped(app.text, "Short", 15, 200, keep_end=True) == "Short"


def test_leaving_with_changes_not_saved_asks_first_and_saving_ends_the_question(app: App) -> None:
    """A playtest lost ten minutes of editing to one Esc: now Esc, Back and Start from ask first."""
    new_game, editor = open_editor(app)
    key(app, pygame.K_ESCAPE)  # nothing changed: straight back
    assert app.scenes.top is new_game
    _, editor = open_editor(app)
    editor.change("starting_chips", 45)
    key(app, pygame.K_ESCAPE)
    question = top(app, ConfirmScene)
    assert question.question == "Leave without saving?"
    key(app, pygame.K_ESCAPE)  # "Keep editing"
    assert top(app, RulesEditorScene) is editor and editor.draft.values["starting_chips"] == 45
    start = next(c for c in editor.form.controls if getattr(c, "label", "") == "Start from")
    before = editor.start_index
    start.adjust(1 if before == 0 else -1)  # type: ignore[union-attr]
    assert isinstance(app.scenes.top, ConfirmScene) and editor.draft.values["starting_chips"] == 45
    key(app, pygame.K_ESCAPE)
    assert editor.draft.values["starting_chips"] == 45 and editor.start_index == before
    shown = next(c for c in editor.form.controls if getattr(c, "label", "") == "Start from")
    assert isinstance(shown, Choice) and shown.index == before  # the row shows the file still in use
    editor.stem = "forty_five"
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert not editor.unsaved()
    key(app, pygame.K_ESCAPE)  # saved: no question
    assert isinstance(app.scenes.top, NewGameScene)


def test_the_checkers_words_name_the_rows_not_the_files_keys(app: App) -> None:
    _, editor = open_editor(app)
    editor.change("pass_penalty", 2)  # needs when_unable: pass_left; classic has same_suit
    words = " ".join(editor.draft.problems()["pass_penalty"])
    assert "«When unable to switch»" in words and "pass left" in words and "'same suit'" in words
    assert "when_unable" not in words and "pass_left" not in words
    editor.change("pass_penalty", 0)
    editor.change("removed_cards", (Card.parse("AS"),))  # a boodle card of classic
    words = " ".join(editor.draft.problems()["removed_cards"])
    assert "A♠" in words and "AS" not in words


def test_the_checkers_plain_words_stay_words_where_they_are_not_a_key() -> None:
    from game.app.scenes.rules_editor.model import for_players
    assert for_players("combination 2 needs a name") == "combination 2 needs a name"
    assert for_players("at most 8 players at a table") == "at most 8 players at a table"
    assert for_players("players: 9 is too many").startswith("«Players»")


@pytest.mark.parametrize("code", LANGS)
def test_at_150_percent_the_editor_keeps_its_words_whole_and_apart(app: App, code: str) -> None:
    app.set_language(code)
    large_print(app)
    _, editor = open_editor_any(app)
    editor.change("starting_chips", 4)  # a problem line under its row
    assert not crowded(app, editor), (code, crowded(app, editor))
    editor.open_picker(next(key for key in RULES_KEYS if key.name == "boodle_cards"))
    assert not crowded(app, editor), (code, crowded(app, editor))
    editor.close_picker()
    editor.open_picker(next(key for key in RULES_KEYS if key.kind == "combos"))
    editor.form.controls[-2].activate()  # type: ignore[union-attr]
    assert not crowded(app, editor), (code, crowded(app, editor))


def test_the_saved_description_follows_the_settings_until_the_player_writes_their_own(app: App) -> None:
    """Issue 24: optional following was saved under classic's "compulsory following"; the description the editor
    writes now says what changed, and one the player typed is kept as theirs."""
    _, editor = open_editor(app)
    assert "compulsory following" in editor.draft.values["description"]
    focus_row(app, editor, "follow")
    key(app, pygame.K_RIGHT)
    assert editor.draft.values["follow"] == "optional"
    editor.stem = "free"
    editor.save()
    saved = load_rules(app.data_dir / "rules" / "free.yaml")
    assert saved.follow == "optional"
    assert "compulsory" not in saved.description and tr("how_to_play.rules.optional") in saved.description
    row = editor.form.controls[1 + editor.row_keys.index("description")]
    assert isinstance(row, TextField) and row.label == tr("rules_editor.description_told")
    key(app, pygame.K_LEFT)  # back to the starting file's settings: its own words again
    assert editor.draft.values["description"] == rules_by_name("classic").description
    focus_row(app, editor, "description")
    for _ in range(len(editor.draft.values["description"])):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "My table")
    editor.change("starting_chips", 30)
    assert editor.draft.values["description"] == "My table"  # the player's words stay theirs
    row = editor.form.controls[1 + editor.row_keys.index("description")]
    assert isinstance(row, TextField) and row.label == tr("rules_editor.description_own")


def test_a_description_written_by_hand_is_never_rewritten_by_a_setting(app: App) -> None:
    """A player's own file keeps its own words when a setting changes; a shipped file's, or one the editor wrote
    from the settings, follows them."""
    own = RulesDraft.of(dataclasses.replace(rules_by_name("classic"), name="Ours", description="Sunday at Nan's"))
    assert own.own_description
    own.set("follow", "optional")
    assert own.values["description"] == "Sunday at Nan's"
    shipped = RulesDraft.of(rules_by_name("classic"))
    shipped.set("follow", "optional")
    told = shipped.values["description"]
    assert not shipped.own_description and told != rules_by_name("classic").description
    again = RulesDraft.of(dataclasses.replace(rules_by_name("classic"), follow="optional", description=told))
    assert not again.own_description
    again.set("follow", "compulsory")
    assert again.values["description"] != told
