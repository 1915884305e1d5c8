"""The player's charms at the table (R31): the tray raises only the charms the engine offers; one is used by its F
key, by a click on its tile (and on a raised card for its target) and by a controller, or the moment is let pass;
its use is told in the deal log and on the status line; the tray keeps clear of the hand, the board, the seats and
the prompt at 3 to 8 seats, and its words fit in every language at 100% and 150%."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from app.test_speech import listening
from app_helpers import instant_app

from game.ai.registry import character_ids, load_character_by_id
from game.app import word_overlaps
from game.app.app import App
from game.app.comfort import set_text_size
from game.app.pad_words import keyed, pad_cap, show_pad
from game.app.scenes.how_to_play import HowToPlayScene
from game.app.scenes.review import ReviewScene, shown_options
from game.app.table.animation import Bubble
from game.app.table.charms.places import RAISE, gem_spots, shown_tiles, tray_area, tray_tiles
from game.app.table.charms.tray import charm_tray_clear
from game.app.table.charms.words import charm_description, charm_name, charm_words
from game.app.table.controls import hint_box
from game.app.table.layout import table_layout
from game.app.table.model import stop_reason
from game.app.table.scene import TableScene
from game.app.widgets import Button
from game.config import rules_by_name
from game.config.charm_file import load_charms
from game.engine.cards import Card
from game.engine.decisions import CharmAction, CharmUse
from game.engine.events import Charm, Payment
from game.locale import LANGUAGES, tr
from game.locale.cards import card_label
from game.replay import split_deals
from game.shots.charms import charm_session, charm_shots

FAST = [c for c in character_ids() if c != "expert"]
MINE = ("glimpse", "sleight", "lock", "cut_in")  # at the deal's end the first three may be used, Cut In not
FRAME = 1 / 60


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    made = instant_app(tmp_path)
    yield made
    made.scenes.close()
    made.speech.close()
    show_pad(False)


def charm_table(app: App, players: int = 4, mine: tuple[str, ...] = MINE, seed: int = 11) -> TableScene:
    """A table where the player holds `mine` and the others none, played to the player's first charm decision."""
    known = load_charms()
    rules = dataclasses.replace(rules_by_name("classic"), players=players)
    seats = [("You", None)] + [(c.name, c) for c in (load_character_by_id(FAST[(i * 3) % len(FAST)])
                                                      for i in range(players - 1))]
    held = [tuple(known[charm] for charm in mine)] + [() for _ in range(players - 1)]
    scene = TableScene.seated(app, rules, seats, seed, charms=held)
    app.scenes.clear_to(scene)
    assert scene.fast_forward_until(lambda t: t.human.kind == "charm")
    app.step(FRAME)
    return scene


def rival_table(app: App) -> TableScene:
    """A table where seat 2 holds Glimpse and Encore and the player none, played to the player's first lead."""
    known = load_charms()
    rules = dataclasses.replace(rules_by_name("classic"), players=4)
    seats = [("You", None)] + [(c.name, c) for c in (load_character_by_id(i) for i in FAST[:3])]
    scene = TableScene.seated(app, rules, seats, 11, charms=[(), (), (known["glimpse"], known["encore"]), ()])
    app.scenes.clear_to(scene)
    assert scene.fast_forward_until(lambda t: t.human.kind == "lead")
    return scene


def key(app: App, pressed: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pressed, mod=0, unicode=""))
    app.step(FRAME)


def click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.step(FRAME)


def pad(app: App, button: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=button))
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=0, button=button))
    app.step(FRAME)


def last_action(scene: TableScene) -> object:
    return scene.table.actions[-1]


def test_only_the_charms_offered_are_raised_and_another_s_key_is_refused(app: App) -> None:
    scene = charm_table(app)
    choice = scene.human.charm
    assert choice is not None and choice.decision.moment == "after_deal"
    offered = {use.charm for use in choice.decision.options}
    assert choice.slots() == {slot for slot, charm in enumerate(MINE) if charm in offered} == {0, 1, 2}
    flat, drawn = tray_tiles(scene.layout, 4), shown_tiles(scene.layout, choice.slots(), 4)
    assert [d.y for d in drawn] == [f.y - RAISE for f in flat[:3]] + [flat[3].y]  # Cut In stays down
    actions = len(scene.table.actions)
    key(app, pygame.K_F4)  # Cut In is for after a stop
    assert len(scene.table.actions) == actions and scene.human.kind == "charm"
    assert str(scene.model.status) == "Cut In: only just after a stop."


