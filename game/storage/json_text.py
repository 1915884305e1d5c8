"""JSON text for documents holding a long list that only grows, such as a session's actions, kept again after
every deal: the list's items are encoded once, as they come, so writing the document again joins their text
rather than encoding the whole history anew (which would make every deal of a long session slower to keep)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

SEPARATORS = (",", ":")
_MARK = "\x00encoded list {}\x00"  # a stand-in no player's words contain (checked all the same)


def item_text(item: Any) -> str:
    """One JSON-ready item as `dumps` writes it."""
    return json.dumps(item, ensure_ascii=False, separators=SEPARATORS)


class EncodedList(list[Any]):
    """A list of JSON-ready items with its JSON text made already, from each item's `item_text`."""

    def __init__(self, items: Sequence[Any], texts: Sequence[str]) -> None:
        if len(items) != len(texts):
            raise ValueError("an encoded list needs one text per item")
        super().__init__(items)
        self.text = "[" + ",".join(texts) + "]"
        self.size = len(items)


def dumps(document: dict[str, Any]) -> str:
    """`document` as compact JSON text (non-ASCII kept), with the text of each `EncodedList` in its dicts spliced
    in as made; the same text as `json.dumps` would give."""
    found: list[EncodedList] = []
    marked = _marked(document, found)
    if not found:
        return json.dumps(document, ensure_ascii=False, separators=SEPARATORS)
    text = json.dumps(marked, ensure_ascii=False, separators=SEPARATORS)
    for number, encoded in enumerate(found):
        mark = json.dumps(_MARK.format(number))
        if text.count(mark) != 1:
            return json.dumps(document, ensure_ascii=False, separators=SEPARATORS)
        text = text.replace(mark, encoded.text)
    return text


def _marked(value: dict[str, Any], found: list[EncodedList]) -> dict[str, Any]:
    """`value` with every unchanged `EncodedList` in it or its dicts replaced by a numbered stand-in."""
    out: dict[str, Any] = {}
    for key, item in value.items():
        if isinstance(item, EncodedList) and len(item) == item.size:
            out[key] = _MARK.format(len(found))
            found.append(item)
        elif isinstance(item, dict):
            out[key] = _marked(item, found)
        else:
            out[key] = item
    return out
