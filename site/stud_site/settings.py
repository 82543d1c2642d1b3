"""Settings for every environment: production differences come from environment variables.

With no variables set this is a development set-up (DEBUG on, SQLite, local-memory cache).
See README.md, "Configuration", for the variables.
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path
from typing import Any

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP

BASE_DIR = Path(__file__).resolve().parent.parent.parent
SITE_DIR = BASE_DIR / "site"


def _env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return default
    if value.strip().lower() in {"1", "true", "yes", "on"}:
        return True
    if value.strip().lower() in {"0", "false", "no", "off"}:
        return False
    raise ImproperlyConfigured(f"{name}={value!r}: expected true/false, 1/0, yes/no or on/off")


def _env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name, "")
    items = [item.strip() for item in value.split(",") if item.strip()]
    return items or default


DEBUG = _env_bool("DJANGO_DEBUG", True)

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("Set DJANGO_SECRET_KEY when DJANGO_DEBUG is off.")
    SECRET_KEY = "django-insecure-development-only-key-do-not-use-in-production"

ALLOWED_HOSTS = _env_list(
    "DJANGO_ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"] if DEBUG else []
)
CSRF_TRUSTED_ORIGINS = _env_list("DJANGO_CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    # modeltranslation patches the admin, so it comes before it.
    "modeltranslation",
    "django.contrib.admin",
    "django.contrib.auth",
    # Throttles admin logins (see "Admin" below).
    "axes",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    # whitenoise serves static files in development too, as in production.
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.sitemaps",
    "simple_history",
    "django_htmx",
    "core",
    "stud_site",
    "rules",
    "practice",
    "tutorials",
    "embeds",
    "search",
    "previews",
    "learners",
    "table",
    "kit",
]

MIDDLEWARE = [
    # First: a request for a host not in ALLOWED_HOSTS gets a plain 400 before anything
    # (an error page's links included) asks for the host again.
    "core.middleware.allowed_host",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The learner record under the progress functions (learners.store); its cookie.
    "learners.middleware.learner_store",
    "django.middleware.locale.LocaleMiddleware",
    # Inside the locale: an empty 405 becomes a page in the reader's language.
    "stud_site.middleware.method_not_allowed_page",
    # After the locale: a page asked for at its old address (English words under /sv/, /da/,
    # /fi/) answers 301 with its address in the reader's language (core.urlwords).
    "core.urlwords.moved_permanently",
    # No view takes files: multipart bodies are refused before anything reads them.
    "core.middleware.refuse_uploads",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    # Before anything reads request.user: an admin session from before a logout ends here.
    "core.staff.current_login",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    # Last, as django-axes asks: answers locked-out logins with its own 429.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "stud_site.urls"
WSGI_APPLICATION = "stud_site.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [SITE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.debug",
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "stud_site.context_processors.site",
            ],
        },
    },
]

# Database: PostgreSQL (or anything dj-database-url understands) through DATABASE_URL.
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DJANGO_CONN_MAX_AGE", "600")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The embedded SQLite as well-run sites use it: write-ahead logging (readers never wait for
    # a writer, and a commit is one append instead of a journal file's fsyncs), fsync at
    # checkpoints only (a power cut may lose the last commits, never corrupt the file), and
    # write transactions that take the lock at BEGIN, so two workers saving progress at once
    # queue for up to 20 s instead of failing with "database is locked".
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
        }
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Cache: local memory per process unless REDIS_URL (or CACHE_URL with redis://) is set. Whole
# pages (core.pagecache) live in their own "pages" cache, bounded by construction: only pages
# without a query string are kept (about a thousand URLs in two decks), a few KB each
# compressed, at most PAGES_MAX_ENTRIES per process in local memory (with Redis, give the
# server a maxmemory and an allkeys-lru policy; pages expire after an hour anyway).
_CACHE_URL = os.environ.get("REDIS_URL") or os.environ.get("CACHE_URL", "")
if _CACHE_URL.startswith(("redis://", "rediss://", "unix://")):
    CACHES: dict[str, dict[str, Any]] = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": _CACHE_URL,
        },
        "pages": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": _CACHE_URL,
            "KEY_PREFIX": "pages",
        },
    }
elif _CACHE_URL:
    raise ImproperlyConfigured(f"CACHE_URL={_CACHE_URL!r}: only redis:// URLs are supported")
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "OPTIONS": {"MAX_ENTRIES": 2000},
        },
        "pages": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "pages",
            "OPTIONS": {"MAX_ENTRIES": int(os.environ.get("DJANGO_PAGES_MAX_ENTRIES", "1000"))},
        },
    }

# Whole rule pages are cached (core.pagecache); shared caches (a CDN, nginx) may keep an
# anonymous page this many seconds, browsers revalidate it with its ETag every time.
PAGE_CACHE_SHARED_MAX_AGE = int(os.environ.get("DJANGO_PAGE_SHARED_MAX_AGE", "60"))
# The build, part of every cached page's key: core.pagecache.build_id hashes every file that
# shapes a page (their contents, never their times) and this name of the build, if a deploy
# gives one (a commit id): any code change gives new keys, with a shared cache too.
BUILD_ID = os.environ.get("DJANGO_BUILD_ID", "").strip()

# Request bodies: no public form sends more than a few KB (core.middleware refuses more than
# 16 KB outside the admin, nginx too); the admin's rule texts in four languages are the largest.
DATA_UPLOAD_MAX_MEMORY_SIZE = 512 * 1024
DATA_UPLOAD_MAX_NUMBER_FIELDS = 200

# Sessions live in a signed cookie, so any app server can answer any request.
SESSION_ENGINE = "django.contrib.sessions.backends.signed_cookies"
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
MESSAGE_STORAGE = "django.contrib.messages.storage.cookie.CookieStorage"

# Admin: at $DJANGO_ADMIN_PATH (default admin/); after DJANGO_LOGIN_FAILURE_LIMIT failed logins
# from one address, django-axes refuses that address (429, before any password hashing) for
# DJANGO_LOGIN_COOLOFF_MINUTES. Behind a proxy, DJANGO_CLIENT_IP_HEADER names the header that
# carries the client's address (make serve's nginx sets X-Real-IP).
ADMIN_PATH = os.environ.get("DJANGO_ADMIN_PATH", "admin").strip().strip("/") + "/"
if ADMIN_PATH == "/":
    raise ImproperlyConfigured("DJANGO_ADMIN_PATH may not be empty")
CLIENT_IP_HEADER = os.environ.get("DJANGO_CLIENT_IP_HEADER", "").strip()
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = int(os.environ.get("DJANGO_LOGIN_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("DJANGO_LOGIN_COOLOFF_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = ["ip_address"]
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "core.http.client_ip"
AXES_VERBOSE = False

# No view accepts files (core.middleware.refuse_uploads refuses multipart bodies); should one
# get through, nothing stores it.
FILE_UPLOAD_HANDLERS: list[str] = []

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Languages: English is the source language; every URL carries its language prefix.
LANGUAGE_CODE = "en"
# Each language is named in its own language (the switcher shows these names).
LANGUAGES = [
    ("sv", "Svenska"),
    ("da", "Dansk"),
    ("fi", "Suomi"),
    ("en", "English"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
USE_TZ = True
TIME_ZONE = "Europe/Stockholm"

MODELTRANSLATION_DEFAULT_LANGUAGE = "en"
MODELTRANSLATION_FALLBACK_LANGUAGES = ("en",)

# Static files: compressed, with content hashes in the names for far-future caching.
STATIC_URL = "/static/"
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT") or BASE_DIR / "staticfiles")
STATICFILES_DIRS = [SITE_DIR / "static"]
STATICFILES_FINDERS = [
    "django.contrib.staticfiles.finders.FileSystemFinder",
    "django.contrib.staticfiles.finders.AppDirectoriesFinder",
    "core.static_bundles.BundleFinder",
]
# Stylesheets written as several source files and served as one (core/static_bundles.py): a
# page keeps one request; the joined file is kept in STATIC_BUNDLES_ROOT (not in git).
STATIC_BUNDLES = {"practice/practice.css": BASE_DIR / "practice" / "styles"}
STATIC_BUNDLES_ROOT = BASE_DIR / ".static-bundles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# Security. The Content-Security-Policy allows nothing inline (the site's scripts and styles
# are files of its own, allowed by 'self': no nonce, so cached pages hold no per-request
# value); framing is refused everywhere except views wrapped in embeds.framing.allow_framing.
X_FRAME_OPTIONS = "DENY"
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "font-src": [CSP.SELF],
    "connect-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
CSRF_FAILURE_VIEW = "stud_site.views.csrf_failure"
CSRF_COOKIE_SAMESITE = "Lax"

if not DEBUG:
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", str(60 * 60 * 24 * 365)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = _env_bool("DJANGO_HSTS_INCLUDE_SUBDOMAINS", False)
    SECURE_HSTS_PRELOAD = _env_bool("DJANGO_HSTS_PRELOAD", False)
# Behind a proxy that terminates TLS, one setting: DJANGO_SECURE_PROXY_SSL_HEADER=true trusts
# its X-Forwarded-Proto, so Django sends HSTS and writes https:// links; false says TLS reaches
# Django itself; unset with DEBUG off, `check --deploy` warns (stud_site/checks.py).
# DJANGO_SECURE_SSL_REDIRECT=true sends plain HTTP to HTTPS.
BEHIND_TLS_PROXY: bool | None = (
    _env_bool("DJANGO_SECURE_PROXY_SSL_HEADER", False)
    if os.environ.get("DJANGO_SECURE_PROXY_SSL_HEADER", "").strip()
    else None
)
if BEHIND_TLS_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = _env_bool("DJANGO_SECURE_SSL_REDIRECT", False)

# The site's own cookie for the card-colour preference (four-colour deck).
CARD_COLOURS_COOKIE = "card_colours"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "INFO")},
}
