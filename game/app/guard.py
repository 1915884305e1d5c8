"""The crash guard around the game loop: an unexpected exception keeps the session, writes a report and
leaves the player on one calm screen instead of a traceback."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..locale import tr
from ..storage.crash_report import write_crash_report
from .assets import warn
from .scenes.crash import CrashScene, SessionFate

if TYPE_CHECKING:
    from .app import App


def after_crash(app: App, error: Exception) -> bool:
    """After `error` escaped a frame: keep the session, write the report and show the crash screen. True when
    the loop may go on (on the crash screen), False when it must stop (the crash screen itself failed)."""
    names = scene_names(app)
    if isinstance(app.scenes.top, CrashScene):  # a second crash, on the crash screen: stop rather than loop
        report = write_crash_report(app.data_dir, error, {"scenes": names, "note": "raised by the crash screen"})
        say(f"the crash screen failed too; the game closes (report: {report or 'not written'})")
        return False
    fate, why = keep(app)
    report = write_crash_report(app.data_dir, error, {"scenes": names, "session": f"{fate} {why}".strip()})
    say(f"something went wrong ({type(error).__name__}); "
        + (f"a crash report is at {report}" if report else "no crash report could be written"))
    app.scenes.abandon()
    try:
        app.scenes.push(CrashScene(app, report, fate, why))
    except Exception as failure:  # noqa: BLE001 - no crash screen either: the report is written, close quietly
        write_crash_report(app.data_dir, failure, {"note": "raised while making the crash screen"})
        return False
    return True


def keep(app: App) -> tuple[SessionFate, str]:
    """Keep the session in progress, if there is one: what became of it, and why when it was lost."""
    try:
        if not any(scene.unsaved() for scene in app.scenes):
            return "none", ""
        problem = app.keep_session()
    except Exception:  # noqa: BLE001 - the state that crashed may crash this too; say so and go on
        return "lost", tr("app.session.not_saved")
    return ("kept", "") if problem is None else ("lost", problem)


def scene_names(app: App) -> str:
    """The scenes on the stack, bottom first, for the report."""
    try:
        return " > ".join(type(scene).__name__ for scene in app.scenes) or "none"
    except Exception:  # noqa: BLE001 - a report without the names beats no report
        return "unknown"



def say(message: str) -> None:
    """One warning line on stderr, if there is a stderr that takes it (a windowed start may have none)."""
    try:
        warn(message)
    except (OSError, ValueError):
        pass
