"""`python3 -m difftest ...` (with test/lib on the path): see cli.py."""

import sys

from .cli import main

sys.exit(main())
