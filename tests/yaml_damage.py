"""A shipped YAML file damaged the ways a careless edit damages one, for the file tests' hypothesis runs: 1 to 3
lines dropped, repeated, given another value or spliced with stray characters."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import strategies as st


def damaged(data: st.DataObject, shipped: str, values: Sequence[str]) -> str:
    """`shipped` with 1 to 3 of its lines damaged, a changed value drawn from `values`."""
    lines = shipped.splitlines(keepends=True)
    for _ in range(data.draw(st.integers(1, 3))):
        index = data.draw(st.integers(0, len(lines) - 1))
        action = data.draw(st.sampled_from(["drop", "repeat", "value", "chars"]))
        line = lines[index]
        if action == "drop":
            del lines[index]
        elif action == "repeat":
            lines.insert(index, line)
        elif action == "value" and ":" in line:
            lines[index] = line.split(":", 1)[0] + ": " + data.draw(st.sampled_from(list(values))) + "\n"
        else:
            text = data.draw(st.text(alphabet="ab:-[]{}#'\" \t\n0", max_size=6))
            cut = data.draw(st.integers(0, len(line)))
            lines[index] = line[:cut] + text + line[cut:]
        if not lines:
            break
    return "".join(lines)
