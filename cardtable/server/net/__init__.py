"""The connection to one client: bytes, framing, the outbox, and the limits per address."""
