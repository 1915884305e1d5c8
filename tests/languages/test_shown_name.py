"""File names in messages: control characters escaped, so a name can neither break a line nor repaint it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.locale.shown import shown_name


@pytest.mark.parametrize("name,shown", [
    ("plain/rules.yaml", "plain/rules.yaml"),
    ("two\nlines", "two\\nlines"),
    ("carriage\rreturn\ttab", "carriage\\rreturn\\ttab"),
    ("\x1b[2Jwiped", "\\x1b[2Jwiped"),
    ("nul\x00del\x7f", "nul\\x00del\\x7f"),
    ("c1\x9bcsi", "c1\\x9bcsi"),
    ("right\u202eelif", "right\\u202eelif"),
    ("line\u2028separator", "line\\u2028separator"),
    ("Zoë/règles ♠.yaml", "Zoë/règles ♠.yaml"),
    ("C:\\Users\\me", "C:\\Users\\me"),
])
def test_control_characters_are_escaped_and_nothing_else(name: str, shown: str) -> None:
    assert shown_name(name) == shown


def test_a_path_is_shown_as_its_text() -> None:
    assert shown_name(Path("saves") / "deal\n1.jsonl") == str(Path("saves")) + os.sep + "deal\\n1.jsonl"


def test_bytes_the_file_system_cannot_decode_show_as_bytes() -> None:
    name = os.fsdecode(b"caf\xe9.yaml") if os.name != "nt" else "caf\udce9.yaml"
    assert shown_name(name) == "caf\\xe9.yaml"
    shown_name(name).encode("utf-8")  # printable: a lone surrogate would not encode
