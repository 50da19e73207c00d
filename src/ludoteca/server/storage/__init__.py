"""Storage: the database schema, its migrations, the rows, and the store the room writes
through."""

from .rows import ChatRow, MatchEnded, MatchRow, MoveRow, TableRow, UserRow
from .store import Store

__all__ = ["ChatRow", "MatchEnded", "MatchRow", "MoveRow", "Store", "TableRow", "UserRow"]
