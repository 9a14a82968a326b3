"""`python -m cardtable` runs the `cardtable` command."""

import sys

from cardtable.cli import main

if __name__ == "__main__":  # (not in a worker process, which imports this module as well)
    sys.exit(main())
