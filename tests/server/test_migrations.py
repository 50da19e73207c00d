"""The migrations build exactly the schema the code declares, on each database."""

import asyncio

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from ludoteca.server.storage import Store
from ludoteca.server.storage.schema import metadata


def test_the_migrated_schema_is_the_declared_one(db_url):
    async def differences():
        store = Store(db_url)
        try:
            await store.migrate()
            await store.migrate()  # a second start finds nothing to do
            async with store.engine.connect() as connection:
                return await connection.run_sync(
                    lambda sync: compare_metadata(MigrationContext.configure(sync), metadata)
                )
        finally:
            await store.close()

    assert asyncio.run(differences()) == []
