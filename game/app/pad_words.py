"""The keys a hint names, worded for the device in use: a hint's key names are tokens (<Enter>, <Esc>, <←→> ...)
replaced by the key's word on a keyboard or the button's on a controller, so no sentence is written twice. On a
controller a part of the hint (between its dots) naming no key the controller has is left out."""

from __future__ import annotations

import re

import pygame

from ..locale import tr

# each token: the word for the key, the word for the controller's button that presses it
TOKENS = {"<Enter>": ("pad.key.enter", "pad.button.enter"), "<Esc>": ("pad.key.esc", "pad.button.esc"),
          "<Space>": ("pad.key.space", "pad.button.space"), "<H>": ("pad.key.hint", "pad.button.hint"),
          "<L>": ("pad.key.log", "pad.button.log"), "<PgUp/PgDn>": ("pad.key.pages", "pad.button.pages"),
          "<+/−>": ("pad.key.steps", "pad.button.steps"), "<↑↓>": ("pad.key.up_down", "pad.button.up_down"),
          "<←→>": ("pad.key.left_right", "pad.button.left_right"), "<arrows>": ("pad.key.arrows", "pad.button.arrows"),
          "<N>": ("charm_tray.pad.key", "charm_tray.pad.button")}  # N lets a charm's moment pass (LB at the table)
# a button's hotkey that a controller's button presses: its keycap names that button while the controller is in use
CAPS = {pygame.K_RETURN: "pad.button.enter", pygame.K_ESCAPE: "pad.button.esc", pygame.K_SPACE: "pad.button.space",
        pygame.K_h: "pad.button.hint", pygame.K_l: "pad.button.log"}
TOKEN = re.compile("|".join(re.escape(token) for token in TOKENS))
PARTS = re.compile(r"(\s+·\s+|\s{3,})")  # what separates a hint's parts: a dot, or a wide gap

_shown = {"pad": False}  # the device the hints name, as the app's controller layer last said


def show_pad(pad: bool) -> None:
    """Name the controller's buttons in hints from now on (True), or the keyboard's keys (False)."""
    _shown["pad"] = pad


def pad_shown() -> bool:
    """True while the hints name the controller's buttons."""
    return _shown["pad"]


def pad_cap(hotkey: int | None, keycap: str) -> str:
    """The keycap a button with `hotkey` shows: the controller's button for it while the controller is in use."""
    if not _shown["pad"] or not keycap:
        return keycap
    if hotkey in CAPS:
        return tr(CAPS[hotkey])
    return tr("pad.button.enter") if keycap == tr("table.enter_key") else keycap  # Enter's word, no hotkey of its own


def keyed(hint: str) -> str:
    """`hint` with its key tokens worded for the device in use (parts a controller cannot do left out)."""
    pad = _shown["pad"]
    if pad:
        parts = PARTS.split(hint)
        kept = [part for part in parts[::2] if TOKEN.search(part)]
        if kept:  # a hint naming no button at all is shown as it is, rather than vanish
            separator = parts[1] if len(parts) > 1 else "  ·  "
            hint = separator.join(kept)
    return TOKEN.sub(lambda found: tr(TOKENS[found.group(0)][1 if pad else 0]), hint)
