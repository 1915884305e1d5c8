"""Words a new player frowns at: one name for the replays in each language, and a chip counted as one."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.locale import LANGUAGES, catalog, set_language, tr

# other names the replays went by in some languages, beside the one the title's menu uses
OTHER_NAMES = {"fr": ("rediffusion",), "it": ("replay",), "pt": ("repetiç",), "nl": ("herhaling",)}


@pytest.fixture
def english() -> Iterator[None]:
    yield
    set_language("en")


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_the_replays_go_by_one_name_in_each_language(code: str, english: None) -> None:
    set_language(code)
    menu = tr("title.menu.replays")
    assert tr("replays.title") == menu, "the title's menu and the list it opens call the replays alike"
    window = tr("replay.title").casefold().split()
    stems = {word[:5] for word in menu.casefold().split() if len(word) >= 5}
    assert any(word[:5] in stems for word in window), ("the replay window says it in other words", window, menu)
    values = catalog(code).entries.values()
    shown = " ".join(" ".join(value) if isinstance(value, tuple) else value for value in values).casefold()
    for other in OTHER_NAMES.get(code, ()):
        assert other not in shown, f"{code} still calls the replays '{other}…'"
