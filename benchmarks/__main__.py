"""Run every `benchmarks/bench_*.py` module's `main()` in name order (`make bench`)."""

from __future__ import annotations

import importlib
from pathlib import Path


def main() -> None:
    """Import each bench module and run its ``main()``."""
    for path in sorted(Path(__file__).parent.glob("bench_*.py")):
        module = importlib.import_module(f"benchmarks.{path.stem}")
        print(f"== {path.stem} ==")
        module.main()
        print()


if __name__ == "__main__":
    main()
