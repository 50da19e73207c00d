"""One fenced owner per table: leases with an epoch; ids from sequences on PostgreSQL.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "table_leases",
        sa.Column("table_id", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("owner", sa.Text, nullable=False),
        sa.Column("epoch", sa.BigInteger, nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("table_leases_owner", "table_leases", ["owner"])
    if op.get_bind().dialect.name != "postgresql":
        return
    # The sequences go on from the ids stored so far.
    for sequence, table in (("table_ids", "tables"), ("match_ids", "matches")):
        op.execute(sa.schema.CreateSequence(sa.Sequence(sequence)))
        op.execute(
            f"SELECT setval('{sequence}', COALESCE((SELECT max(id) FROM {table}), 0) + 1, false)"
        )


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(sa.schema.DropSequence(sa.Sequence("match_ids")))
        op.execute(sa.schema.DropSequence(sa.Sequence("table_ids")))
    op.drop_index("table_leases_owner", "table_leases")
    op.drop_table("table_leases")
