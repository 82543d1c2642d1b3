"""Fixtures for link previews: the real rule content, loaded once per session."""

from __future__ import annotations

from tests.rules.conftest import django_db_setup

__all__ = ["django_db_setup"]
