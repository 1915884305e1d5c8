"""The rules editor's saving and leaving: the rules written as a new commented file once nothing is wrong (asking
before one is replaced), and a question before changes not saved are lost (a helper module: it holds no scene)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from ....config import ConfigError
from ....config.rules_writer import rules_file_path, save_rules_file, stem_problem
from ....engine.rules import RuleSet
from ....locale import tr
from ....storage.folders import closed_to

if TYPE_CHECKING:
    from .scene import RulesEditorScene


def save_draft(editor: RulesEditorScene) -> None:
    """Save under the typed file name, once nothing is wrong; ask before replacing a file."""
    rules = editor.draft.rules()
    if rules is None:
        editor.say(tr("rules_editor.fix_first"))
        return
    wrong = stem_problem(editor.stem)
    if wrong is not None:
        editor.say(str(wrong))
        return
    path = rules_file_path(editor.folder, editor.stem)
    closed = closed_to(path)
    if closed is not None:  # the folder is closed to the game: nothing can be looked at there, nor saved
        editor.say(tr("rules_editor.not_saved", file=path.name, error=closed.strerror or closed))
        return
    if os.path.lexists(path):  # anything there, even a link, is asked about before it is replaced
        editor.app.scenes.push("confirm", question=tr("rules_editor.replace_title", file=path.name),
                               detail=tr("rules_editor.replace_detail"), yes=tr("rules_editor.replace_yes"),
                               no=tr("rules_editor.replace_no"), on_yes=lambda: _write(editor, path, rules))
        return
    _write(editor, path, rules)


def _write(editor: RulesEditorScene, path: Path, rules: RuleSet) -> None:
    try:
        save_rules_file(path, rules)
    except ConfigError as error:
        editor.say("; ".join(error.problems))
        return
    except OSError as error:
        editor.say(tr("rules_editor.not_saved", file=path.name, error=error.strerror or error))
        return
    editor.saved_values = dict(editor.draft.values)
    editor.say(tr("rules_editor.saved", file=path.name))
    if editor.on_saved is not None:
        editor.on_saved(path)


def unless_unsaved(editor: RulesEditorScene, then: Callable[[], None]) -> None:
    """Do `then` at once when nothing would be lost by it, else only once the player says to lose the changes."""
    if not editor.unsaved():
        then()
        return
    editor.app.scenes.push("confirm", question=tr("rules_editor.lose_title"), detail=tr("rules_editor.lose_detail"),
                           yes=tr("rules_editor.lose_yes"), no=tr("rules_editor.lose_no"), on_yes=then)
