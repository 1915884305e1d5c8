"""Scratch: render every screenshot at a text size in languages; print words crossing words and cut words."""
import json, sys, tempfile
from pathlib import Path
sys.path.insert(0, ".")
from game.app import word_overlaps
from game.app.screenshots import render_all
size = int(sys.argv[1]); langs = sys.argv[2:] or ["en"]
for lang in langs:
    with tempfile.TemporaryDirectory() as d:
        data = Path(d) / "data"; data.mkdir()
        (data / "settings.json").write_text(json.dumps({"text_size": size, "card_size": size}))
        crossings = word_overlaps.start()
        overflows: set[str] = set()
        render_all(Path(f"/tmp/s{size}-{lang}"), data, language=lang, overflows=overflows)
        word_overlaps.stop()
        print(f"== {lang} at {size}%: {len(crossings)} crossings, {len(overflows)} cut")
        for c in sorted(crossings): print("  X", c)
        for o in sorted(overflows): print("  CUT", repr(o))
