"""Running the room as a process: what ``ludoteca serve`` sets up before uvicorn starts."""

import json
import os
import subprocess
import sys

from ludoteca.server.main import COLLECTOR_THRESHOLDS


def test_the_server_process_collects_garbage_less_often_and_never_walks_its_start():
    # In a process of its own: the collector's settings are the whole process's.
    script = (
        "import gc, json; from ludoteca.server.main import collect_less; "
        "before = gc.get_freeze_count(); collect_less(); "
        "print(json.dumps([gc.get_threshold(), before, gc.get_freeze_count()]))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    thresholds, frozen_before, frozen_after = json.loads(done.stdout)
    assert tuple(thresholds) == COLLECTOR_THRESHOLDS
    assert thresholds[0] > 700  # Python's default, which cost 18% of the CPU under load
    assert frozen_before == 0 < frozen_after
