"""Bot accounts and personal tokens (docs/bots.md): a ``bot`` mark on users, and the
tokens a program plays or reads with, kept as their sha256 only.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.add_column(sa.Column("bot", sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_table(
        "tokens",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("user_id", sa.Integer, nullable=False),
        sa.Column("hash", sa.String(64), nullable=False, unique=True),
        sa.Column("scopes", sa.String(100), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("tokens_user", "tokens", ["user_id"])


def downgrade() -> None:
    op.drop_index("tokens_user", "tokens")
    op.drop_table("tokens")
    with op.batch_alter_table("users") as batch:
        batch.drop_column("bot")
