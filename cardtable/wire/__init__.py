"""Plain data and typed values: the one codec the engine, the protocol and storage share.

It imports nothing else of cardtable, so the engine and the protocol may both build on it."""
