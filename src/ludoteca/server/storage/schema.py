"""The tables of the database, as SQLAlchemy Core: the migrations create exactly these."""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

#: A person: a guest (no password, name free again once they are gone) or a registered
#: player (argon2 hash; the name is theirs for good).
users = sa.Table(
    "users",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("name", sa.String(40), nullable=False),
    #: accounts.name_key: the TR39 skeleton of the casefolded NFKC name.
    sa.Column("name_key", sa.String(100), nullable=False),
    sa.Column("password_hash", sa.String(200), nullable=True),
    sa.Column("guest", sa.Boolean, nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    #: A bot account (docs/bots.md): a program plays it with a token; marked BOT wherever
    #: its name shows, never seated at people's rated tables, rated among bots only.
    sa.Column("bot", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Index(
        "users_registered_name",
        "name_key",
        unique=True,
        sqlite_where=sa.text("NOT guest"),
        postgresql_where=sa.text("NOT guest"),
    ),
)

#: Sessions that stand: logging out deletes the row, and the cookie naming it is void.
sessions = sa.Table(
    "sessions",
    metadata,
    sa.Column("id", sa.String(64), primary_key=True),
    sa.Column("user_id", sa.Integer, nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Index("sessions_user", "user_id"),
)

#: Personal tokens: only their sha256 is kept (the token is shown once), with what they
#: may do (``scopes``, space-separated: ``bot:play``, ``read``), the owner's ``label`` for
#: it and when it last opened a socket or answered a request. Revoking deletes the row.
tokens = sa.Table(
    "tokens",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("user_id", sa.Integer, nullable=False),
    sa.Column("hash", sa.String(64), nullable=False, unique=True),
    sa.Column("scopes", sa.String(100), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("label", sa.String(60), nullable=False, server_default=""),
    sa.Column("last_used", sa.Float, nullable=True),
    sa.Index("tokens_user", "user_id"),
)

#: Secrets the server makes once and keeps: the key that signs sessions.
server_keys = sa.Table(
    "server_keys",
    metadata,
    sa.Column("name", sa.String(40), primary_key=True),
    sa.Column("value", sa.String(200), nullable=False),
)

#: A table in the room: its chairs, options and host, and the match being played there.
tables = sa.Table(
    "tables",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("game", sa.String(20), nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("seats", sa.JSON, nullable=False),
    sa.Column("host_id", sa.Integer, nullable=True),
    sa.Column("status", sa.String(10), nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("match_id", sa.Integer, nullable=True),
    sa.Column("created_at", sa.Float, nullable=False),
    #: Rated tables seat registered players only, and no bots (docs/ratings.md).
    sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()),
    #: The time control (null: none) and the seconds a player may be gone.
    sa.Column("clock", sa.JSON, nullable=True),
    sa.Column("grace", sa.Integer, nullable=False, server_default="120"),
    #: What runs with the match: the clocks, the seats bots play for people, a pause.
    sa.Column("timing", sa.JSON, nullable=True),
    #: A private table's secret, the key in its link (null: a public table).
    sa.Column("private_key", sa.String(64), nullable=True),
    #: Whether people who do not play may watch its match.
    sa.Column("spectators", sa.Boolean, nullable=False, server_default=sa.true()),
    #: The finish rate, in percent, a player needs to sit here (null: any).
    sa.Column("minimum_finish", sa.Integer, nullable=True),
    sa.Index("tables_status", "status"),
)

#: One play of a game at a table; its log is in ``moves``.
matches = sa.Table(
    "matches",
    metadata,
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
    sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()),
)

#: Each registered player's Elo rating per game, and how many rated matches made it.
ratings = sa.Table(
    "ratings",
    metadata,
    sa.Column("user_id", sa.Integer, primary_key=True),
    sa.Column("game", sa.String(20), primary_key=True),
    sa.Column("rating", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
)

#: What each rated match did to each player's rating: a player's history, and the
#: record from which every rating can be worked out again.
rating_changes = sa.Table(
    "rating_changes",
    metadata,
    sa.Column("match_id", sa.Integer, primary_key=True),
    sa.Column("user_id", sa.Integer, primary_key=True),
    sa.Column("game", sa.String(20), nullable=False),
    sa.Column("before", sa.Float, nullable=False),
    sa.Column("after", sa.Float, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.Index("rating_changes_user", "user_id", "at"),
)

#: The match log, one row an entry, chance outcomes included (``by`` -1 is chance).
moves = sa.Table(
    "moves",
    metadata,
    sa.Column("match_id", sa.Integer, primary_key=True),
    sa.Column("n", sa.Integer, primary_key=True),
    sa.Column("by", sa.Integer, nullable=False),
    sa.Column("text", sa.String(200), nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    #: The table's version when the entry was announced: a restart carries on from it.
    sa.Column("v", sa.Integer, nullable=False),
)

#: Chat lines of the lobby (``table_id`` null) and of tables.
chat = sa.Table(
    "chat",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.Integer, nullable=True),
    sa.Column("user_id", sa.Integer, nullable=True),
    sa.Column("name", sa.String(40), nullable=True),
    sa.Column("text", sa.String(600), nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.Column("v", sa.Integer, nullable=False),
    sa.Index("chat_table", "table_id", "id"),
)

#: Who owns each live table (docs/ownership.md): the process (``owner``) that alone may
#: write for it, until ``expires_at`` by the database's clock unless renewed. ``epoch``
#: goes up by one at every claim: it is the fencing token a commit checks.
table_leases = sa.Table(
    "table_leases",
    metadata,
    sa.Column("table_id", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("owner", sa.Text, nullable=False),
    sa.Column("epoch", sa.BigInteger, nullable=False),
    sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    sa.Index("table_leases_owner", "owner"),
)

#: Table and match ids on PostgreSQL, shared by every process of the room (SQLite has no
#: sequences: its one process numbers after the highest id stored).
table_ids = sa.Sequence("table_ids", metadata=metadata)
match_ids = sa.Sequence("match_ids", metadata=metadata)
#: Invitations' ids, for the same reason (an offer's id is named to the invited).
offer_ids = sa.Sequence("offer_ids", metadata=metadata)

#: Seats offered to people by a table's host: ``status`` open until accepted, declined or
#: withdrawn (the table started or closed, the seat was taken). Open ones outlive a restart.
invitations = sa.Table(
    "invitations",
    metadata,
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
    sa.Index("invitations_status", "status"),
)


def _relation(name: str) -> sa.Table:
    """A registered player's stand toward another person: one row a pair."""
    return sa.Table(
        name,
        metadata,
        sa.Column("user_id", sa.Integer, primary_key=True),
        sa.Column("other_id", sa.Integer, primary_key=True),
        sa.Column("at", sa.Float, nullable=False),
    )


#: Whom a registered player follows (their friends panel), blocks (may not join their
#: tables, invite them or write to them) and mutes (their chat is not sent to them).
follows = _relation("follows")
blocks = _relation("blocks")
mutes = _relation("mutes")

#: A registered player's e-mail address: confirmed by the link mailed to it, and whether
#: they want a mail when it is their turn at a turn-based table they are away from.
mail = sa.Table(
    "mail",
    metadata,
    sa.Column("user_id", sa.Integer, primary_key=True),
    sa.Column("address", sa.String(254), nullable=False),
    sa.Column("confirmed", sa.Boolean, nullable=False),
    sa.Column("turns", sa.Boolean, nullable=False),
)

#: The turn last mailed to each player at each table (``turn``: the match's moves played
#: then): the "one mail a turn" guard, kept here so that it holds across the room's
#: processes and a restart. A process claims a turn by writing its row (mailer.py).
turn_mails = sa.Table(
    "turn_mails",
    metadata,
    sa.Column("user_id", sa.Integer, primary_key=True),
    sa.Column("table_id", sa.Integer, primary_key=True),
    sa.Column("match_id", sa.Integer, nullable=False),
    sa.Column("turn", sa.Integer, nullable=False),
)

#: How each person's part in each ended match ended: played to its end, or ``abandoned``
#: (a bot played their seat at the end: they resigned and the match went on, or were
#: replaced and never came back). Their finish rate is read from it (docs/ratings.md).
match_players = sa.Table(
    "match_players",
    metadata,
    sa.Column("match_id", sa.Integer, primary_key=True),
    sa.Column("user_id", sa.Integer, primary_key=True),
    sa.Column("abandoned", sa.Boolean, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.Index("match_players_user", "user_id"),
)
