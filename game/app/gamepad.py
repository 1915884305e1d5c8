"""A game controller played as the keyboard: its buttons, D-pad and sticks become the key presses every scene
already answers (A is Enter, B is Esc, the D-pad and left stick are the arrows ...), so no scene needs to know a
controller exists. Controllers come and go while the game runs; none of that may ever stop the game."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame

from .assets import warn
from .pad_words import show_pad

# what each button presses; the shoulders are the scene's (stakes at the table, pages elsewhere)
BUTTON_KEYS = {pygame.CONTROLLER_BUTTON_A: pygame.K_RETURN, pygame.CONTROLLER_BUTTON_B: pygame.K_ESCAPE,
               pygame.CONTROLLER_BUTTON_X: pygame.K_h, pygame.CONTROLLER_BUTTON_Y: pygame.K_l,
               pygame.CONTROLLER_BUTTON_START: pygame.K_ESCAPE, pygame.CONTROLLER_BUTTON_BACK: pygame.K_SPACE,
               pygame.CONTROLLER_BUTTON_DPAD_UP: pygame.K_UP, pygame.CONTROLLER_BUTTON_DPAD_DOWN: pygame.K_DOWN,
               pygame.CONTROLLER_BUTTON_DPAD_LEFT: pygame.K_LEFT, pygame.CONTROLLER_BUTTON_DPAD_RIGHT: pygame.K_RIGHT}
SHOULDERS = (pygame.CONTROLLER_BUTTON_LEFTSHOULDER, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
PAGE_KEYS = (pygame.K_PAGEUP, pygame.K_PAGEDOWN)  # the shoulders' keys unless the scene says otherwise
TRIGGERS = {pygame.CONTROLLER_AXIS_TRIGGERLEFT: pygame.K_PAGEUP, pygame.CONTROLLER_AXIS_TRIGGERRIGHT: pygame.K_PAGEDOWN}
STICK = {pygame.CONTROLLER_AXIS_LEFTX: (pygame.K_LEFT, pygame.K_RIGHT),
         pygame.CONTROLLER_AXIS_LEFTY: (pygame.K_UP, pygame.K_DOWN)}
AXIS_FULL = 32767
PRESS_AT = 0.55  # a stick pushed past this share of its travel is an arrow pressed ...
RELEASE_AT = 0.35  # ... and released only back under this one, so a stick resting near the edge does not flicker
REPEAT_AFTER_S = 0.4  # a direction held repeats, as a key held does
REPEAT_EVERY_S = 0.12
REPEATS = frozenset({pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_PAGEUP, pygame.K_PAGEDOWN,
                     pygame.K_PLUS, pygame.K_MINUS})
# what a mouse or a keyboard does: the hints go back to the keys
KEYBOARD_OR_MOUSE = frozenset({pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL, pygame.TEXTINPUT})
PAD_EVENTS = frozenset({pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP, pygame.CONTROLLERAXISMOTION})
DEVICE_EVENTS = frozenset({pygame.CONTROLLERDEVICEADDED, pygame.CONTROLLERDEVICEREMOVED,
                           pygame.CONTROLLERDEVICEREMAPPED, pygame.JOYDEVICEADDED, pygame.JOYDEVICEREMOVED})


def key_event(kind: int, key: int) -> pygame.event.Event:
    """A key press or release as the keyboard would send it, marked as the controller's."""
    return pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0, pad=True)


