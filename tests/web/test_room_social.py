"""Invitations, friends and blocks in Chromium against a real ``ludoteca serve``: one page session
a person, several checks each (CI's time is short). Screenshots: test-output/room/."""

from __future__ import annotations

from typing import Any

from .axe import barriers, require_axe
from .room import STATE, create_table, enter, open_page, register, say, shot

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


def test_invite_from_the_who_list_and_the_friends_panel_and_spectators_turned_away(
    browser: Any, server: Any
):
    """An "invite" button by every other name in the lobby's who list and in the friends
    panel: it offers a seat at the open table you host, and says what to do when you host
    none; the lobby passes axe with them. A spectator is turned away when the host turns
    spectators off from the table's box."""
    source = require_axe()
    anna = open_page(browser, server.http + "/")
    register(anna, "Anna")
    dora = open_page(browser, server.http + "/")
    register(dora, "Dora")
    bruno = open_page(browser, server.http + "/")
    enter(bruno, "Bruno")
    # Anna's second tab stays in the lobby while her first opens a table.
    lobby = anna.context.new_page()
    lobby.errors = []
    lobby.on("pageerror", lambda error: lobby.errors.append(str(error)))
    lobby.goto(server.http + "/")
    lobby.wait_for_selector(".lobby .online [data-name=Bruno]")
    lobby.fill("#relation-name", "Dora")
    lobby.select_option("#relation-kind", "follow")
    lobby.click("[data-action=relate]")
    # Hosting no table, the button explains instead of inviting.
    lobby.click(".online [data-action=invite][data-name=Bruno]")
    lobby.wait_for_function(f"{CHAT}.includes('To invite Bruno, host an open table first')")
    table = create_table(anna, "keltis")
    lobby.wait_for_selector(f".lobby [data-table='{table}']")
    lobby.click(".online [data-action=invite][data-name=Bruno]")
    offer = bruno.wait_for_selector("dialog.offer")
    assert f"Anna invites you to table {table}" in offer.inner_text()
    lobby.click(".friends [data-friend=Dora] [data-action=invite]")
    assert (
        f"Anna invites you to table {table}" in dora.wait_for_selector("dialog.offer").inner_text()
    )
    shot(lobby, "invite-from-lobby")
    for theme in ("light", "dark"):
        lobby.select_option("#theme", theme)
        lobby.wait_for_selector(".online [data-action=invite]")
        assert barriers(lobby, source) == []
    # Dora sits, Bruno declines and watches the match; Anna turns spectators off from
    # her table's box and Bruno's page says the table is not his to see.
    dora.click("[data-action=offer-accept]")
    dora.wait_for_function(f"{STATE} && {STATE}.id === {table}")
    bruno.click("[data-action=offer-decline]")
    bruno.wait_for_selector("dialog.offer", state="detached")
    say(anna, "/start")
    anna.wait_for_function(f"{STATE}.info.status === 'running'")
    bruno.click(f".lobby [data-table='{table}'] [data-action=watch]")
    bruno.wait_for_function(f"{STATE} && {STATE}.id === {table}")
    anna.uncheck("[data-action=spectators]")
    bruno.wait_for_selector(".gone")
    assert "only its players see it" in bruno.inner_text(".gone")
    anna.wait_for_function(f"{STATE}.info.spectators === false")
    assert dora.locator(".gone").count() == 0
    shot(bruno, "spectators-off")
    for page in (anna, lobby, bruno, dora):
        assert page.errors == []
