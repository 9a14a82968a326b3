"""The lobby: every client and table on the server, and the handling of each request."""
