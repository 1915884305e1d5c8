"""Scenes and the scene stack: each scene takes input, updates, and draws without changing anything."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from .app import App


class Scene:
    """One screen of the game; the stack calls enter/exit in matched pairs."""

    #: scenes under this one keep drawing (a pause menu over the table)
    overlay = False

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack."""

    def exit(self) -> None:
        """Called when the scene leaves the top of the stack for good."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """React to one input event."""

    def update(self, dt: float) -> None:
        """Advance by `dt` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene; must not change any state."""

    def back(self) -> None:
        """Leave this scene for the one underneath (only while it is on top)."""
        if self.app.scenes.top is self:
            self.app.scenes.pop()

    def unsaved(self) -> bool:
        """True when leaving now would lose something the player would miss."""
        return False

    def relabel(self) -> None:
        """The language changed: rebuild whatever words this scene made ahead of drawing (buttons, rows).

        App.set_language calls it on every scene on the stack; a scene that looks its words up while
        drawing needs nothing here."""


class SceneStack:
    """The scenes in play, the top one active."""

    def __init__(self) -> None:
        self._scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        """The active scene."""
        return self._scenes[-1] if self._scenes else None

    def __len__(self) -> int:
        return len(self._scenes)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self._scenes)

    def push(self, scene: Scene) -> None:
        """Put `scene` on top and enter it."""
        self._scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        """Leave and remove the top scene."""
        if not self._scenes:
            return None
        scene = self._scenes.pop()
        scene.exit()
        if self._scenes:
            self._scenes[-1].enter()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for `scene`."""
        if self._scenes:
            self._scenes.pop().exit()
        self.push(scene)

    def clear_to(self, scene: Scene) -> None:
        """Leave every scene and start again from `scene`."""
        while self._scenes:
            self._scenes.pop().exit()
        self.push(scene)

    def close(self) -> None:
        """Leave every scene, top first, without entering the ones below (the game is closing)."""
        while self._scenes:
            self._scenes.pop().exit()

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: the top one and the non-overlay under it."""
        out: list[Scene] = []
        for scene in reversed(self._scenes):
            out.append(scene)
            if not scene.overlay:
                break
        return list(reversed(out))
