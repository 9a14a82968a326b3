"""The terminal UI: a Textual app over the same protocol and `ClientSession` as every client."""