def test_a_charm_is_used_by_its_key_and_told_in_the_deal_log(app: App) -> None:
    scene = charm_table(app)
    key(app, pygame.K_F1)
    assert last_action(scene) == CharmAction(0, CharmUse("glimpse", None))
    for _ in range(5):
        app.step(FRAME)
    lines = [line for line in scene.director.deal_log.lines if line.kind == "charm"]
    assert len(lines) == 1 and lines[0].mine and str(lines[0]).startswith("You use Glimpse and see ")
    seen = next(event for event in scene.table.log if isinstance(event, Charm)).cards
    assert len(seen) == 3 and set(seen) <= scene.model.known_dead  # what the peek showed, the player knows
    assert dict(scene.model.charms.of(0)[0:1])[load_charms()["glimpse"]] == 2  # three uses, one spent


def test_a_charm_with_targets_is_used_by_clicks_on_its_tile_then_a_raised_card(app: App) -> None:
    scene = charm_table(app)
    tile = shown_tiles(scene.layout, scene.human.charm.slots() if scene.human.charm else frozenset(), 4)[1]
    click(app, tile.center)  # Sleight of Hand: which card goes?
    assert scene.human.charm is not None and scene.human.charm.picked == "sleight"
    assert scene.human.lawful == frozenset(scene.model.hand)  # every card of the hand is raised
    card, rect = scene.human.hand_rects()[2]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(rect.centerx, rect.top + 8), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.step(FRAME)
    assert scene.human.buttons[0].label == f"Choose {card_label(card)}"  # the hovered card is Enter's target
    click(app, (rect.centerx, rect.top + 8))
    assert last_action(scene) == CharmAction(0, CharmUse("sleight", card))
    for _ in range(5):
        app.step(FRAME)
    assert card not in scene.model.hand and card in scene.model.known_dead
    assert len(scene.model.hand) == len(scene.table.session.hand(0))


def test_a_picked_charm_goes_back_with_backspace(app: App) -> None:
    scene = charm_table(app)
    key(app, pygame.K_F3)  # The Lock: which card?
    assert scene.human.charm is not None and scene.human.charm.picked == "lock"
    assert "Whoever plays it ends the run" in scene.human.prompt()[0]
    key(app, pygame.K_BACKSPACE)
    assert scene.human.charm.picked is None and scene.human.kind == "charm"


def test_the_moment_is_let_pass_with_n(app: App) -> None:
    scene = charm_table(app)
    key(app, pygame.K_n)
    assert last_action(scene) == CharmAction(0, None)
    assert not any(isinstance(event, Charm) for event in scene.table.log)


