"""The room in German and in Italian, in Chromium against a real `ludoteca serve`: no
English left on the lobby or at a table of any game (no text the English catalog has
where the page's language says it otherwise), counts in their plural forms, times as the
language writes them, bots named in words, and Krone's cards by Brettspielwelt's names
too in Italian."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from tests.server.live import running

from .room import MY_TURN, STATE, create_table, enter, open_page, point_or_type, say, shot, state

#: Texts the same in English and in the page's language, though a catalog has them under
#: a key whose translation differs elsewhere (a game's own name, a letter, a number).
SAME_IN_BOTH = {"Bot", "OK", "Keltis", "Cronberg", "Kingdomino", "ludoteca", "—", "·"}

#: In the page: every visible text, each text node alone, and what each text means in
#: English and in the page's language, from the catalogs the page has loaded.
ENGLISH_LEFT = """async (boards) => {
  const language = document.documentElement.lang;
  const catalogs = await Promise.all(["screens/room", ...boards.map((b) => `boards/${b}`)]
    .map((name) => import(`/static/${name}.i18n.js`).then((m) => m.default)));
  const en = Object.assign({}, ...catalogs.map((c) => c.en));
  const here = Object.assign({}, ...catalogs.map((c) => c[language]));
  // English texts whose translation differs: exactly, or as a template with its particulars.
  const exact = new Map();
  const templates = [];
  for (const [key, text] of Object.entries(en)) {
    if (here[key] === undefined || here[key] === text) continue;
    if (!/\\{\\w+\\}/.test(text)) { exact.set(text, key); continue; }
    const words = text.replace(/\\{\\w+\\}/g, "").replace(/[^A-Za-z]+/g, " ").trim();
    if (words.length < 4) continue;
    const escaped = text.replace(/[.*+?^$()|[\\]\\\\]/g, "\\\\$&").replace(/\\{\\w+\\}/g, ".+?");
    templates.push([new RegExp(`^${escaped}$`), key]);
  }
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    const element = node.parentElement;
    if (!text || !element || !element.checkVisibility()) continue;
    if (element.closest("option:not(:checked)")) continue;
    if (element.closest(".chat-line.person")) continue;  // people's own words
    const key = exact.get(text) ?? templates.find(([pattern]) => pattern.test(text))?.[1];
    if (key) found.push(`${text}  [${key}]`);
  }
  for (const element of document.querySelectorAll("[title], [aria-label]")) {
    if (!element.checkVisibility()) continue;
    for (const text of [element.title, element.getAttribute("aria-label")]) {
      if (!text) continue;
      for (const line of text.split("\\n")) {
        const key = exact.get(line.trim());
        if (key) found.push(`${line.trim()}  [${key}] (title)`);
      }
    }
  }
  return found;
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    db = tmp_path_factory.mktemp("language") / "room.db"
    with running(f"sqlite+aiosqlite:///{db}", bot_delay=0, rate=200) as live:
        yield live


def english_left(page: Any, boards: list[str]) -> list[str]:
    found = page.evaluate(ENGLISH_LEFT, boards)
    return [text for text in found if text.split("  [")[0] not in SAME_IN_BOTH]


