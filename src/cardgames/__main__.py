"""``python -m cardgames``: the same as the ``cardgames`` command (see :mod:`cardgames.cli`)."""

import sys

from cardgames.cli import main

if __name__ == "__main__":
    sys.exit(main())
