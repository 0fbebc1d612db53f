"""``python -m auctionrules``."""

import sys

from auctionrules.cli import main

sys.exit(main())
