"""The trio server: lobby, tables, seats, chat, bots, persistence. Arrives with the server work;
nothing here yet."""
