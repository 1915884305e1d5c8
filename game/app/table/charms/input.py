"""The player's charm decision by mouse, keyboard and controller (R31): a tray tile or its F key chooses a charm, a
raised card or a boodle card its target, N (a controller's LB) lets the moment pass; and its buttons and words.

The engine's decision says what is lawful (`CharmChoice` groups it); this turns input into its answer. Enter goes on
as it does everywhere at the table: it lets the moment pass until the player moves the focus onto a charm, and takes
a picked charm's target only once the player has chosen one. A key or tile out of its charm's moment says why.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ....engine.cards import Card
from ....engine.charms import CharmSpec
from ....engine.decisions import CharmAction
from ....locale import tr, trn
from ....locale.cards import card_label
from ....locale.words import Words
from ...pad_words import keyed, pad_shown
from ..input_keys import ENTER_KEYS
from .choice import SLOT_CAPS, CharmChoice, slot_of
from .places import gem_at, shown_tiles
from .refusal import charm_refusal
from .words import charm_name

if TYPE_CHECKING:
    from ..human import HumanSeat

PASS_KEY = pygame.K_n
BACK_KEYS = (pygame.K_BACKSPACE,)
STEP_KEYS = {pygame.K_LEFT: -1, pygame.K_UP: -1, pygame.K_RIGHT: 1, pygame.K_DOWN: 1, pygame.K_TAB: 1}
ButtonSpec = tuple[str, str, Callable[[], None], "int | None", bool, str]
ON_BOODLE = frozenset({"move_stake"})  # R34: an effect whose target is a boodle card, not a card of the hand
MARKED_TARGETS = frozenset({"make_stop"})  # R35: the question says what the stop does (charm_marks.yaml)


def on_boodle(human: HumanSeat, charm: str) -> bool:
    """True when `charm`'s target is a boodle card (its cards stand out on the table, not in the hand)."""
    spec = human.stage.model.charms.spec(0, charm)
    return spec is not None and spec.effect in ON_BOODLE


def tile_at(human: HumanSeat, pos: tuple[int, int]) -> int | None:
    """The tray slot under `pos` (as drawn, raised or not)."""
    held = human.stage.model.charms.of(0)
    raised = human.charm.slots() if human.charm is not None else frozenset()
    for slot, tile in enumerate(shown_tiles(human.stage.layout, raised, len(held))):
        if tile.collidepoint(pos):
            return slot
    return None


def gem_under(human: HumanSeat, pos: tuple[int, int]) -> tuple[int, int] | None:
    """Another seat's charm gem under `pos`: (seat, place), if any."""
    held = human.stage.model.charms
    return gem_at(human.stage.layout, [len(charms) for charms in held.seats], pos) if held.any else None


def _answer(human: HumanSeat, action: CharmAction | None) -> None:
    """Send `action` when the choice made one; otherwise the picked charm's targets are shown."""
    if action is not None:
        human.submit(action)
    else:
        human.choice_moved()
        human.stage.play_sound("click", 0.4)


def _say(human: HumanSeat, words: Words) -> None:
    """Why a key or click did nothing, on the status line, with a soft click."""
    human.stage.model.set_status(words)
    human.refused = words
    human.stage.model.touch()
    human.stage.play_sound("click", 0.3)


def refuse_slot(human: HumanSeat, slot: int) -> None:
    """The charm in tray slot `slot` may not be used now: why, on the status line; nothing is sent."""
    model = human.stage.model
    held = model.charms.of(0)
    if not 0 <= slot < len(held):
        return
    spec, left = held[slot]
    moment = human.charm.decision.moment if human.charm is not None else None
    idle = spec.idle_at(model.rules, len(model.seats))
    _say(human, charm_refusal(spec, left, model.seats[0].chips, idle, moment))


def out_of_moment(human: HumanSeat, event: pygame.event.Event) -> bool:
    """A charm's F key, or a click on its tile, while no charm decision is open: why it cannot be used now (True),
    or False for any other input."""
    if human.charm is not None or not human.stage.model.seats[0].is_human:
        return False
    if event.type == pygame.KEYDOWN:
        slot = slot_of(event.key)
    elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        slot = tile_at(human, event.pos)
    else:
        return False
    if slot is None or slot >= len(human.stage.model.charms.of(0)):
        return False
    refuse_slot(human, slot)
    return True


def choose_slot(human: HumanSeat, choice: CharmChoice, slot: int) -> None:
    """The charm in tray slot `slot` chosen (a click on its tile, or its key)."""
    if not choice.lawful_slot(slot):
        refuse_slot(human, slot)
        return
    if choice.picked == choice.tray[slot]:  # chosen again: back to the charms
        choice.unpick()
        _answer(human, None)
        return
    choice.unpick()
    _answer(human, choice.choose_slot(slot))


def charm_click(human: HumanSeat, choice: CharmChoice, pos: tuple[int, int], button: int) -> bool:
    """A click while a charm decision is open: a tile, a raised card or a boodle card the picked charm may take."""
    if button != 1:
        return False
    slot = tile_at(human, pos)
    if slot is not None:
        choose_slot(human, choice, slot)
        return True
    if choice.picked is None:
        return False
    card: Card | None = None
    if on_boodle(human, choice.picked):
        place = human.boodle_at(pos)
        pile = human.stage.model.rules.piles[place] if place is not None else None
        card = pile if isinstance(pile, Card) else None
    else:
        card = human.card_at(pos)
    if card is None:
        return False
    action = choice.pick_target(card)
    if action is None:
        human.stage.play_sound("click", 0.3)
    else:
        human.submit(action)
    return True


