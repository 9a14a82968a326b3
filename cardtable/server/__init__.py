"""The trio server, a package per job: `net` (connections), `lobby` (sessions and requests),
`table` (a table and its game), `clock`, `bots`, `chat`, `history` and `storage` (see
docs/server.md, "How it is built")."""
