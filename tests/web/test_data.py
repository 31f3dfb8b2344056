"""The component facts copied into the browser client still match the games' data files."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DATA_JS = ROOT / "crafthall" / "web" / "static" / "js" / "data.js"


def _js_object(name: str) -> dict[str, object]:
    text = DATA_JS.read_text(encoding="utf-8")
    body = re.search(rf"export const {name} = (\{{.*?\}});\n", text, re.S)
    assert body, name
    as_json = re.sub(
        r"([{,]\s*)([a-z?]+|\"[^\"]+\")\s*:",
        lambda m: f'{m.group(1)}"{m.group(2).strip(chr(34))}":',
        body.group(1),
    )
    as_json = re.sub(r",\s*}", "}", as_json)
    found: dict[str, object] = json.loads(as_json)
    return found


def _components(game: str) -> dict[str, object]:
    path = ROOT / "crafthall" / "games" / game / "components.json"
    found: dict[str, object] = json.loads(path.read_text(encoding="utf-8"))
    return found


def test_wordsmith_alphabet_matches() -> None:
    assert _js_object("WORDSMITH_ALPHABET") == _components("wordsmith")["alphabet"]


def test_evocabulary_points_match() -> None:
    letters = _components("evocabulary")["letters"]
    assert isinstance(letters, list)
    assert _js_object("EVOCABULARY_POINTS") == {c["face"]: c["points"] for c in letters}


def test_evocabulary_achievements_match() -> None:
    cards = _components("evocabulary")["achievements"]
    assert isinstance(cards, list)
    expected = {c["id"]: [c.get("points", 0), c.get("factor", 1)] for c in cards}
    assert _js_object("EVOCABULARY_ACHIEVEMENTS") == expected
