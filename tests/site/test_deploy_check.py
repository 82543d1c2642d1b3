"""`manage.py check --deploy` is clean with the production settings the README gives."""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

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
