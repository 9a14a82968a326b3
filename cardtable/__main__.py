"""`python -m cardtable` runs the `cardtable` command."""

import sys

from cardtable.cli import main

sys.exit(main())
