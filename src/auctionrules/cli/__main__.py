"""``python -m auctionrules.cli``."""

import sys

from auctionrules.cli import main

sys.exit(main())
