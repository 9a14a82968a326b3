"""Chat at a table: the lines kept, and who may say what to whom."""
