"""The agent tests' helper module (``support.py``) sits beside them; pytest runs in
``importlib`` mode, which does not put test folders on ``sys.path``, so this
conftest does it for this folder only."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))