class Gamepad:
    """Turns controller events into key events, opens and closes controllers as they come and go, and knows
    whether the controller is the device last used (the hints then name its buttons)."""

    def __init__(self) -> None:
        self.controllers: dict[int, Any] = {}  # instance id -> the open pygame._sdl2 controller
        self.in_use = False
        self.held: dict[tuple[str, int], int] = {}  # ("button" or "axis", which) -> the key it holds down
        self.repeat_key: int | None = None
        self.repeat_in = 0.0
        self._module = _controller_module()
        show_pad(False)

    def translate(self, event: pygame.event.Event, shoulders: tuple[int, int] = PAGE_KEYS
                  ) -> list[pygame.event.Event]:
        """The events a scene should see for `event`: itself when it is not the controller's, the key presses
        it stands for when it is, nothing for a device coming or going (handled here)."""
        if event.type in DEVICE_EVENTS:
            self._device(event)
            return []
        if event.type not in PAD_EVENTS:
            if event.type in KEYBOARD_OR_MOUSE and not getattr(event, "pad", False) or \
                    event.type == pygame.MOUSEMOTION and any(getattr(event, "rel", (0, 0))):
                self._use(False)
            return [event]
        if event.type == pygame.CONTROLLERAXISMOTION:
            return list(self._axis(int(getattr(event, "axis", -1)), int(getattr(event, "value", 0))))
        button = int(getattr(event, "button", -1))
        key = BUTTON_KEYS.get(button)
        if button in SHOULDERS:
            key = shoulders[SHOULDERS.index(button)]
        if key is None:
            return []
        return list(self._press(("button", button), key, event.type == pygame.CONTROLLERBUTTONDOWN))

    def update(self, dt: float) -> list[pygame.event.Event]:
        """The repeats of a direction held down for `dt` more seconds."""
        if self.repeat_key is None:
            return []
        self.repeat_in -= dt
        repeats = []
        while self.repeat_in <= 0:
            repeats.append(key_event(pygame.KEYDOWN, self.repeat_key))
            self.repeat_in += REPEAT_EVERY_S
        return repeats

    def _axis(self, axis: int, value: int) -> Iterator[pygame.event.Event]:
        """A stick or trigger moved: an arrow (or page key) pressed past the dead zone, released back inside it."""
        share = max(-1.0, min(1.0, value / AXIS_FULL))
        source = ("axis", axis)
        if axis in TRIGGERS:
            pressed = share >= (RELEASE_AT if source in self.held else PRESS_AT)
            yield from self._press(source, TRIGGERS[axis], pressed)
            return
        if axis not in STICK:
            return
        low, high = STICK[axis]
        held = self.held.get(source)
        threshold = RELEASE_AT if held is not None else PRESS_AT
        key = high if share >= threshold else low if share <= -threshold else None
        if held is not None and key != held:
            yield from self._press(source, held, False)
        if key is not None and key != held:
            yield from self._press(source, key, True)

    def _press(self, source: tuple[str, int], key: int, down: bool) -> Iterator[pygame.event.Event]:
        """A key pressed or released by one button or axis (a second press while held is not a new one)."""
        if down:
            self._use(True)
            if self.held.get(source) == key:
                return
            self.held[source] = key
            if key in REPEATS:
                self.repeat_key, self.repeat_in = key, REPEAT_AFTER_S
            yield key_event(pygame.KEYDOWN, key)
            return
        if self.held.pop(source, None) is None:
            return
        if self.repeat_key == key:
            self.repeat_key = None
        yield key_event(pygame.KEYUP, key)

    def _use(self, pad: bool) -> None:
        """The controller (or the keyboard and mouse) is the device in use: the hints follow."""
        if pad != self.in_use:
            self.in_use = pad
            show_pad(pad)
        if not pad:
            self.held.clear()
            self.repeat_key = None

    def _device(self, event: pygame.event.Event) -> None:
        """Open a controller plugged in, close one pulled out; a device that will not open is only noted."""
        if self._module is None:
            return
        try:
            if event.type == pygame.CONTROLLERDEVICEADDED:
                pad = self._module.Controller(int(event.device_index))
                self.controllers[pad.as_joystick().get_instance_id()] = pad
            elif event.type == pygame.CONTROLLERDEVICEREMOVED:
                pad = self.controllers.pop(int(event.instance_id), None)
                self.held.clear()
                self.repeat_key = None
                if pad is not None:
                    pad.quit()
        except (pygame.error, AttributeError, ValueError, TypeError, IndexError) as error:
            warn(f"a game controller could not be used: {error}")

    def close(self) -> None:
        """Let go of every open controller."""
        for pad in self.controllers.values():
            try:
                pad.quit()
            except pygame.error:
                pass
        self.controllers.clear()


def _controller_module() -> Any:
    """pygame-ce's game controller module, started; None where this pygame has none or it will not start."""
    try:
        from pygame._sdl2 import controller
        controller.init()
    except (ImportError, pygame.error) as error:
        warn(f"game controllers are not available: {error}")
        return None
    return controller
