"""The kit's pages link the rules they cite: the real rule content, loaded once a session."""

from __future__ import annotations

from tests.rules.conftest import django_db_setup

__all__ = ["django_db_setup"]
