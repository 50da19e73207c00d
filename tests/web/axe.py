"""axe-core, the accessibility checker, injected into a page by the browser tests.

It comes from the npm registry, pinned in tests/web/package.json; `scripts/test` installs
it (npm ci) when tests/web/node_modules is missing. Without it a test fails under CI and
is skipped elsewhere, with the reason."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

AXE = Path(__file__).resolve().parent / "node_modules" / "axe-core" / "axe.min.js"
#: WCAG 2 A and AA: contrast, names, labels, structure.
RULES = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa"]}, "resultTypes": ["violations"]}
#: What a player meets as a barrier; moderate and minor findings are not counted.
BARRIERS = ("serious", "critical")


def require_axe() -> str:
    """axe-core's source, or a failure under CI and a skip elsewhere when it is missing."""
    if AXE.exists():
        return AXE.read_text()
    reason = f"axe-core is not installed ({AXE} is missing): run `npm ci` in tests/web"
    if os.environ.get("CI"):
        pytest.fail(reason)
    pytest.skip(reason)


def barriers(page: Any, source: str) -> list[str]:
    """The serious and critical WCAG A/AA violations on the page as it is now, one line
    each: the rule, the element and axe's summary of what is wrong."""
    if not page.evaluate("!!window.axe"):
        page.add_script_tag(content=source)
    found = page.evaluate("(rules) => axe.run(document, rules).then((r) => r.violations)", RULES)
    return [
        f"{rule['id']} ({rule['impact']}): {node['target']} {_last_line(node['failureSummary'])}"
        for rule in found
        if rule["impact"] in BARRIERS
        for node in rule["nodes"]
    ]


def _last_line(summary: str) -> str:
    return summary.strip().splitlines()[-1].strip()
