"""Turn clocks: their settings, the counting of each seat's time, and the task that applies a
table's rule when time runs out."""
