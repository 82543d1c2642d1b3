"""Gunicorn settings: `gunicorn stud_site.wsgi` from the project root (see README)."""

from __future__ import annotations

import multiprocessing
import os

pythonpath = "site"
wsgi_app = "stud_site.wsgi:application"
bind = os.environ.get("GUNICORN_BIND", "0.0.0.0:8000")
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count() * 2 + 1))
accesslog = "-"
# Gunicorn 27 otherwise opens a control socket in the home folder, which may be read-only.
control_socket_disable = True
