#!/usr/bin/env python
"""Django's command-line utility; puts site/ on the path so `stud_site` imports."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def main() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent / "site"))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "stud_site.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
