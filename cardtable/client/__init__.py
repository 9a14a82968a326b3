"""The headless client session and the Textual app. Arrive with the client work; nothing here
yet."""
