"""`manage.py check --deploy` is clean with the production settings the README gives, and warns
when HTTPS behind a TLS proxy (one setting) is left unsaid or contradicted."""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from stud_site.checks import check_tls_proxy

ROOT = Path(__file__).resolve().parents[2]


def readme_production_env() -> dict[str, str]:
    """The ``export NAME=value`` lines of the README's "Production" section; placeholders
    (``<...>``) get real values, optional URLs are left out."""
    readme = (ROOT / "README.md").read_text()
    section = readme.split("\n## Production\n", 1)[1].split("\n## ", 1)[0]
    env: dict[str, str] = {}
    for name, value in re.findall(r"^export (\w+)=(\S+)", section, flags=re.M):
        if value.endswith("..."):
            continue  # DATABASE_URL=postgres://..., REDIS_URL=redis://...: optional
        if value.startswith("<"):
            value = "staff-" + secrets.token_hex(4) if "PATH" in name else ""
            value = value or secrets.token_urlsafe(50)
        env[name] = value
    return env


def test_the_readme_names_the_deploy_settings() -> None:
    env = readme_production_env()
    for name in (
        "DJANGO_SECRET_KEY",
        "DJANGO_ALLOWED_HOSTS",
        "DJANGO_SECURE_SSL_REDIRECT",
        "DJANGO_HSTS_INCLUDE_SUBDOMAINS",
        "DJANGO_HSTS_PRELOAD",
        "DJANGO_ADMIN_PATH",
    ):
        assert name in env, name


def test_check_deploy_is_clean_with_the_readme_settings() -> None:
    clean = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("DJANGO_") and k not in ("DATABASE_URL", "REDIS_URL", "CACHE_URL")
    }
    env = {**clean, "DJANGO_DEBUG": "false", **readme_production_env()}
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def _readme_env_but(*left_out: str) -> dict[str, str]:
    clean = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("DJANGO_") and k not in ("DATABASE_URL", "REDIS_URL", "CACHE_URL")
    }
    env = {**clean, "DJANGO_DEBUG": "false", **readme_production_env()}
    for name in left_out:
        del env[name]
    return env


def test_check_deploy_warns_when_https_behind_the_proxy_is_left_unsaid() -> None:
    """F9: behind a TLS proxy, the README's settings but DJANGO_SECURE_PROXY_SSL_HEADER gave no
    HSTS and http:// links, and `check --deploy` said nothing."""
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=_readme_env_but("DJANGO_SECURE_PROXY_SSL_HEADER"),
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode != 0
    assert "stud_site.W001" in result.stderr + result.stdout
    assert "stud_site.W003" in result.stderr + result.stdout  # and SSL redirect would loop


def test_the_readme_says_https_behind_a_proxy_is_one_setting() -> None:
    readme = (ROOT / "README.md").read_text()
    production = readme.split("\n## Production\n", 1)[1].split("\n## ", 1)[0]
    assert "DJANGO_SECURE_PROXY_SSL_HEADER=true" in production
    assert "one setting" in production


@pytest.mark.parametrize(
    ("told", "header", "hsts", "redirect", "expected"),
    [
        (None, None, 31_536_000, False, {"stud_site.W001"}),
        (None, None, 31_536_000, True, {"stud_site.W001", "stud_site.W003"}),
        (True, ("HTTP_X_FORWARDED_PROTO", "https"), 31_536_000, True, set()),
        (True, ("HTTP_X_FORWARDED_PROTO", "https"), 0, True, {"stud_site.W002"}),
        (False, None, 31_536_000, True, set()),  # TLS reaches Django itself
        (None, ("HTTP_X_FORWARDED_PROTO", "https"), 31_536_000, False, set()),
    ],
)
def test_the_tls_proxy_check(
    settings: Any,
    told: bool | None,
    header: tuple[str, str] | None,
    hsts: int,
    redirect: bool,
    expected: set[str],
) -> None:
    settings.DEBUG = False
    settings.BEHIND_TLS_PROXY = told
    settings.SECURE_PROXY_SSL_HEADER = header
    settings.SECURE_HSTS_SECONDS = hsts
    settings.SECURE_SSL_REDIRECT = redirect
    assert {message.id for message in check_tls_proxy()} == expected
    settings.DEBUG = True
    assert check_tls_proxy() == []
