"""A table: its seats and spectators, its game, and telling everyone at it what happens."""
