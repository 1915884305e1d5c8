"""A file name (or any text from a file) as a message shows it: control characters escaped, so it can neither
break a line nor repaint the terminal."""

from __future__ import annotations

import os
import unicodedata

_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
# characters that move or hide the text around them: line and paragraph separators, and the bidi controls
_FORMAT_CONTROLS = frozenset("\u2028\u2029\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_SURROGATE_ESCAPES = range(0xDC80, 0xDD00)  # os.fsdecode's stand-ins for bytes that are not UTF-8


def shown_name(path: str | os.PathLike[str]) -> str:
    """`path` as text for a message: a newline shows as `\\n`, ESC as `\\x1b`, a byte the file system's
    encoding cannot read as `\\xff`; every other character as it is."""
    return shown_text(os.fspath(path))


def shown_text(text: str) -> str:
    """Text read from a file (a player's name in a log, a rules file's name) escaped as `shown_name` escapes."""
    return "".join(_shown_character(character) for character in text)


def _shown_character(character: str) -> str:
    """One character of a name, escaped when it is a control character or cannot be printed."""
    if character in _NAMED:
        return _NAMED[character]
    code = ord(character)
    if code in _SURROGATE_ESCAPES:
        return f"\\x{code - 0xDC00:02x}"
    category = unicodedata.category(character)
    if category == "Cc" or category == "Cs" or character in _FORMAT_CONTROLS:
        return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
    return character
