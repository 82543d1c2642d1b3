"""``manage.py pagemirror``: keep the page mirror's ``current`` link on the content version
(``core.pagemirror``), in the foreground until Ctrl-C or SIGTERM; ``make serve`` runs it.

``--nginx-config`` prints, as JSON, the lines nginx.conf needs to send the mirror's files with
the headers Django would (``scripts/serve`` writes them into its configuration); ``--once``
points the link once and stops."""

from __future__ import annotations

import json
import signal
import threading
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from core import pagemirror


class Command(BaseCommand):
    help = "Keep the page mirror nginx serves on the current content (see core.pagemirror)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--nginx-config",
            action="store_true",
            help="print nginx's add_header lines and HSTS value as JSON, then stop",
        )
        parser.add_argument(
            "--once", action="store_true", help="point the link at the current generation, stop"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["nginx_config"]:
            self.stdout.write(json.dumps(pagemirror.nginx_config()))
            return
        if not settings.PAGE_MIRROR_ROOT:
            raise CommandError("DJANGO_PAGE_MIRROR_ROOT is not set: no page mirror to keep")
        root = Path(settings.PAGE_MIRROR_ROOT)
        stop = threading.Event()
        if options["once"]:
            pagemirror.keep(root, stop=stop, on_change=lambda _name: stop.set())
            return
        for signum in (signal.SIGINT, signal.SIGTERM):
            signal.signal(signum, lambda _signum, _frame: stop.set())

        def changed(name: str) -> None:
            if int(options["verbosity"]) > 1:
                self.stdout.write(f"generation {name}")

        pagemirror.keep(root, stop=stop, on_change=changed)