def charm_key(human: HumanSeat, choice: CharmChoice, key: int, number: int | None) -> bool:
    """A key while a charm decision is open: a slot's F key, the arrows, Enter, a number for a target, Backspace."""
    slot = slot_of(key)
    if slot is not None:
        if slot < len(choice.tray):
            choose_slot(human, choice, slot)
        return True
    if key in STEP_KEYS:
        choice.step(STEP_KEYS[key])
        human.choice_moved()
        return True
    if key in ENTER_KEYS:
        confirm(human, choice)
        return True
    if key in BACK_KEYS:
        if choice.unpick():
            _answer(human, None)
        return True
    if number is not None and choice.picked is not None:
        targets = choice.targets(choice.picked)
        if number < len(targets) and targets[number] is not None:
            human.submit(choice.use(choice.picked, targets[number]))
        return True
    return False


def charm_specs(human: HumanSeat, choice: CharmChoice) -> tuple[list[ButtonSpec], frozenset[Card]]:
    """The decision's buttons (use the focused charm or target, let it pass) and the cards raised for a target."""
    specs: list[ButtonSpec] = []
    charm = choice.focused
    raised: frozenset[Card] = frozenset()
    if choice.picked is not None:
        target = choice.target
        hand = set(human.stage.model.hand)
        if not on_boodle(human, choice.picked):
            raised = frozenset(card for card in choice.targets(choice.picked) if card is not None and card in hand)
        label = (tr("charm_keys.pick_button") if choice.choosing_card else
                 tr("charm_tray.button.use", charm=charm_name(choice.picked)) if target is None else
                 tr("charm_tray.button.pick", card=card_label(target)))
        specs.append((label, tr("table.enter_key"), lambda: confirm(human, choice), None, not choice.choosing_card,
                      tr("charm_tray.tip_button.use")))
        specs.append((tr("charm_tray.button.back"), "", lambda: choose_back(human, choice), None, True,
                      tr("charm_tray.tip_button.back")))
    elif charm is not None:
        specs.append((tr("charm_tray.button.use", charm=charm_name(charm)), tr("table.enter_key"),
                      lambda: confirm(human, choice), None, True, tr("charm_tray.tip_button.use")))
    specs.append((tr("charm_tray.button.pass"), keyed("<N>"), lambda: human.submit(choice.decline()), PASS_KEY,
                  True, tr("charm_tray.tip_button.pass")))
    return specs, raised


def confirm(human: HumanSeat, choice: CharmChoice) -> None:
    """Enter (or the first button): what the focus is on; while a picked charm waits for its card, only a word to
    choose one first."""
    if choice.choosing_card:
        _say(human, Words.of("charm_keys.choose_card"))
        return
    _answer(human, choice.confirm())


def enter_button(choice: CharmChoice) -> int | None:
    """The button Enter presses, drawn with the focus: the first (the focused charm, its chosen target, or letting
    the moment pass when nothing is focused), or none while a picked charm waits for its card."""
    return None if choice.choosing_card else 0


def choose_back(human: HumanSeat, choice: CharmChoice) -> None:
    """Back to choosing among the charms."""
    if choice.unpick():
        _answer(human, None)


def charm_prompt(human: HumanSeat, choice: CharmChoice) -> tuple[str, str]:
    """The question (which moment, or which target of the picked charm) and its line of keys."""
    decision = choice.decision
    held = human.stage.model.charms
    spec = held.spec(decision.player, choice.picked) if choice.picked is not None else None
    if choice.picked is not None and spec is not None:
        key = f"charm_marks.target.{spec.effect}" if spec.effect in MARKED_TARGETS else \
            f"charm_tray.target.{spec.effect}"
        asked = take_lead_question(human, spec, picked=True)
        keys = "charm_keys.target" if choice.choosing_card else "charm_tray.keys.target"
        return asked or tr(key, charm=charm_name(choice.picked)), tr(keys)
    follow = next((use.card for use in decision.options if use.card is not None), None)
    focused = held.spec(decision.player, choice.focused) if choice.focused is not None else None
    words = (take_lead_question(human, focused, picked=False) if focused is not None else None) or \
        tr(f"charm_tray.prompt.{decision.moment}", card=card_label(follow) if follow is not None else "")
    if pad_shown():  # a controller has no F keys
        return words, tr("charm_tray.keys.choose_pad")
    slots = sorted(choice.slots())
    caps = [SLOT_CAPS[slot] for slot in slots if slot < len(SLOT_CAPS)] or ["F1"]
    if len(choice.charms) == 1:
        return words, tr("charm_tray.keys.choose_one", first=caps[0])
    return words, tr("charm_tray.keys.choose", first=caps[0], last=caps[-1])


def take_lead_question(human: HumanSeat, spec: CharmSpec, *, picked: bool) -> str | None:
    """R38's question, with its fee from the charm's file and who leads if the player lets it pass (the player who
    played the stopping card); None for another effect, or with no card played to stop on."""
    view = human.view
    if spec.effect != "take_lead" or view is None or not view.plays:
        return None
    free, paid = (("charm_notes.take_lead.which", "charm_notes.take_lead.which_fee") if picked else
                  ("charm_notes.take_lead.ask", "charm_notes.take_lead.ask_fee"))
    name, charm = human.stage.model.name(view.plays[-1].player), charm_name(spec.id)
    return trn(paid, spec.fee, charm=charm, name=name) if spec.fee else tr(free, charm=charm, name=name)
