"""Settings come from the environment; development needs none of it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]

_PRINT_SETTINGS = """
import json
from stud_site import settings as s
print(json.dumps({
    "DEBUG": s.DEBUG,
    "ALLOWED_HOSTS": s.ALLOWED_HOSTS,
    "ENGINE": s.DATABASES["default"]["ENGINE"],
    "DB_NAME": str(s.DATABASES["default"]["NAME"]),
    "CACHE": s.CACHES["default"]["BACKEND"],
    "SESSION_COOKIE_SECURE": getattr(s, "SESSION_COOKIE_SECURE", False),
    "CSRF_COOKIE_SECURE": getattr(s, "CSRF_COOKIE_SECURE", False),
    "HSTS": getattr(s, "SECURE_HSTS_SECONDS", 0),
    "STATICFILES": s.STORAGES["staticfiles"]["BACKEND"],
}))
"""


def load_settings(**env: str) -> dict[str, object]:
    """Import the settings module in a fresh interpreter with only ``env`` set."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_"))}
    clean.pop("REDIS_URL", None)
    clean.pop("CACHE_URL", None)
    result = subprocess.run(
        [sys.executable, "-c", _PRINT_SETTINGS],
        env={**clean, "PYTHONPATH": str(ROOT / "site"), **env},
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        raise RuntimeError(result.stderr)
    loaded: dict[str, object] = json.loads(result.stdout)
    return loaded


def test_development_defaults_need_no_variables() -> None:
    loaded = load_settings()
    assert loaded["DEBUG"] is True
    assert loaded["ENGINE"] == "django.db.backends.sqlite3"
    assert loaded["DB_NAME"] == str(ROOT / "db.sqlite3")
    assert loaded["CACHE"] == "django.core.cache.backends.locmem.LocMemCache"
    assert "localhost" in loaded["ALLOWED_HOSTS"]  # type: ignore[operator]


def test_production_needs_a_secret_key() -> None:
    with pytest.raises(RuntimeError, match="DJANGO_SECRET_KEY"):
        load_settings(DJANGO_DEBUG="false")


def test_production_from_the_environment() -> None:
    loaded = load_settings(
        DJANGO_DEBUG="false",
        DJANGO_SECRET_KEY="x" * 50,
        DJANGO_ALLOWED_HOSTS="stud.example, www.stud.example",
        DATABASE_URL="postgres://user:pw@db.example:5432/stud",
        REDIS_URL="redis://cache.example:6379/0",
    )
    assert loaded["DEBUG"] is False
    assert loaded["ALLOWED_HOSTS"] == ["stud.example", "www.stud.example"]
    assert loaded["ENGINE"] == "django.db.backends.postgresql"
    assert loaded["CACHE"] == "django.core.cache.backends.redis.RedisCache"
    assert loaded["SESSION_COOKIE_SECURE"] is True
    assert loaded["CSRF_COOKIE_SECURE"] is True
    assert loaded["HSTS"] == 31_536_000
    assert loaded["STATICFILES"] == "whitenoise.storage.CompressedManifestStaticFilesStorage"


def test_bad_boolean_is_refused() -> None:
    with pytest.raises(RuntimeError, match="DJANGO_DEBUG='maybe'"):
        load_settings(DJANGO_DEBUG="maybe")


def test_stateless_servers_and_apps() -> None:
    assert settings.SESSION_ENGINE == "django.contrib.sessions.backends.signed_cookies"
    apps = settings.INSTALLED_APPS
    assert apps.index("modeltranslation") < apps.index("django.contrib.admin")
    for app in ("simple_history", "django_htmx", "stud_site", "rules", "practice"):
        assert app in apps
    for middleware in (
        "whitenoise.middleware.WhiteNoiseMiddleware",
        "django.middleware.locale.LocaleMiddleware",
        "django.middleware.csrf.CsrfViewMiddleware",
        "django.middleware.clickjacking.XFrameOptionsMiddleware",
        "django_htmx.middleware.HtmxMiddleware",
        "simple_history.middleware.HistoryRequestMiddleware",
        "django.middleware.csp.ContentSecurityPolicyMiddleware",
    ):
        assert middleware in settings.MIDDLEWARE
    assert [code for code, _ in settings.LANGUAGES] == ["sv", "da", "fi", "en"]
