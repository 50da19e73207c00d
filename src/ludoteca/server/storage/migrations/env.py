"""Alembic's environment: the server runs it on start with a connection it already has."""

from alembic import context

from ludoteca.server.storage.schema import metadata

connection = context.config.attributes["connection"]
context.configure(
    connection=connection,
    target_metadata=metadata,
    render_as_batch=connection.dialect.name == "sqlite",
)
with context.begin_transaction():
    context.run_migrations()
