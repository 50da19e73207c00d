"""The game room: an ASGI app (Starlette) with a lobby, tables, chat and live play.

Layers: ``protocol`` (the wire), ``room`` and ``table`` (the authority), ``journal`` and
``storage`` (durable before announced), ``connection`` (one WebSocket), ``app`` (HTTP).
See docs/server.md.
"""
