"""Ratings: how a finished game changes its players' ratings (`outcome`, with openskill's
Weng-Lin Plackett-Luce model in `skill`), a player's record (`record`), and every rating
computed again from the stored games (`rebuild`). The server keeps them up to date as games end
(`cardtable.server.lobby.ratings`) and stores them (`cardtable.server.storage.ratings`)."""
