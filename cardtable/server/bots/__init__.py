"""The server's bots: their names, when and how they act at a table, and searching in worker
processes."""
