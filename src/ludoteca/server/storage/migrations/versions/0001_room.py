"""The room: users, server keys, tables, matches, moves, chat.

Revision ID: 0001
Revises:
Create Date: 2026-11-22
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "users",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(40), nullable=False),
        sa.Column("password_hash", sa.String(200), nullable=True),
        sa.Column("guest", sa.Boolean, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index(
        "users_registered_name",
        "users",
        ["name_key"],
        unique=True,
        sqlite_where=sa.text("NOT guest"),
        postgresql_where=sa.text("NOT guest"),
    )
    op.create_table(
        "server_keys",
        sa.Column("name", sa.String(40), primary_key=True),
        sa.Column("value", sa.String(200), nullable=False),
    )
    op.create_table(
        "tables",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game", sa.String(20), nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("seats", sa.JSON, nullable=False),
        sa.Column("host_id", sa.Integer, nullable=True),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("match_id", sa.Integer, nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("tables_status", "tables", ["status"])
    op.create_table(
        "matches",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.Integer, nullable=False),
        sa.Column("game", sa.String(20), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("seats", sa.JSON, nullable=False),
        sa.Column("started_at", sa.Float, nullable=False),
        sa.Column("finished_at", sa.Float, nullable=True),
        sa.Column("result", sa.JSON, nullable=True),
        sa.Column("resigned", sa.JSON, nullable=False),
    )
    op.create_table(
        "moves",
        sa.Column("match_id", sa.Integer, primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("by", sa.Integer, nullable=False),
        sa.Column("text", sa.String(200), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("v", sa.Integer, nullable=False),
    )
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.Integer, nullable=True),
        sa.Column("user_id", sa.Integer, nullable=True),
        sa.Column("name", sa.String(40), nullable=True),
        sa.Column("text", sa.String(600), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("v", sa.Integer, nullable=False),
    )
    op.create_index("chat_table", "chat", ["table_id", "id"])


def downgrade() -> None:
    for name in ("chat", "moves", "matches", "tables", "server_keys", "users"):
        op.drop_table(name)
