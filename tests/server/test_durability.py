"""Nothing accepted is lost: kill the server mid-game, start it again, play on."""

import random

from .client import merge
from .live import Player, Server


def _follow(player, table, view, version):
    message = player.next()
    while message["t"] == "my_tables":  # whose turn, for the page's header: no table event
        message = player.next()
    if message["t"] == "match" and message["table"] == table:
        return merge(view, message["view"]), message["v"]
    if message["t"] == "sync" and message["table"]["id"] == table and message["match"]:
        return merge(None, message["match"]), message["v"]
    return view, max(version, message.get("v", 0) if message["t"] in ("table", "chat") else 0)


def test_a_killed_server_resumes_every_table_with_nothing_accepted_lost(db_url):
    server = Server(db_url).start()
    try:
        anna, bruno = Player(server, "Anna"), Player(server, "Bruno")
        anna.send(t="create", game="keltis")
        table = anna.expect("sync")["table"]["id"]
        bruno.send(t="join", table=table)
        bruno.expect("sync")
        anna.send(t="chat", text="before the crash", table=table)
        anna.send(t="start", table=table)
        rng = random.Random(5)
        views = {anna: None, bruno: None}
        versions = {anna: 0, bruno: 0}
        played = 0
        while played < 25:
            for person in (anna, bruno):
                views[person], versions[person] = _follow(
                    person, table, views[person], versions[person]
                )
                view = views[person]
                if view and view["legal_moves"] and view["result"] is None:
                    person.send(
                        t="move", table=table, v=versions[person],
                        move=rng.choice(view["legal_moves"]),
                    )  # fmt: skip
                    played += 1
        # What Anna has been told is the most anyone was told: all of it must survive.
        while True:
            try:
                views[anna], versions[anna] = _follow(anna, table, views[anna], versions[anna])
            except TimeoutError:
                break
            if anna.received[-1]["t"] == "match" and not views[anna]["legal_moves"]:
                continue
            break
        seen_log = views[anna]["log"]
        seen_version = versions[anna]
        server.kill()
        anna.close()
        bruno.close()

        server.start()
        again = Player(server, "Anna", anna.cookie)
        again.send(t="watch", table=table)
        sync = again.expect("sync")
        assert sync["you"] == 0
        assert sync["table"]["status"] == "running"
        assert sync["v"] >= seen_version
        assert sync["match"]["log"][: len(seen_log)] == seen_log
        assert any(line["text"] == "before the crash" for line in sync["chat"])
        # And the table plays on from there, versions still growing.
        view = merge(None, sync["match"])
        bruno_again = Player(server, "Bruno", bruno.cookie)
        bruno_again.send(t="watch", table=table)
        other = merge(None, bruno_again.expect("sync")["match"])
        mover, mine = (again, view) if view["legal_moves"] else (bruno_again, other)
        mover.send(t="move", table=table, v=sync["v"], move=mine["legal_moves"][0])
        update = mover.expect("match")
        assert update["v"] > sync["v"]
        again.close()
        bruno_again.close()
    finally:
        server.stop()


def test_no_commit_checkpoints_and_the_stores_checkpoints_keep_the_wal_short(tmp_path):
    """SQLite's automatic checkpoint is off (it would hold up the commit that meets it);
    the store's own checkpoints, run beside the commits, keep the WAL from growing."""
    import asyncio

    from ludoteca.server.storage import store as stores

    async def write(rounds: int, tidy: bool) -> list[int]:
        name = "tidy" if tidy else "untidy"
        wal = tmp_path / f"{name}.db-wal"
        store = stores.Store(f"sqlite+aiosqlite:///{tmp_path / name}.db")
        await store.migrate()
        sizes = []
        for _ in range(rounds):
            for n in range(40):
                await store.commit([stores.ChatRow(None, None, "Anna", "x" * 2000, float(n))])
            sizes.append(wal.stat().st_size)
            if tidy:
                await store.checkpoint()
        await store.engine.dispose()  # not close(): that checkpoints too
        return sizes

    untidy = asyncio.run(write(4, tidy=False))
    assert untidy == sorted(untidy), untidy
    assert untidy[-1] > 3 * untidy[0], untidy
    tidy = asyncio.run(write(6, tidy=True))
    assert max(tidy) <= untidy[0] * 1.1, (tidy, untidy)