def test_a_controller_uses_the_focused_charm_with_a_and_lets_one_pass_with_lb(app: App) -> None:
    scene = charm_table(app)
    pad(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)  # RB: the focus from letting it pass to the first charm
    pad(app, pygame.CONTROLLER_BUTTON_A)  # A: Glimpse used
    assert last_action(scene) == CharmAction(0, CharmUse("glimpse", None))
    scene = charm_table(app, seed=12)
    pad(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    pad(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)  # RB again: the next charm, Sleight of Hand
    assert scene.human.charm is not None and scene.human.charm.focused == "sleight"
    assert keyed(scene.human.prompt()[1]) == "←/→: choose a charm  ·  A: use it  ·  LB: let it pass"
    assert [pad_cap(b.hotkey, b.keycap) for b in scene.human.buttons] == ["A", "LB", "X"]  # the caps too; X: hint
    pad(app, pygame.CONTROLLER_BUTTON_LEFTSHOULDER)  # LB: let it pass
    assert last_action(scene) == CharmAction(0, None)


def test_a_use_is_told_as_the_table_saw_it() -> None:
    def name() -> str:
        return "Maud"
    peek = Charm(2, "glimpse", "peek_dead", (Card.parse("3C"), Card.parse("8D")), 0, (), ())
    assert str(charm_words(peek, False, name)) == "Maud uses Glimpse"  # never the cards seen
    assert str(charm_words(peek, True, name)) == "You use Glimpse and see 3♣ 8♦"
    cut = Charm(1, "cut_in", "take_lead", (Card.parse("7S"),), 2, (), ())
    assert str(charm_words(cut, False, name)) == "Maud uses Cut In: 7♠ (2 chips into the pot)"
    encore = Charm(1, "encore", "hit_again", (), 0, (Payment(0, 2), Payment(2, 1)), ())
    assert str(charm_words(encore, False, name)) == "Maud uses Encore: 3 chips from the others"


@pytest.mark.parametrize("players", range(3, 9))
@pytest.mark.parametrize("size", [(1280, 720), (1600, 720), (1280, 960)])
def test_the_tray_keeps_clear_of_the_hand_the_seats_the_board_and_the_prompt(players: int,
                                                                            size: tuple[int, int]) -> None:
    layout = table_layout(players, 4, size)
    tiles = tray_tiles(layout, 4)
    area = tray_area(layout)
    blockers = [place.region for place in layout.seats[1:]] + [layout.seat(0).plate, layout.centre, layout.panel,
                                                              layout.prompt, layout.status, layout.hand]
    for tile in tiles:
        raised = tile.move(0, -RAISE)
        assert area.contains(raised) and layout.on_felt(raised)
        assert raised.collidelist(blockers) < 0, (players, size, tile)
    assert all(a.bottom < b.top for a, b in zip(tiles, tiles[1:]))


@pytest.mark.parametrize("code", list(LANGUAGES))
@pytest.mark.parametrize("text_size", [100, 150])
def test_every_charm_s_tile_and_the_charm_prompt_fit_in_every_language(tmp_path: Path, code: str,
                                                                       text_size: int) -> None:
    app = instant_app(tmp_path)
    try:
        app.set_language(code)
        app.change_settings(dataclasses.replace(app.settings, text_size=text_size), remember=False)
        for players, mine in ((8, ("glimpse", "sleight", "second_thoughts", "lock")),
                              (3, ("free_rein", "dam", "cut_in", "encore"))):
            if players == 8:
                scene = charm_table(app, players, mine)
            else:  # these charms are never offered after the deal: a table shown at its first stake
                known = load_charms()
                rules = dataclasses.replace(rules_by_name("classic"), players=players)
                seats = [("You", None)] + [(c.name, c) for c in (load_character_by_id(i) for i in FAST[:2])]
                scene = TableScene.seated(app, rules, seats, 3, charms=[tuple(known[c] for c in mine), (), ()])
                app.scenes.clear_to(scene)
                app.step(FRAME)
            crossings = word_overlaps.start()
            try:
                app.draw(app.screen)
            finally:
                word_overlaps.stop()
            assert not crossings, (code, players)
        for charm in load_charms():  # each charm's name on the decision's button, beside its Enter key
            button = Button(pygame.Rect(scene.layout.panel.x, 0, scene.layout.panel.width, 40),
                            tr("charm_tray.button.use", charm=charm_name(charm)), lambda: None, None, True, "",
                            size=17, keycap=tr("table.enter_key"))
            button.draw(app.screen, app.text, True, False)
        assert not app.text.overflows  # the tiles' names, the buttons, and the charm's question over the hand
    finally:
        app.scenes.close()


def test_spoken_play_says_the_tray_the_focused_charm_and_a_use(app: App) -> None:
    opener = listening(app)
    scene = charm_table(app)
    scene.update(FRAME)
    heard = opener.heard
    assert any(line.startswith("Your turn: use a charm?") and "Your charms: Glimpse, 3 left; Sleight of Hand, 2 left"
               in line for line in heard), heard
    before = len(opener.heard)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert opener.heard[before:] == ["Glimpse", "Sleight of Hand"]
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    assert opener.heard[-1] == "Let it pass"  # the focus back where it starts
    key(app, pygame.K_F1)
    for _ in range(5):
        app.step(FRAME)
    used = [line for line in opener.heard if line.startswith("You use Glimpse and see ")]
    assert len(used) == 1 and " of " in used[0] and not any(symbol in used[0] for symbol in "♠♥♦♣")


def test_another_seat_s_use_is_a_bubble_a_flash_and_a_log_line_without_what_it_saw(app: App) -> None:
    scene = rival_table(app)
    before = [left for _, left in scene.model.charms.of(2)]  # its character may have used Glimpse already
    assert before[0] >= 1
    seen = tuple(scene.table.session.dead_hand()[:3])
    known_before = set(scene.model.known_dead)
    scene.director.push([Charm(2, "glimpse", "peek_dead", seen, 0, (), ())])
    app.step(FRAME)
    bubbles = [a for a in scene.director.decor.anims if isinstance(a, Bubble) and a.seat == 2]
    assert bubbles and scene.model.charms.flash(2, "glimpse") > 0
    assert [left for _, left in scene.model.charms.of(2)] == [before[0] - 1, before[1]]
    line = [line for line in scene.director.deal_log.lines if line.kind == "charm"][-1]
    assert not line.mine and str(line) == f"{scene.model.name(2)} uses Glimpse"
    assert scene.model.known_dead == known_before  # what another seat saw, the player never learns
    app.draw(app.screen)


@pytest.mark.slow
def test_the_charm_screenshots_are_written(app: App, tmp_path: Path) -> None:
    paths = charm_shots(app, tmp_path)
    assert [p.name for p in paths] == ["21_charm_tray.png", "21b_charm_targets.png", "21d_charm_peek.png",
                                       "21e_charm_lock.png", "21c_charm_replay.png"]
    assert all(pygame.image.load(str(p)).get_size() == (1280, 720) for p in paths)
    assert any(event["type"] == "charm" and event["player"] != 0 for event in charm_session())


@pytest.mark.parametrize("code", list(LANGUAGES))
@pytest.mark.parametrize("text_size", [100, 150])
def test_how_to_play_s_charm_pages_fit_without_scrolling(app: App, code: str, text_size: int) -> None:
    app.set_language(code)
    app.change_settings(dataclasses.replace(app.settings, text_size=text_size), remember=False)
    scene = HowToPlayScene(app)
    app.scenes.clear_to(scene)
    titles = [section.title for section in scene.sections]
    assert titles[-2:] == [tr("charm_pages.about.title"), tr("charm_pages.use.title")]
    for index in (len(titles) - 2, len(titles) - 1):
        scene.show(index)
        app.step(FRAME)
        app.draw(app.screen)
        assert scene._overflow() == 0, (code, titles[index])
    assert scene.back_button.rect.bottom <= 720  # fourteen tabs and Back, all on the screen
    assert not app.text.overflows


def test_a_tile_s_note_says_what_the_charm_does_and_how_often(app: App) -> None:
    scene = charm_table(app)
    tile = tray_tiles(scene.layout, 4)[3]  # Cut In, not raised now
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=tile.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(FRAME)
    assert scene.human.hover_charm == 3
    app.draw(app.screen)
    drawn = " ".join(str(key) for key in app.text._surfaces)
    assert "holding 9 cards or more, pay 2 chips into the pot and take the lead" in drawn
    assert "Once a session; 1 left." in drawn


def test_a_kept_session_comes_back_with_each_charm_s_uses_left(app: App) -> None:
    scene = charm_table(app)
    key(app, pygame.K_F1)  # Glimpse: one of its three uses
    snapshot = scene.snapshot()
    back = TableScene.from_snapshot(app, snapshot)
    app.scenes.clear_to(back)
    app.step(FRAME)
    assert [(spec.id, left) for spec, left in back.model.charms.of(0)] == [
        ("glimpse", 2), ("sleight", 2), ("lock", 1), ("cut_in", 1)]


def test_a_review_lists_a_charm_decision_within_its_panel(app: App) -> None:
    logs = split_deals([json.dumps(event) for event in charm_session()])
    review = ReviewScene(app, logs[0], threaded=False)
    app.scenes.clear_to(review)
    app.step(FRAME)
    kinds = [judged.kind for judged in review.judged]
    assert "charm" in kinds
    review.step(kinds.index("charm"))
    app.step(FRAME)
    app.draw(app.screen)
    drawn = " ".join(str(key) for key in app.text._surfaces)
    assert "Use a charm?" in drawn and "Glimpse" in drawn and "more" in drawn
    assert not app.text.overflows


def test_the_options_shown_keep_the_chosen_and_count_the_rest() -> None:
    assert shown_options(5, [4], 8) == [0, 1, 2, 3, 4]
    assert shown_options(25, [7], 10) == [0, 1, 2, 3, 4, 5, 6, 7, 8]  # nine rows and "… and 16 more"
    assert shown_options(25, [20, 24], 4) == [0, 20, 24]


def test_a_charm_used_is_taken_back_with_its_use_but_never_a_peek(app: App) -> None:
    scene = charm_table(app)
    key(app, pygame.K_F3)  # the Lock: its card chosen, then taken back
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    for _ in range(5):
        app.step(FRAME)
    assert scene.model.charms.of(0)[2][1] == 0
    undo = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="")
    pygame.event.post(undo)
    for _ in range(5):
        app.step(FRAME)
    assert scene.human.kind == "charm" and scene.model.charms.of(0)[2][1] == 1
    assert not any(isinstance(event, Charm) for event in scene.table.log)
    key(app, pygame.K_F1)  # Glimpse shows dead cards: what was seen cannot be unseen
    for _ in range(5):
        app.step(FRAME)
    assert scene.model.charms.of(0)[0][1] == 2 and scene.table.to_take_back() is None
    pygame.event.post(undo)
    for _ in range(5):
        app.step(FRAME)
    assert scene.model.charms.of(0)[0][1] == 2 and any(isinstance(event, Charm) for event in scene.table.log)
    assert str(scene.model.status) == tr("charm_tray.no_take_back")


