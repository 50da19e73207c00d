"""Migration 0003 re-keys the names already stored: by their TR39 skeleton."""

import asyncio
import time

import sqlalchemy as sa
from alembic import command
from alembic.config import Config

from ludoteca.server.accounts import name_key
from ludoteca.server.storage import Store
from ludoteca.server.storage.rows import UserRow
from ludoteca.server.storage.schema import users


async def _upgrade(store: Store, revision: str) -> None:
    def upgrade(connection: sa.Connection) -> None:
        config = Config()
        config.set_main_option("script_location", "ludoteca.server.storage:migrations")
        config.attributes["connection"] = connection
        command.upgrade(config, revision)

    async with store.engine.begin() as connection:
        await connection.run_sync(upgrade)


def test_stored_names_get_skeleton_keys_and_an_older_registered_name_keeps_it(db_url):
    rows = [
        ("MaraKKR", "marakkr", False),
        ("M\u0430r\u0430KKR", "m\u0430r\u0430kkr", False),  # Cyrillic а, registered later
        ("\u0410nna", "\u0430nna", True),  # a guest: guests' keys are not unique
        ("Anna", "anna", True),
    ]

    async def insert(store: Store) -> None:
        async with store.engine.begin() as connection:
            for name, key, guest in rows:
                await connection.execute(
                    users.insert().values(
                        name=name,
                        name_key=key,
                        guest=guest,
                        password_hash=None if guest else "$argon2id$x",
                        created_at=time.time(),
                    )
                )

    async def keys(store: Store) -> dict[str, str]:
        async with store.engine.connect() as connection:
            found = await connection.execute(sa.select(users.c.name, users.c.name_key))
            return {row.name: row.name_key for row in found}

    async def migrate() -> tuple[dict[str, str], UserRow | None]:
        store = Store(db_url)
        try:
            await _upgrade(store, "0002")
            await insert(store)
            await _upgrade(store, "head")
            return await keys(store), await store.registered(name_key("M\u0430r\u0430KKR"))
        finally:
            await store.close()

    stored, registered = asyncio.run(migrate())
    assert stored["MaraKKR"] == name_key("MaraKKR") == "marakkr"
    assert stored["M\u0430r\u0430KKR"].startswith("marakkr#")
    assert stored["\u0410nna"] == stored["Anna"] == "anna"
    # Logging in under the look-alike finds the player who had the name first.
    assert registered is not None
    assert registered.name == "MaraKKR"
