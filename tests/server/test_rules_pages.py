"""The room serves a rules page for every game, and a clear 404 for a game it does not have."""

from typing import Any

import ludoteca

LANGUAGES = ("en", "it", "de")


def test_the_room_serves_the_pages_and_a_clear_404(room: Any):
    assert room.get("/rules").status_code == 200
    for game in ludoteca.game_ids():
        answer = room.get(f"/rules/{game}")
        assert answer.status_code == 200
        assert "rules.js" in answer.text
    missing = room.get("/rules/chess")
    assert missing.status_code == 404
    assert "rules.js" in missing.text  # the page says which games there are
    for game in ludoteca.game_ids():
        for language in LANGUAGES:
            assert room.get(f"/static/rules/{game}.{language}.html").status_code == 200
