"""What the processes of one room share besides tables: who is online, the names held,
and the limits on entering (docs/deploy.md). One process alone shares nothing
(``presence.Alone``); several share through Redis (``redis``)."""