@pytest.mark.parametrize("lang", ["de", "it"])
@pytest.mark.parametrize("game", ["krone", "keltis", "kingdomino", "cronberg"])
def test_no_english_at_a_table_in_german_or_italian(
    browser: Any, server: Any, game: str, lang: str
):
    # A browser set to American English, the page switched to the player's language.
    page = open_page(browser, server.http + "/", lang="en-US")
    name = f"{game[:4].title()}{lang.title()}"
    enter(page, name)
    page.select_option("#language", lang)
    page.wait_for_function(f"document.documentElement.lang === '{lang}'")
    page.wait_for_selector(".lobby")
    assert english_left(page, []) == []
    create_table(page, game)
    page.select_option("[data-action=level]", "greedy")
    page.click("[data-action=bot]")
    page.wait_for_function(f"{STATE}.info.seats.filter(s => s.bot).length === 1")
    assert english_left(page, [game]) == []
    page.click("[data-action=start]")
    page.wait_for_function(MY_TURN)
    say(page, "ciao")  # a chat line with its time
    page.wait_for_selector(".chat-line.person time")
    for _ in range(3):
        length = len(state(page)["view"]["log"])
        point_or_type(page, game, state(page), random.Random(3))
        page.wait_for_function(f"{STATE}.view.log.length > {length}")
        page.wait_for_function(MY_TURN)
    shot(page, f"{game}-table-{lang}")
    assert english_left(page, [game]) == []
    # The bot is named by its strength in the game and its level, in the page's language.
    level = {"de": "gierig", "it": "avido"}[lang]
    assert re.search(rf"Bot 1: \w[\w ]* \({level}\)", page.inner_text(".seats-panel"))
    assert "(greedy)" not in page.inner_text("body")
    # Times as the page's language writes them: 24 hours, no AM or PM.
    stamp = page.inner_text(".chat-line.person time").strip()
    assert re.fullmatch(r"\d\d:\d\d", stamp), stamp
    assert page.errors == []
    page.context.close()


def test_krone_in_italian_and_german_says_its_cards_and_moves_in_words(browser: Any, server: Any):
    page = open_page(browser, server.http + "/", lang="it")
    enter(page, "Ilaria")
    create_table(page, "krone")
    page.click("[data-action=bot]")
    page.wait_for_function(f"{STATE}.info.seats.filter(s => s.bot).length === 1")
    page.click("[data-action=start]")
    page.wait_for_function(MY_TURN)
    # The court's cards name Brettspielwelt's names beside the rulebook's.
    page.wait_for_selector("#board .kk [title]", state="attached")
    tips = page.evaluate("[...document.querySelectorAll('#board [title]')].map(e => e.title)")
    assert any(tip.startswith("Guardiano (su Brettspielwelt: Guardia)") for tip in tips), tips
    assert any(tip.startswith("Stregone (su Brettspielwelt: Mago)") for tip in tips), tips
    # A spectator count of one is one spectator.
    watcher = open_page(browser, server.http + "/", lang="it")
    enter(watcher, "Walter")
    table_id = state(page)["id"]
    watcher.wait_for_selector(f"[data-table='{table_id}']")
    assert "Bot 1: difficile (avido)" in watcher.inner_text(f"[data-table='{table_id}']")
    assert english_left(watcher, []) == []
    watcher.click(f"[data-table='{table_id}'] [data-action=watch]")
    # Watchers are the people without a seat: Walter, not Ilaria.
    page.wait_for_function(f"{STATE}.info.watchers === 1")
    assert "1 spettatore" in page.inner_text(".seats-panel")
    watcher.click("[data-action=lobby]")
    page.wait_for_function(f"{STATE}.info.watchers === 0")
    # What OK would play is said in words, as the log says it.
    page.select_option("#language", "de")
    page.wait_for_selector(".table-screen")
    if "roll" in state(page)["view"]["legal_moves"]:
        length = len(state(page)["view"]["log"])
        page.click("[data-key=roll]")
        page.wait_for_function(f"{STATE}.view.log.length > {length} && {MY_TURN}")
    page.locator("button[data-key^=die-]").first.click()
    page.wait_for_selector(".kk-pending")
    pending = page.inner_text(".kk-pending")
    assert re.fullmatch(r"OK: Ilaria legt .+ beiseite", pending), pending
    assert page.inner_text("[data-key=cancel]") == "Auswahl aufheben"
    # Called off, the match's own page names the bot in words too.
    page.click("[data-action=abort]")
    page.click("dialog.ask [data-action=ask-yes]")  # calling off asks in the page
    page.wait_for_selector(".result.aborted")
    page.goto(f"{server.http}/matches/{state(page)['info']['match']}")
    page.wait_for_selector(".result")
    # An aborted match's result names nobody: the names are the board's, drawn once the
    # replay's last step has come (a second request), so wait for them before looking.
    page.wait_for_function("document.body.innerText.includes('Bot 1: schwer (gierig)')")
    assert "Bot 1: schwer (gierig)" in page.inner_text("body")
    assert page.errors == watcher.errors == []
    page.context.close()
    watcher.context.close()
