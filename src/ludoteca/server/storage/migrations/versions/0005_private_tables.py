"""Private tables: a table's secret (the key in its link) and whether it lets people
watch who do not play.

Revision ID: 0005
Revises: 0003
Create Date: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("private_key", sa.String(64), nullable=True))
        batch.add_column(
            sa.Column("spectators", sa.Boolean, nullable=False, server_default=sa.true())
        )


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("spectators")
        batch.drop_column("private_key")