def test_a_stake_moved_by_clicking_the_boodle_card_it_goes_onto(app: App) -> None:
    scene = charm_table(app, mine=("second_thoughts",))
    key(app, pygame.K_F1)
    choice = scene.human.charm
    assert choice is not None and choice.picked == "second_thoughts"
    targets = [card for card in choice.targets("second_thoughts") if card is not None]
    assert targets and not scene.human.lawful  # no card of the hand stands up for a boodle card's target
    slot = list(scene.rules.piles).index(targets[-1])
    click(app, scene.layout.boodle_cards[slot].center)
    assert last_action(scene) == CharmAction(0, CharmUse("second_thoughts", targets[-1]))


def test_pointing_at_another_seat_s_gem_says_which_charm_it_is(app: App) -> None:
    scene = rival_table(app)
    spot = gem_spots(scene.layout, 2, 2)[1]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=spot, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(FRAME)
    assert scene.human.hover_gem == (2, 1)
    app.draw(app.screen)
    drawn = " ".join(str(key) for key in app.text._surfaces)
    assert "Encore: After your boodle hit" in drawn


def test_a_stop_a_charm_made_says_so_rather_than_the_dead_hand() -> None:
    assert str(stop_reason(Card.parse("7H"), "charm", False)) == "a charm made 7♥ a stop"


