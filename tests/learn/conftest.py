"""The course tests need the real rule content (lessons name its steps)."""

from __future__ import annotations

from tests.rules.conftest import django_db_setup

__all__ = ["django_db_setup"]
