"""Templates name only static files that production's manifest has: a missing name is a 500 as
served (ManifestStaticFilesStorage), whatever the plain storage of a test run says."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tutorials.models import Path as LearningPath

ROOT = Path(settings.BASE_DIR)
STATIC_NAME = re.compile(r"""{%\s*static\s+['"]([^'"]+)['"]""")


def _templates() -> list[Path]:
    return sorted(p for p in ROOT.glob("*/templates/**/*.html") if ".venv" not in p.parts)


def test_every_static_name_in_a_template_is_a_file_the_manifest_will_hold() -> None:
    named = {
        (str(template.relative_to(ROOT)), name)
        for template in _templates()
        for name in STATIC_NAME.findall(template.read_text())
    }
    assert len(named) > 20, "the scan found almost no {% static %} names: is the pattern right?"
    missing = sorted((template, name) for template, name in named if not finders.find(name))
    assert missing == []


@pytest.mark.django_db
@pytest.mark.parametrize("language", [code for code, _name in settings.LANGUAGES])
def test_every_test_out_page_renders_with_the_strict_static_storage(language: str) -> None:
    """The test-out page named css/practice.css, which no app ships: 500 as served, 8 of 8."""
    paths = list(LearningPath.objects.all())
    assert paths, "the course has no paths: the test would check nothing"
    client = Client()
    for path in paths:
        with translation.override(language):
            url = reverse("tutorials:test-out", kwargs={"path": path.slug})
        answer = client.get(url)
        assert answer.status_code == 200, url
        assert b"/static/practice/practice.css" in answer.content
