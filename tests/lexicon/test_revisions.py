"""The bundled lists change only by numbered revisions, and every earlier revision can be rebuilt:
a record pins its list's content hash, and replays with the revision that hash names."""

from __future__ import annotations

import hashlib
import json

import pytest

from crafthall.engine.errors import RecordError
from crafthall.games import match_from_lines, new_match
from crafthall.lexicon import SIZES, SPELLINGS, LexiconError, load
from crafthall.lexicon.revisions import REVISION, data_lines
from crafthall.lexicon.wordlist import lexicon_name

# The content hash of every bundled list as shipped before the lists were first revised: the
# hash the records made then pin (the games' golden playthroughs among them).
HASHES_AT_REVISION_0 = {
    "common": "7bffee120648213e9396a40fd94e0fe954d204d49976b39ff8d4bd10b6d5fdb1",
    "common adult": "0f791a044119cb69bfed4079df91665c77930db65d9dfd1f8c80a77a9cda4c2c",
    "common en-US": "adfc27ee45695a9edae07110db435f2b071d5c21edc2851581db6ea65a758de4",
    "common en-US adult": "cf4c8143fc04e00f03e19aaaed85b60613d3b9e6750bac2b6702778fd3e1fedc",
    "common en-GB": "ee1add34255ac50f53d8a4acb546601fb696f442f49196fbd859c26cfd20d9b2",
    "common en-GB adult": "b50874bb0298d0df44fd97f626216707bc256c5a123b86718716aa6fc3b7560f",
    "standard": "eb24ff691fd99b8256e7d9f1aa41294028fb097aed16315cde0cf1d462e2542c",
    "standard adult": "ecb6ff14b0df5151a33ea0330db08f95799c80a57408e357fcd5357154e3380c",
    "standard en-US": "b0307e0e188b12ad152ef74e23257ddb07235476db1d0907802cf52b4882efb0",
    "standard en-US adult": "b4e3e30a6d56ade3cf213c679c82cf0fabe0eeb2256046407cbbb59aef0c1e8f",
    "standard en-GB": "9164fb1c7e663123ee96945091603dd19ca6ca105e61d7dc6b023638e9a1a85c",
    "standard en-GB adult": "b44a7ae7dc2bae000f12927e0b41bbff697cad187c37a3e50fb83d0230fdf81c",
    "large": "4c949ceef1104c021f03270531201f48fd77dbcc64f21d887fe48f70acb30795",
    "large adult": "9dc368c9d5cb0d4cc540f1b59a741b6b2ebc39e0c5d9bd76c03cc8c4f0790deb",
    "large en-US": "ddda499b32b18e2f0d0c2ad7274cee86f2ef6d8926db78293dba59a134941cfd",
    "large en-US adult": "d14439bc744e898df6a8935dcd10a659b360b3ae8eaf07e20c6247acae6b361e",
    "large en-GB": "bc2eaa14ec0a43042d6f4c220a88c09d6d10eb67737829e40acc1fc726cfcd48",
    "large en-GB adult": "705c8520a33484c851ab07e621dd5130b1b2072df1ce76ac79c2db7ec09cb2eb",
}
# SHA-256 of the uncompressed tables the lists were read with at revision 0.
TABLES_AT_REVISION_0 = {
    "families.tsv.gz": "627cb6040ad569108780e899cbaf97d2de531b7c64182d85af0ccf1f683ae9cf",
    "spellings.tsv.gz": "78236dec1a803fc1d4371394dcef94ce6b9248b29a67368a51e683bbcf8633ab",
    "offensive.tsv.gz": "efc0034b251a5772d6122f634c5a91ddac47d1b2275c88d1c434540cc69e6919",
}
LIST_OPTIONS = [
    (size, spelling, adult) for size in SIZES for spelling in SPELLINGS for adult in (False, True)
]


@pytest.mark.parametrize(("size", "spelling", "adult"), LIST_OPTIONS)
def test_revision_0_rebuilds_the_lists_the_first_records_pinned(
    size: str, spelling: str, adult: bool
) -> None:
    lexicon = load(size, spelling=spelling, adult_words=adult, revision=0)
    assert lexicon.content_hash == HASHES_AT_REVISION_0[lexicon.name]
    assert lexicon.revision == 0


@pytest.mark.parametrize("table", sorted(TABLES_AT_REVISION_0))
def test_revision_0_rebuilds_the_tables_it_was_read_with(table: str) -> None:
    text = "".join(f"{line}\n" for line in data_lines(table, 0))
    assert hashlib.sha256(text.encode()).hexdigest() == TABLES_AT_REVISION_0[table]


@pytest.mark.parametrize(("size", "spelling", "adult"), LIST_OPTIONS)
def test_each_revision_of_a_list_has_its_own_hash(size: str, spelling: str, adult: bool) -> None:
    """A hash names one revision: a revision must change every list it revises (the family
    table goes with the words, so a revision that changed only families would be ambiguous)."""
    hashes = [
        load(size, spelling=spelling, adult_words=adult, revision=number).content_hash
        for number in range(REVISION + 1)
    ]
    assert len(set(hashes)) == len(hashes), lexicon_name(size, spelling, adult)


def test_new_tables_get_the_newest_revision() -> None:
    assert load("standard").revision == REVISION
    assert load("standard") is load("standard", revision=REVISION)


def test_an_unknown_revision_is_refused_with_a_sentence() -> None:
    with pytest.raises(LexiconError, match="revisions 0 to"):
        load("standard", revision=REVISION + 1)


def _record(options: dict[str, object], pinned: str) -> list[str]:
    lines = new_match("wordcraft", ["A", "B"], seed=3, options=options).record_lines()
    header = json.loads(lines[0])
    header["pins"]["dictionary_sha256"] = pinned
    return [json.dumps(header), *lines[1:]]


@pytest.mark.parametrize("name", ["standard", "common en-GB adult"])
def test_a_record_pinning_revision_0_replays_with_revision_0(name: str) -> None:
    size, *rest = name.split()
    options = {
        "dictionary": size,
        "spelling": next((part for part in rest if part.startswith("en-")), "en"),
        "adult_words": "adult" in rest,
    }
    match = match_from_lines(_record(options, HASHES_AT_REVISION_0[name]))
    lexicon = match.game.lexicon  # type: ignore[attr-defined]
    assert lexicon.revision == 0
    assert lexicon.content_hash == HASHES_AT_REVISION_0[name]


def test_a_record_pinning_no_revision_is_still_refused() -> None:
    with pytest.raises(RecordError, match="the words allowed may differ"):
        match_from_lines(_record({}, "0" * 64))
