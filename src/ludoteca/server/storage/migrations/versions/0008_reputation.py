"""How each person's part in a match ended (their finish rate), the finish rate a table
asks of its players, and the turns mailed (one mail a turn across processes and
restarts).

Matches that ended before this revision are not counted in anyone's finish rate: their
results name who was ever replaced by a bot, not who was still replaced at the end.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "turn_mails",
        sa.Column("user_id", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.Integer, primary_key=True),
        sa.Column("match_id", sa.Integer, nullable=False),
        sa.Column("turn", sa.Integer, nullable=False),
    )
    op.create_table(
        "match_players",
        sa.Column("match_id", sa.Integer, primary_key=True),
        sa.Column("user_id", sa.Integer, primary_key=True),
        sa.Column("abandoned", sa.Boolean, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("match_players_user", "match_players", ["user_id"])
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("minimum_finish", sa.Integer, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("minimum_finish")
    op.drop_index("match_players_user", "match_players")
    op.drop_table("match_players")
    op.drop_table("turn_mails")
