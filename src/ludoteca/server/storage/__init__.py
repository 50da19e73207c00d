"""Storage: the database schema, its migrations, and the store the room writes through."""

from .store import ChatRow, MatchEnded, MatchRow, MoveRow, Store, TableRow, UserRow

__all__ = ["ChatRow", "MatchEnded", "MatchRow", "MoveRow", "Store", "TableRow", "UserRow"]
