"""Finished games: history pages, replays, and the lane that paces their requests."""
