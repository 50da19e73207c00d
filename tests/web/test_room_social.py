"""Invitations, friends and blocks in Chromium against a real ``ludoteca serve``: one page session
a person, several checks each (CI's time is short). Screenshots: test-output/room/."""

from __future__ import annotations

from typing import Any

from .axe import barriers, require_axe
from .room import STATE, enter, open_page, register, say, shot

CHAT = "document.querySelector('.chat-lines').textContent"


def test_an_invitation_declined_then_accepted_a_friends_table_found_a_blocked_join_refused(
    browser: Any, server: Any
):
    source = require_axe()
    anna = open_page(browser, server.http + "/")
    register(anna, "Anna")
    bruno = open_page(browser, server.http + "/")
    enter(bruno, "Bruno")
    anna.select_option("#create select[name=game]", "keltis")
    anna.click("#create button[type=submit]")
    anna.wait_for_function(f"{STATE} && {STATE}.info.game === 'keltis'")
    table = int(anna.evaluate(f"{STATE}.id"))

    # Bruno, in the lobby, is asked; the dialog passes axe in both themes.
    anna.fill("[data-field=invite]", "Bruno")
    anna.click("[data-action=invite]")
    dialog = bruno.wait_for_selector("dialog.offer")
    assert f"Anna invites you to table {table}" in dialog.inner_text()
    assert barriers(bruno, source) == []
    bruno.select_option("#theme", "dark")
    dialog = bruno.wait_for_selector("dialog.offer")
    assert barriers(bruno, source) == []
    shot(bruno, "offer-dark")
    bruno.select_option("dialog.offer select[data-field=reason]", "busy")
    bruno.fill("dialog.offer input[data-field=text]", "back at nine")
    bruno.click("[data-action=offer-decline]")
    bruno.wait_for_selector("dialog.offer", state="detached")
    # At her table, Anna reads it in the table's chat (elsewhere, as a note of its own).
    told = "Bruno declined: busy now (back at nine)"
    anna.wait_for_function(f"{CHAT}.includes({told!r})")
    assert bruno.locator(".lobby").count() == 1  # declining leaves him where he was

    # Asked again, he accepts and sits at the table.
    say(anna, "/invite Bruno 1")
    bruno.wait_for_selector("dialog.offer")
    bruno.click("[data-action=offer-accept]")
    bruno.wait_for_function(f"{STATE} && {STATE}.id === {table}")
    assert bruno.evaluate(f"{STATE}.info.seats[1].name") == "Bruno"
    anna.wait_for_function(f"{CHAT}.includes('Bruno accepted the invitation')")
    shot(anna, "offer-answered")

    # Carla follows Anna from the friends panel and finds her table there; the panel
    # passes axe in both themes.
    answer = anna.request.post(
        server.http + "/api/relations", data={"kind": "block", "name": "Carla"}
    )
    assert answer.status == 404  # Carla is not here yet: nobody to block
    carla = open_page(browser, server.http + "/")
    register(carla, "Carla")
    carla.fill("#relation-name", "Anna")
    carla.select_option("#relation-kind", "follow")
    carla.click("[data-action=relate]")
    found = carla.wait_for_selector(f".friends [data-action=friend-table][data-table='{table}']")
    assert "keltis" in found.inner_text().lower()
    assert barriers(carla, source) == []
    carla.select_option("#theme", "dark")
    carla.wait_for_selector(".friends [data-action=friend-table]")
    assert barriers(carla, source) == []
    shot(carla, "friends-dark")
    carla.click(".friends [data-action=friend-table]")
    carla.wait_for_function(f"{STATE} && {STATE}.id === {table}")
    carla.click("[data-action=lobby]")
    carla.wait_for_selector(".lobby")

    # Anna blocks Carla: Carla's join from the lobby is refused in plain words.
    answer = anna.request.post(
        server.http + "/api/relations", data={"kind": "block", "name": "Carla"}
    )
    assert answer.ok, answer.text()
    carla.wait_for_selector(".lobby [data-action=join]")
    carla.click(".lobby [data-action=join]")
    carla.wait_for_selector(".chat-line.error")
    assert "You cannot join this table" in carla.inner_text(".chat-lines")
    assert carla.locator(".table-screen").count() == 0
    shot(carla, "blocked-join")
    for page in (anna, bruno, carla):
        assert page.errors == []
