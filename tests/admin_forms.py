"""The admin's change forms as a browser sends them, for tests that post an edit."""

from __future__ import annotations

import re
from html import unescape
from html.parser import HTMLParser

from django.test import Client

__all__ = ["FormFields", "change_form", "refused"]


class FormFields(HTMLParser):
    """The fields of the admin change form, as a browser would send them."""

    def __init__(self) -> None:
        super().__init__()
        self.fields: dict[str, str] = {}
        self._textarea: str | None = None
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        name = values.get("name")
        if tag == "input" and name and values.get("type") not in ("submit", "checkbox"):
            self.fields[name] = values.get("value", "")
        elif tag == "input" and name and "checked" in values:
            self.fields[name] = values.get("value", "on")
        elif tag == "textarea" and name:
            self._textarea = name
            self.fields[name] = ""
        elif tag == "select" and name:
            self._select = name
            self.fields.setdefault(name, "")
        elif tag == "option" and self._select and "selected" in values:
            self.fields[self._select] = values.get("value", "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "textarea":
            self._textarea = None
        elif tag == "select":
            self._select = None

    def handle_data(self, data: str) -> None:
        if self._textarea:
            self.fields[self._textarea] += data


def change_form(client: Client, url: str) -> dict[str, str]:
    """The admin change form at ``url`` as a browser would post it back unchanged."""
    response = client.get(url)
    assert response.status_code == 200, url
    parser = FormFields()
    parser.feed(response.content.decode())
    return parser.fields


def refused(client: Client, url: str, name: str, bad: str) -> str:
    """Post the change form at ``url`` with ``bad`` in field ``name``; the admin must answer
    with the form again (nothing saved) and an error beside that field, returned as text."""
    data = change_form(client, url)
    assert name in data
    data[name] = bad
    response = client.post(url, data)
    assert response.status_code == 200  # the form again, not a redirect: nothing saved
    html = unescape(response.content.decode())
    errors = re.search(rf'<ul class="errorlist" id="id_{name}_error">(.*?)</ul>', html, re.S)
    assert errors is not None, f"no error beside {name}"
    return errors.group(1)
