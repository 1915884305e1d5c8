"""Scenes and the scene stack: each scene takes input, updates, and draws without changing anything.

Scenes reach one another by name through the stack (`app.scenes.push("settings", over_table=True)`), as
Tuxemon's state manager does: the names and what builds each are one table (`game.app.registry`), so no
scene module imports another. Each scene on the stack goes through matched pairs of calls: `enter` when it
is put on the stack and `exit` when it leaves for good; `pause` when another scene covers it and `resume`
when it is uncovered again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, Literal

import pygame

from ..locale import tr
from .canvas import Canvas

if TYPE_CHECKING:
    from .app import App

SceneName = Literal["title", "new_game", "table", "kept_table", "deal_summary", "results", "pause", "confirm",
                    "settings", "how_to_play", "statistics", "replays", "replay", "campaign_roads", "campaign_map",
                    "high_scores", "daily", "crash", "tutorial", "review", "rules_editor", "unlocked",
                    "trophies", "charm_shop"]
SceneMaker = Callable[..., "Scene"]  # (app, **options) -> the scene


class Scene:
    """One screen of the game; the stack calls enter/exit and pause/resume in matched pairs."""

    #: scenes under this one keep drawing (a pause menu over the table)
    overlay = False
    #: the music track while this scene is the one drawn at the bottom (None: whatever was playing goes on)
    music: str | None = "title"
    #: a menu over another scene (the pause menu): it gives way to a full page opened from it (Settings) and
    #: shows only under a small question (Quit to title?)
    gives_way = False
    #: a small question over whatever is underneath: the menu under it stays in view
    is_question = False
    #: a scene being played (the table): the notices wait in a small tab (`notice_tab`) rather than cover it
    plays = False

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """Called when the scene is put on the stack."""

    def exit(self) -> None:
        """Called when the scene leaves the stack for good."""

    def pause(self) -> None:
        """Called when another scene is put over this one."""

    def resume(self) -> None:
        """Called when the scene over this one has left and this one is on top again."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """React to one input event."""

    def update(self, dt: float) -> None:
        """Advance by `dt` seconds."""

    def draw(self, surface: Canvas) -> None:
        """Draw the scene; must not change any state."""

    def pad_shoulders(self) -> tuple[int, int]:
        """The keys a controller's left and right shoulder buttons press here: a page back and a page on."""
        return pygame.K_PAGEUP, pygame.K_PAGEDOWN

    def notice_tab(self) -> pygame.Rect | None:
        """Where the tab saying notices wait goes while this scene is played (None: nowhere free just now)."""
        return None

    def back(self) -> None:
        """Leave this scene for the one underneath (only while it is on top)."""
        if self.app.scenes.top is self:
            self.app.scenes.pop()

    def unsaved(self) -> bool:
        """True when leaving now would lose something the player would miss."""
        return False

    def keep(self) -> str | None:
        """Keep what `unsaved` would lose, on disk before returning: None when kept, else why not in a sentence."""
        return tr("app.session.cannot_keep") if self.unsaved() else None

    def relabel(self) -> None:
        """The language or the window's scale changed: rebuild the words and pictures made ahead of drawing.

        App.set_language calls it on every scene on the stack; a scene that looks its words up while
        drawing needs nothing here."""


class SceneStack:
    """The scenes in play, the top one active; scenes are made by name from the registry given."""

    def __init__(self, app: App, registry: Mapping[SceneName, SceneMaker]) -> None:
        self.app = app
        self.registry = registry
        self._scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        """The active scene."""
        return self._scenes[-1] if self._scenes else None

    def __len__(self) -> int:
        return len(self._scenes)

    def __iter__(self) -> Iterator[Scene]:
        return iter(list(self._scenes))

    def __contains__(self, scene: object) -> bool:
        return scene in self._scenes

    def make(self, name: SceneName, **options: Any) -> Scene:
        """The scene called `name`, built with `options` (KeyError for a name the registry does not know)."""
        return self.registry[name](self.app, **options)

    def _scene(self, scene: Scene | SceneName, options: dict[str, Any]) -> Scene:
        # built before the stack changes, so a scene that cannot be made leaves the stack as it was
        return self.make(scene, **options) if isinstance(scene, str) else scene

    def push(self, scene: Scene | SceneName, /, **options: Any) -> Scene:
        """Put a scene (or the one called so, built with `options`) on top and enter it; the one below pauses."""
        made = self._scene(scene, options)
        if self._scenes:
            self._scenes[-1].pause()
        self._scenes.append(made)
        made.enter()
        return made

    def pop(self) -> Scene | None:
        """Leave and remove the top scene; the one below resumes."""
        if not self._scenes:
            return None
        scene = self._scenes.pop()
        scene.exit()
        if self._scenes:
            self._scenes[-1].resume()
        return scene

    def replace(self, scene: Scene | SceneName, /, **options: Any) -> Scene:
        """Swap the top scene for another; the scenes below stay paused."""
        made = self._scene(scene, options)
        if self._scenes:
            self._scenes.pop().exit()
        self._scenes.append(made)
        made.enter()
        return made

    def clear_to(self, scene: Scene | SceneName, /, **options: Any) -> Scene:
        """Leave every scene and start again from another."""
        made = self._scene(scene, options)
        self.close()
        self._scenes.append(made)
        made.enter()
        return made

    def close(self) -> None:
        """Leave every scene, top first, without resuming the ones below (the game is closing)."""
        while self._scenes:
            self._scenes.pop().exit()

    def abandon(self) -> None:
        """Leave every scene, top first, after a crash: each may save what it holds, and one that fails to
        leave does not stop the others (the crash is already reported)."""
        while self._scenes:
            try:
                self._scenes.pop().exit()
            except Exception:  # noqa: BLE001 - a scene broken by the crash may break again on its way out
                pass

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: the top one and the non-overlay under it, without a menu covered
        by anything but a question (the pause menu does not show through Settings opened from it)."""
        out: list[Scene] = []
        above: Scene | None = None
        for scene in reversed(self._scenes):
            if not (scene.gives_way and above is not None and not above.is_question):
                out.append(scene)
            if not scene.overlay:
                break
            above = scene
        return list(reversed(out))
