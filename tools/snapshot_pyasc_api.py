"""Write the snapshot of pyasc 1.1.1's public API that ``tests/parity/test_pyasc_names.py`` checks
ascx against.

Run it with pyasc's interpreter (``/work/shared/tools/pyasc-ref setup`` creates it)::

    ~/.cache/pyasc-ref/venv/bin/python tools/snapshot_pyasc_api.py [OUTPUT.json]

The default output is ``tests/parity/pyasc_api_snapshot.json``.  For every public name of the
modules in ``MODULES`` it records the facts ``ascx.testing.api_facts`` introspects (kind,
parameters with their kinds and defaults, ``typing.overload`` sets, enum members).  Names
re-exported from the standard library (``Optional``, ``Union``, ``Enum``) are left out, and so are
the names in ``EXEMPT``, with the reason recorded in the snapshot.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUTPUT = ROOT / "tests" / "parity" / "pyasc_api_snapshot.json"

MODULES = (
    "asc",
    "asc.language.basic",
    "asc.language.core",
    "asc.language.fwk",
    "asc.language.adv",
    "asc.runtime.config",
    "asc.lib.runtime",
)
EXEMPT = {
    "asc": {
        "codegen": "pyasc's AST code generator (ascx's counterpart is ascx.tracer); its public option class "
        "CodegenOptions is at asc",
        "common": "pyasc's Python-version compatibility helpers, used by its own implementation",
        "lan_all": "a list pyasc's __init__ builds its __all__ from",
    },
}


def _load_api_facts() -> ModuleType:
    path = ROOT / "src" / "ascx" / "testing" / "api_facts.py"
    spec = importlib.util.spec_from_file_location("api_facts", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["api_facts"] = module
    spec.loader.exec_module(module)
    return module


def snapshot() -> dict[str, object]:
    facts = _load_api_facts()
    modules: dict[str, object] = {}
    for name in MODULES:
        module = importlib.import_module(name)
        modules[name] = facts.module_facts(module, set(EXEMPT.get(name, {})))
    return {
        "pyasc_version": importlib.metadata.version("pyasc"),
        "python": f"{sys.version_info.major}.{sys.version_info.minor}",
        "exempt": EXEMPT,
        "modules": modules,
    }


def main(argv: list[str]) -> None:
    output = Path(argv[0]) if argv else DEFAULT_OUTPUT
    data = snapshot()
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    counts = ", ".join(f"{m}: {len(n)}" for m, n in data["modules"].items())  # type: ignore[union-attr]
    print(f"wrote {output} (pyasc {data['pyasc_version']}; {counts})")


if __name__ == "__main__":
    main(sys.argv[1:])
