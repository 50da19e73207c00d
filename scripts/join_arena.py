#!/usr/bin/env python3
"""One arena result from the results of its parts: a tournament played in ranges of its
seed (``--seeds 0:200``, ``200:400``, ...), as ``arena --json`` of the whole prints it
(``ludoteca.tools.arena.join``; the parts must follow on).

    python scripts/join_arena.py PART.json... > WHOLE.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from ludoteca.tools.arena import JoinError, join

if __name__ == "__main__":
    try:
        parts = [json.loads(Path(name).read_text(encoding="utf-8")) for name in sys.argv[1:]]
        print(json.dumps(join(parts)))
    except JoinError as error:
        sys.exit(f"join_arena: {error}")
