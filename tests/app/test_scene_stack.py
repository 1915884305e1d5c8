"""The scene stack: scenes made by name from the one registry; enter/exit and pause/resume in matched pairs."""

from __future__ import annotations

from typing import Any

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
import pytest

from game.app.app import App
from game.app.registry import SCENES
from game.app.scene import Scene, SceneStack
from game.app.scenes.confirm import ConfirmScene
from game.app.scenes.title import TitleScene


class Watched(Scene):
    """A scene that writes down every call the stack makes of it."""

    def __init__(self, app: App, name: str = "", calls: list[str] | None = None) -> None:
        super().__init__(app)
        self.name = name
        self.calls = calls if calls is not None else []

    def enter(self) -> None:
        self.calls.append(f"{self.name}.enter")

    def exit(self) -> None:
        self.calls.append(f"{self.name}.exit")

    def pause(self) -> None:
        self.calls.append(f"{self.name}.pause")

    def resume(self) -> None:
        self.calls.append(f"{self.name}.resume")


def broken(app: App, **options: Any) -> Scene:
    """A scene that cannot be made."""
    raise ValueError("the kept session no longer fits")


def stack(app: App, calls: list[str]) -> SceneStack:
    """A stack whose registry knows the watched scenes `a` to `e` and one that cannot be made."""
    registry: dict[str, Any] = {name: (lambda app, name=name: Watched(app, name, calls)) for name in "abcde"}
    registry["broken"] = broken
    return SceneStack(app, registry)  # type: ignore[arg-type]  # test names stand in for the game's


def test_push_pauses_the_scene_below_and_pop_resumes_it(app: App) -> None:
    calls: list[str] = []
    scenes = stack(app, calls)
    scenes.push("a")  # type: ignore[arg-type]
    scenes.push("b")  # type: ignore[arg-type]
    scenes.pop()
    assert calls == ["a.enter", "a.pause", "b.enter", "b.exit", "a.resume"]


def test_replace_and_clear_to_exit_what_leaves_and_leave_the_rest_paused(app: App) -> None:
    calls: list[str] = []
    scenes = stack(app, calls)
    scenes.push("a")  # type: ignore[arg-type]
    scenes.push("b")  # type: ignore[arg-type]
    calls.clear()
    scenes.replace("c")  # type: ignore[arg-type]
    assert calls == ["b.exit", "c.enter"]
    calls.clear()
    scenes.clear_to("b")  # type: ignore[arg-type]
    assert calls == ["c.exit", "a.exit", "b.enter"], "top first, and nothing under is resumed on the way"
    calls.clear()
    scenes.close()
    assert calls == ["b.exit"] and len(scenes) == 0


def test_every_enter_has_its_exit_and_every_pause_its_resume_however_scenes_come_and_go(app: App) -> None:
    calls: list[str] = []
    scenes = stack(app, calls)
    for step in ("push a", "push b", "push c", "pop", "replace d", "push e", "pop", "pop", "clear_to c",
                 "push b", "push e", "pop", "close"):
        verb, _, name = step.partition(" ")
        getattr(scenes, verb)(*([name] if name else []))
    on_stack: dict[str, bool] = {}
    paused: dict[str, bool] = {}
    for call in calls:  # each call must be one the scene's state allows
        name, _, hook = call.partition(".")
        here, still = on_stack.get(name, False), paused.get(name, False)
        assert {"enter": not here, "exit": here, "pause": here and not still, "resume": here and still}[hook], call
        if hook in ("enter", "exit"):
            on_stack[name], paused[name] = hook == "enter", False
        else:
            paused[name] = hook == "pause"
    assert not any(on_stack.values()), "closed: every scene has left"


def test_a_scene_that_cannot_be_made_leaves_the_stack_as_it_was(app: App) -> None:
    calls: list[str] = []
    scenes = stack(app, calls)
    scenes.push("a")  # type: ignore[arg-type]
    for verb in ("push", "replace", "clear_to"):
        with pytest.raises(ValueError):
            getattr(scenes, verb)("broken")
    assert calls == ["a.enter"] and len(scenes) == 1


def test_the_game_reaches_its_scenes_by_name(app: App) -> None:
    title = app.scenes.push("title", message="hello")
    assert isinstance(title, TitleScene) and title.message == "hello" and app.scenes.top is title
    confirm = app.scenes.push("confirm", question="Sure?", on_yes=lambda: None)
    assert isinstance(confirm, ConfirmScene) and list(app.scenes) == [title, confirm]
    with pytest.raises(KeyError):
        app.scenes.push("no_such_scene")  # type: ignore[arg-type]
    assert app.scenes.registry is SCENES


def test_closing_the_window_twice_while_asked_means_quit(app: App) -> None:
    class Unkept(Scene):
        def unsaved(self) -> bool:
            return True
    app.scenes.push(Unkept(app))
    app.request_quit()
    assert isinstance(app.scenes.top, ConfirmScene) and app.running, "asked, since it cannot be kept"
    app.request_quit()
    assert not app.running
