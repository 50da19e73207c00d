"""Invitations to a table's seats, whom a player follows, blocks and mutes, and their
e-mail address for turn mails.

Revision ID: 0006
Revises: 0003
Create Date: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0003"
branch_labels = None
depends_on = None

RELATIONS = ("follows", "blocks", "mutes")


def upgrade() -> None:
    op.create_table(
        "invitations",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("table_id", sa.Integer, nullable=False),
        sa.Column("user_id", sa.Integer, nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("from_id", sa.Integer, nullable=False),
        sa.Column("from_name", sa.String(40), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("reason", sa.String(10), nullable=True),
        sa.Column("text", sa.String(200), nullable=True),
    )
    op.create_index("invitations_status", "invitations", ["status"])
    for name in RELATIONS:
        op.create_table(
            name,
            sa.Column("user_id", sa.Integer, primary_key=True),
            sa.Column("other_id", sa.Integer, primary_key=True),
            sa.Column("at", sa.Float, nullable=False),
        )

    op.create_table(
        "mail",
        sa.Column("user_id", sa.Integer, primary_key=True),
        sa.Column("address", sa.String(254), nullable=False),
        sa.Column("confirmed", sa.Boolean, nullable=False),
        sa.Column("turns", sa.Boolean, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("mail")
    for name in RELATIONS:
        op.drop_table(name)
    op.drop_index("invitations_status", "invitations")
    op.drop_table("invitations")