def test_play_again_keeps_the_charms(app: App) -> None:
    scene = charm_table(app)
    scene.play_again()
    again = app.scenes.top
    assert isinstance(again, TableScene) and again is not scene and again.seed != scene.seed
    assert [spec.id for spec, _ in again.model.charms.of(0)] == list(MINE)


@pytest.mark.parametrize("players", range(3, 9))
def test_a_widened_hint_keeps_clear_of_the_tray(app: App, players: int) -> None:
    words = ("Lead 10♦ or 2♦: they are about as good, and either sheds more cards and keeps the lead more often "
             "than any other card you could lead now")
    layout = table_layout(players)
    tray = [tile.move(0, -RAISE) for tile in tray_tiles(layout, 4)]
    set_text_size(1.5)
    try:
        place = hint_box(app.text, layout, words, clear_of=tray)
        assert place.box.collidelist(tray) < 0, players
        if players == 3:  # with no seat on the left, the hint would have spread over the tray
            assert hint_box(app.text, layout, words).box.collidelist(tray) >= 0
    finally:
        set_text_size(1.0)


def test_a_bubble_beside_the_tray_keeps_off_it(app: App) -> None:
    scene = charm_table(app, 8)
    tray = charm_tray_clear(scene.stage)
    assert len(tray) == 4 and all(tile in scene.stage.kept_clear() for tile in tray)  # what bubbles leave clear
    for seat in (1, 2):  # the seats on the left, nearest the tray
        scene.director.speak(seat, str(charm_name("second_thoughts")) + "! " + str(charm_description("lock")))
        bubble = next(a for a in scene.director.decor.anims if isinstance(a, Bubble) and a.seat == seat)
        rect = pygame.Rect(bubble.topleft, bubble.image.get_size())
        assert rect.collidelist(tray) < 0, seat


def test_the_hint_at_a_charm_moment_points_at_the_charm_it_would_use(app: App) -> None:
    scene = charm_table(app)
    choice = scene.human.charm
    assert choice is not None
    moved = choice.focused  # letting it pass, where the focus starts: the hint has to move it
    key(app, pygame.K_h)
    scene.human.finish_hint()
    app.step(FRAME)
    words = scene.human.hint_words
    assert words is not None and "Glimpse" in str(words)  # a free peek is taken at its first moment
    assert moved is None and choice.focused == "glimpse"
    key(app, pygame.K_RETURN)
    assert last_action(scene) == CharmAction(0, CharmUse("glimpse", None))
