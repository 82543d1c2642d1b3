# The commands people type. `make run` and `make test` work on a fresh machine with Python 3.13
# (or 3.12): they create the virtual environment and install what they need first.

PYTHON_SYSTEM ?= $(shell command -v python3.13 || command -v python3.12 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
export DJANGO_ALLOW_ASYNC_UNSAFE := true

PORT ?= 8080

.PHONY: serve bench-http lighthouse test-stack install run test test-fast test-postgres lint format messages translations db content static bench loadtest test-tools clean

$(STAMP): requirements/base.txt requirements/test.txt
	test -x $(PY) || $(PYTHON_SYSTEM) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements/test.txt
	touch $(STAMP)

## install: the virtual environment, the packages, compiled catalogues, a migrated database with the content
install: $(STAMP) translations db content

translations: $(STAMP)
	$(PY) manage.py compiletranslations

db: $(STAMP)
	$(PY) manage.py migrate --noinput

content: db
	$(PY) manage.py loadrules
	$(PY) manage.py loadcourse
	$(PY) manage.py searchindex

## static: the hashed, compressed static files that production (DJANGO_DEBUG=false) serves
static: $(STAMP)
	$(PY) manage.py collectstatic --noinput

## run: serve the site on http://127.0.0.1:8000 with the embedded SQLite database
run: install
	$(PY) manage.py runserver 127.0.0.1:8000

## serve: the production stack in the foreground on http://127.0.0.1:$(PORT): nginx in front of
## gunicorn, DEBUG off, a generated secret key, SQLite unless DATABASE_URL (README, "Production")
serve: $(STAMP)
	PORT=$(PORT) scripts/serve

## test-tools: the Debian packages the tests use (Chromium, redis-server, nginx, PostgreSQL,
## DejaVu fonts, hunspell, Voikko, LinkChecker, Java, npm); installs the missing ones when root,
## otherwise says what to install; then the Nu HTML Checker (vnu-jar) outside the repository
test-tools:
	@sh scripts/ensure-test-tools

## test: every test of the site as a learner meets it: the suite (browser tests in Chromium
## included), then the learner's walk through make serve (nginx + gunicorn, production settings,
## all on 127.0.0.1). The operations tests of the stack are make test-stack; CI runs both.
test: $(STAMP) translations test-tools
	$(PY) manage.py makemigrations --check --dry-run
	$(PY) -m pytest -n 2 -m "not stack"
	$(PY) -m pytest -m stack tests/stack/test_walk.py

## test-stack: the operations tests of the production stack (nginx + gunicorn via scripts/serve):
## caching, limits and fairness, a 5,000-URL crawler, LinkChecker and the Nu HTML Checker, and
## the scale-out test (two gunicorns, one PostgreSQL, one Redis, one nginx). Needs Debian's nginx
## and redis-server; runs against a throwaway PostgreSQL (scripts/with-postgres).
test-stack: $(STAMP) translations test-tools
	scripts/with-postgres $(PY) -m pytest -m stack tests/stack --ignore=tests/stack/test_walk.py

test-fast: $(STAMP) translations
	$(PY) -m pytest -n 2 -m "not browser and not stack"

## test-postgres: the tests that touch the database, against the PostgreSQL in DATABASE_URL
## (a throwaway server: scripts/with-postgres make test-postgres)
test-postgres: $(STAMP) translations
	@case "$$DATABASE_URL" in \
	  postgres://*|postgresql://*|postgis://*) ;; \
	  *) echo "test-postgres: set DATABASE_URL=postgres://user:password@host:port/name" \
	       "(the role needs CREATEDB), or run: scripts/with-postgres make test-postgres" >&2; \
	     exit 1 ;; \
	esac
	$(PY) -m pytest -n 2 -m "not browser and not stack" --ignore=tests/engine tests

## lint: ruff, mypy over every app (strict) and tests/, and stylelint over the stylesheets
## (stylelint.config.mjs: the standard config, no !important; installed by scripts/stylelint
## with npm outside the repository)
lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	scripts/stylelint

format: $(STAMP)
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

## messages: refresh the catalogues from the code (needs GNU gettext), then compile them
messages: $(STAMP)
	$(PY) manage.py makemessages --all --no-location --no-obsolete --ignore=.venv --ignore=tests
	$(PY) manage.py compiletranslations

## bench: speed figures for the engine, the quizzes and search (printed, not asserted)
bench: $(STAMP)
	$(PY) -m benchmarks

## bench-http: make serve under wrk: cached game page, step page, quiz question and answer as
## ratios to the static stylesheet, sizes, p50/p99 and errors at 64 connections, slow clients
bench-http: $(STAMP) translations
	scripts/bench-http

## lighthouse: Lighthouse's mobile preset on every game page (the rules page of each game in each
## language) through make serve: a table of performance, TBT, LCP, CLS and the other categories;
## fails when a page's median performance is below 95. Needs Node.js with npm and Chromium;
## installs Lighthouse outside the repository (scripts/lighthouse). Not part of make test.
lighthouse: $(STAMP) translations
	scripts/lighthouse

## loadtest: gunicorn (2 workers, DEBUG off, a temporary SQLite database) under wrk, 10 s per page
loadtest: $(STAMP)
	scripts/loadtest

clean:
	rm -rf $(VENV) db.sqlite3 db.sqlite3-wal db.sqlite3-shm staticfiles
	find . -name '*.mo' -delete
