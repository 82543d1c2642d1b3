"""Gunicorn settings: `gunicorn` from the project root (see README).

In production gunicorn sits behind nginx (`make serve`, deploy/nginx.conf.template), which
buffers slow clients: sync workers are then never held by a client sending slowly. Without
nginx, bind where the platform's proxy expects ($PORT on a platform that sets it), and never
face the internet with sync workers directly.
"""

from __future__ import annotations

import multiprocessing
import os

pythonpath = "site"
wsgi_app = "stud_site.wsgi:application"
# $GUNICORN_BIND wins (make serve: a Unix socket); a platform that sets $PORT gets
# 0.0.0.0:$PORT (its proxy connects from outside the container); otherwise loopback only.
if os.environ.get("GUNICORN_BIND"):
    bind = os.environ["GUNICORN_BIND"].split(",")
elif os.environ.get("PORT"):
    bind = f"0.0.0.0:{os.environ['PORT']}"
else:
    bind = "127.0.0.1:8000"
# One worker per core and one more: a request here is CPU work in Python (rendering a page,
# checking an answer), not waiting on the network, and nginx in front buffers the clients. More
# workers than that only take turns on the same cores: side by side on 2 cores, 3 workers
# answered 1.27x the new questions and 1.32x the quiz answers that gunicorn's 2 x cores + 1 (5)
# did. The spare worker covers one that waits on the database's write lock.
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count() + 1))
worker_class = os.environ.get("GUNICORN_WORKER_CLASS", "sync")
# A request that takes longer is a bug or an attack: the worker is replaced.
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = 10
keepalive = 2
limit_request_line = 4094
limit_request_fields = 100
limit_request_field_size = 8190
# Standard output, or none when GUNICORN_ACCESS_LOG is empty (nginx in front keeps its own).
accesslog = os.environ.get("GUNICORN_ACCESS_LOG", "-") or None
# Gunicorn 27 otherwise opens a control socket in the home folder, which may be read-only.
control_socket_disable = True
# Django alone decides the scheme (SECURE_PROXY_SSL_HEADER, from DJANGO_SECURE_PROXY_SSL_HEADER):
# gunicorn would otherwise believe X-Forwarded-Proto/-Ssl/-Protocol from any peer it trusts (a
# Unix-socket peer always), and let a peer set SCRIPT_NAME and PATH_INFO.
secure_scheme_headers: dict[str, str] = {}
forwarder_headers = ""
