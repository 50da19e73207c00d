"""The room over HTTP: changes only as JSON from its own pages, security headers on
every answer, and an unknown API path that is not echoed back."""

import re
from pathlib import Path

import pytest

WEB = Path(__file__).parents[2] / "src" / "ludoteca" / "web"
ANNA = {"name": "Anna"}


@pytest.mark.parametrize("path", ["/api/guest", "/api/login", "/api/register"])
def test_an_entry_sent_as_text_plain_is_refused_and_sets_no_cookie(room, path):
    # What a form or a fetch of another site's page can send without asking first.
    body = b'{"name": "Anna", "password": "correct horse"}'
    response = room.post(path, content=body, headers={"content-type": "text/plain"})
    assert response.status_code == 415
    assert response.json()["code"] == "not_json"
    assert "application/json" in response.json()["error"]
    assert "set-cookie" not in response.headers


@pytest.mark.parametrize(
    "headers",
    [
        {"origin": "http://evil.example"},
        {"origin": "null"},
        {"sec-fetch-site": "cross-site"},
        {"origin": "http://testserver", "sec-fetch-site": "cross-site"},
    ],
)
def test_a_post_from_another_site_is_refused(room, headers):
    response = room.post("/api/guest", json=ANNA, headers=headers)
    assert response.status_code == 403
    assert response.json()["code"] == "cross_site"
    assert "set-cookie" not in response.headers


@pytest.mark.parametrize(
    "headers",
    [{}, {"origin": "http://testserver"}, {"sec-fetch-site": "same-origin"}],
)
def test_a_post_from_the_rooms_own_page_or_without_origin_is_taken(room, headers):
    assert room.post("/api/guest", json=ANNA, headers=headers).status_code == 200


def test_logging_out_too_takes_only_json(room):
    cookies = dict(room.post("/api/guest", json=ANNA).cookies)
    plain = room.post("/api/logout", cookies=cookies, headers={"content-type": "text/plain"})
    assert plain.status_code == 415
    assert room.get("/api/me", cookies=cookies).status_code == 200


@pytest.mark.parametrize(
    "path", ["/", "/api/status", "/api/games", "/static/app.js", "/rules", "/api/nothing"]
)
def test_every_answer_carries_the_security_headers(room, path):
    headers = room.get(path).headers
    policy = headers["content-security-policy"]
    assert "script-src 'self';" in policy
    assert "frame-ancestors 'none'" in policy
    assert "default-src 'self'" in policy
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["x-frame-options"] == "DENY"
    assert headers["referrer-policy"] == "same-origin"


def test_refusals_carry_the_security_headers_too(room):
    refused = room.post("/api/guest", json=ANNA, headers={"origin": "http://evil.example"})
    assert refused.headers["x-content-type-options"] == "nosniff"


def test_no_page_has_an_inline_script():
    # The policy allows only the room's own script files: an inline one would not run.
    pages = [*WEB.glob("*.html"), *WEB.glob("history/*.html"), WEB / "rules" / "rules.html"]
    pages.append(WEB / "dev" / "board.html")
    for page in pages:
        text = page.read_text()
        scripts = re.findall(r"<script\b[^>]*>", text)
        assert scripts, page
        assert all("src=" in tag for tag in scripts), (page, scripts)
        assert not re.search(r"\son[a-z]+=", text), page


def test_an_unknown_api_path_is_a_json_404_that_does_not_echo_it(room):
    for path in ["/api/<script>alert(1)</script>", "/api/players", "/api/x/y%3Cb%3E"]:
        response = room.get(path)
        assert response.status_code == 404
        assert response.headers["content-type"] == "application/json"
        assert response.json()["code"] == "no_such_api"
        assert "script" not in response.text
        assert "<" not in response.text
    assert room.post("/api/nothing", json={}).status_code == 404
