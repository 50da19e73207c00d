"""Rated tables and matches, ratings per player and game, and their history; a table's
time control, grace for players who are gone, and its running clocks.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-24
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("clock", sa.JSON, nullable=True))
        batch.add_column(sa.Column("grace", sa.Integer, nullable=False, server_default="120"))
        batch.add_column(sa.Column("timing", sa.JSON, nullable=True))
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_table(
        "ratings",
        sa.Column("user_id", sa.Integer, primary_key=True),
        sa.Column("game", sa.String(20), primary_key=True),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
    )
    op.create_table(
        "rating_changes",
        sa.Column("match_id", sa.Integer, primary_key=True),
        sa.Column("user_id", sa.Integer, primary_key=True),
        sa.Column("game", sa.String(20), nullable=False),
        sa.Column("before", sa.Float, nullable=False),
        sa.Column("after", sa.Float, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("rating_changes_user", "rating_changes", ["user_id", "at"])


def downgrade() -> None:
    op.drop_index("rating_changes_user", "rating_changes")
    op.drop_table("rating_changes")
    op.drop_table("ratings")
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("rated")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("timing")
        batch.drop_column("grace")
        batch.drop_column("clock")
        batch.drop_column("rated")
