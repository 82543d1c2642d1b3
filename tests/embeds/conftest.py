"""Embed tests run on the rules content the rules tests load (tests/rules/conftest.py)."""

from __future__ import annotations

from tests.rules.conftest import django_db_setup

__all__ = ["django_db_setup"]
