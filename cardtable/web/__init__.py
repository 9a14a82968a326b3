"""The table in a web browser: textual-serve runs the terminal client, one app process per
browser tab, in a process of its own beside the trio server (`gateway`, started by `runner`)."""
