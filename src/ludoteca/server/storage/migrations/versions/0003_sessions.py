"""Sessions kept in the database, so that logging out revokes one; name keys that are
the TR39 skeleton of a name, so that a look-alike is the same name.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-26
"""

import logging
import unicodedata
from collections.abc import Callable

import sqlalchemy as sa
from alembic import op

from ludoteca.server.accounts import name_key

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

log = logging.getLogger("ludoteca.server")


def upgrade() -> None:
    op.create_table(
        "sessions",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.Integer, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("sessions_user", "sessions", ["user_id"])
    _rekey(name_key, 100)


def downgrade() -> None:
    _rekey(lambda name: unicodedata.normalize("NFKC", name).casefold(), 40)
    op.drop_index("sessions_user", "sessions")
    op.drop_table("sessions")


def _rekey(key: Callable[[str], str], length: int) -> None:
    """Every user's name key worked out again. Registered players whose names were
    look-alikes of an older registered name (admitted before keys were skeletons) keep
    their accounts under a key no name has (``#`` and their id): the older player
    keeps the name, and the operator is told whom to rename."""
    # Without the unique index while keys change: a row may take the key another row
    # holds until its own turn comes.
    op.drop_index("users_registered_name", "users")
    with op.batch_alter_table("users") as batch:
        batch.alter_column("name_key", type_=sa.String(length), existing_nullable=False)
    users = sa.table(
        "users",
        sa.column("id", sa.Integer),
        sa.column("name", sa.String),
        sa.column("name_key", sa.String),
        sa.column("guest", sa.Boolean),
    )
    connection = op.get_bind()
    rows = connection.execute(
        sa.select(users.c.id, users.c.name, users.c.guest).order_by(users.c.id)
    ).all()
    registered: set[str] = set()
    for row in rows:
        new = key(row.name)
        if not row.guest:
            if new in registered:
                log.warning(
                    "user %d (%r) looks like an older registered name: its key is now %r",
                    row.id,
                    row.name,
                    f"{new}#{row.id}",
                )
                new = f"{new}#{row.id}"
            registered.add(new)
        connection.execute(users.update().where(users.c.id == row.id).values(name_key=new))
    op.create_index(
        "users_registered_name",
        "users",
        ["name_key"],
        unique=True,
        sqlite_where=sa.text("NOT guest"),
        postgresql_where=sa.text("NOT guest"),
    )
