"""The Thistle board, in parts: `faces` (how cards, groups and books look), `reading` (what you
may do now, and the letters), `drawing` (each seat's area, as fully as the lines allow) and
`board` (the widget: keys, clicks, the pile and the hand)."""
