"""The app's stylesheet, `cardtable.tcss`: package data, read through importlib.resources so that
an installed copy finds it wherever it is installed."""

from importlib.resources import files

#: The text of `cardtable.tcss`, for `App.CSS`.
STYLESHEET = (files("cardtable.client.ui") / "cardtable.tcss").read_text(encoding="utf-8")
