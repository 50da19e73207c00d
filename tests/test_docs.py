"""Every example in the docs and the README is a test: they say nothing the code does not do.

- a ```json block loads: a match document with ``ludoteca.load``, a position (on a game's
  page) as the start of a match of that game;
- a ```python block runs (its ``assert`` lines are the example's claims);
- a ```log block (``players=N`` after it) replays: each line is moves separated by commas,
  then two spaces or more and a comment;
- every move in the first column of a game page's notation tables is in canonical form:
  it reads as a move whose notation is that text.
"""

import json
import re
from pathlib import Path

import pytest

import ludoteca

ROOT = Path(__file__).parent.parent
DOCS = ROOT / "docs"
README = ROOT / "README.md"
PAGES = [README, *sorted(DOCS.glob("*.md")), *sorted((DOCS / "games").glob("*.md"))]
#: Pages whose examples are not match documents, each with the test that checks them.
OWN_TESTS = {"protocol.md": "tests/server/test_protocol_doc.py"}
BLOCK = re.compile(r"^```(\w*)([^\n]*)\n(.*?)^```", re.MULTILINE | re.DOTALL)


def blocks(kind: str) -> list[tuple[Path, str, str]]:
    found = []
    for page in PAGES:
        if page.name in OWN_TESTS:
            continue
        for language, info, body in BLOCK.findall(page.read_text(encoding="utf-8")):
            if language == kind:
                found.append((page, info.strip(), body))
    return found


def page_game(page: Path) -> str | None:
    return page.stem if page.parent.name == "games" else None


def test_pages_with_their_own_example_tests_have_them():
    for page, test in OWN_TESTS.items():
        assert (DOCS / page).exists()
        assert page in (ROOT / test).read_text(encoding="utf-8")


def test_the_docs_have_examples_of_each_kind():
    assert len(blocks("json")) >= 5
    assert blocks("python")
    assert blocks("log")


def test_the_readme_examples_are_among_them():
    assert any(page == README for page, _, _ in blocks("python"))


@pytest.mark.parametrize(
    ("page", "body"),
    [(page, body) for page, _, body in blocks("json")],
    ids=lambda x: x.name if isinstance(x, Path) else "",
)
def test_every_json_example_loads(page, body):
    data = json.loads(body)
    if "game" in data:
        match = ludoteca.load(data)
    else:
        game_id = page_game(page)
        assert game_id, f"a position example on {page.name} must be on a game's page"
        doc = {"game": game_id, "players": len(data["players"]), "position": data}
        match = ludoteca.load(doc)
    json.dumps(match.view(None))
    assert str(match)


@pytest.mark.parametrize(
    ("page", "body"),
    [(page, body) for page, _, body in blocks("python")],
    ids=lambda x: x.name if isinstance(x, Path) else "",
)
def test_every_python_example_runs(page, body):
    exec(compile(body, str(page), "exec"), {})


@pytest.mark.parametrize(
    ("page", "info", "body"),
    blocks("log"),
    ids=lambda x: x.name if isinstance(x, Path) else "",
)
def test_every_log_example_replays(page, info, body):
    players = int(re.search(r"players=(\d)", info).group(1))
    match = ludoteca.game(page_game(page)).new_match(players)
    for line in body.splitlines():
        for move in re.split(r"\s{2,}", line.strip())[0].split(","):
            match.play(move.strip())


def notation_cells(page: Path) -> list[str]:
    """The code spans in the first column of the tables under 'Move notation'."""
    text = page.read_text(encoding="utf-8")
    section = text.split("## Move notation", 1)[1].split("\n## ", 1)[0]
    found = []
    for line in section.splitlines():
        if line.startswith("| `"):
            found.extend(re.findall(r"`([^`]+)`", line.split("|")[1]))
    return found


@pytest.mark.parametrize("page", sorted((DOCS / "games").glob("*.md")), ids=lambda p: p.stem)
def test_every_move_in_a_notation_table_reads(page):
    game = ludoteca.game(page.stem)
    cells = notation_cells(page)
    assert cells
    for text in cells:
        assert str(game.parse_move(text)) == text
