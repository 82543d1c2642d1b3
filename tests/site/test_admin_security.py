"""The admin: logins are throttled per client address, and its path comes from the environment."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.base_user import AbstractBaseUser
from django.http import HttpRequest
from django.test import Client, override_settings

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.django_db


@pytest.fixture
def password_checks(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every username the password backend is asked about (each costs a slow hash)."""
    calls: list[str] = []
    original = ModelBackend.authenticate

    def counting(
        self: ModelBackend, request: HttpRequest | None, username: str | None = None, **kw: Any
    ) -> AbstractBaseUser | None:
        calls.append(username or "")
        return original(self, request, username=username, **kw)

    monkeypatch.setattr(ModelBackend, "authenticate", counting)
    yield calls


def _login(client: Client, **headers: str) -> int:
    data = {"username": "admin", "password": "wrong"}
    return client.post(
        "/admin/login/", urlencode(data), "application/x-www-form-urlencoded", headers=headers
    ).status_code


def test_failed_logins_lock_the_address_out_before_any_password_is_hashed(
    password_checks: list[str],
) -> None:
    client = Client(HTTP_HOST="127.0.0.1")
    statuses = [_login(client) for _ in range(5)]
    # The form again ("please enter a correct username...") four times; the fifth failure
    # locks the address out.
    assert statuses == [200, 200, 200, 200, 429]
    assert len(password_checks) == 5
    assert _login(client) == 429
    assert _login(client) == 429
    assert len(password_checks) == 5  # refused without hashing anything


@override_settings(CLIENT_IP_HEADER="X-Real-IP")
def test_behind_the_proxy_each_client_address_is_throttled_on_its_own(
    password_checks: list[str],
) -> None:
    client = Client(HTTP_HOST="127.0.0.1")
    for _ in range(5):
        _login(client, X_Real_IP="203.0.113.7")
    assert _login(client, X_Real_IP="203.0.113.7") == 429
    assert _login(client, X_Real_IP="198.51.100.2") == 200


def _admin_urls(**env: str) -> str:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_"))}
    code = (
        "import django; django.setup(); from django.urls import reverse, resolve, Resolver404\n"
        "print(reverse('admin:index'))\n"
        "try:\n    resolve('/admin/'); print('admin/ resolves')\n"
        "except Resolver404:\n    print('admin/ is 404')\n"
        "from django.test import Client\n"
        "print(Client(HTTP_HOST='127.0.0.1').get('/robots.txt').content.decode())\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        env={**clean, "PYTHONPATH": str(ROOT / "site"), **env},
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout


def test_the_admin_path_comes_from_django_admin_path() -> None:
    out = _admin_urls(DJANGO_SETTINGS_MODULE="stud_site.settings", DJANGO_ADMIN_PATH="/staff-9q/")
    assert out.splitlines()[0] == "/staff-9q/"
    assert "admin/ is 404" in out
    assert "staff-9q" not in out.split("\n", 2)[2]  # robots.txt does not give it away


def test_the_default_admin_path_is_admin() -> None:
    out = _admin_urls(DJANGO_SETTINGS_MODULE="stud_site.settings")
    assert out.splitlines()[0] == "/admin/"
    assert "Disallow: /admin/" in out
