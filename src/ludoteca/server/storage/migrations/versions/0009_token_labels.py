"""Tokens get a label their owner gives them and the time they were last used, so the
account page can tell one token from another and show which are still in use.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tokens") as batch:
        batch.add_column(sa.Column("label", sa.String(60), nullable=False, server_default=""))
        batch.add_column(sa.Column("last_used", sa.Float, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tokens") as batch:
        batch.drop_column("last_used")
        batch.drop_column("label")
