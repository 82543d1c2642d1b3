"""WSGI entry point: `gunicorn` (see gunicorn.conf.py) serves `stud_site.wsgi:application`."""

from __future__ import annotations

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "stud_site.settings")

application = get_wsgi_application()
