"""No broken link and valid HTML, as served (make serve), checked by tools made for it:
LinkChecker (Debian's ``linkchecker``) crawls the site from each language's home page, and the
Nu HTML Checker (``vnu.jar``, npm's ``vnu-jar``, installed by scripts/ensure-test-tools) reads
every page of the sitemaps. Both fail, never skip, when their tool is missing.

LinkChecker waits 0.1-0.6 s between two requests to a host unless the server answers with a
``LinkChecker`` header (its documented opt-in to a higher ``maxrequestspersecond``): the crawl
goes through a small forward proxy here that adds the header and passes everything else on as
nginx sent it. The proxy also keeps the sitemap pages it saw, so that the HTML checker reads
the very pages the crawl fetched instead of fetching them a second time.
"""

from __future__ import annotations

import csv
import http.client
import io
import json
import os
import re
import shutil
import subprocess
import threading
import time
from collections import Counter
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urljoin, urlsplit

import pytest

from tests.stack.conftest import ROOT, Server, Stack

pytestmark = pytest.mark.stack

LANGUAGES = ("sv", "da", "fi", "en")
VNU_FILTER = Path(__file__).with_name("vnu-filter.txt")
#: Where scripts/ensure-test-tools (make test-tools) installs vnu-jar with npm.
VNU_HOME = Path(
    os.environ.get("VNU_HOME")
    or Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "stud-rules-vnu"
)
VNU_JAR = VNU_HOME / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"
_INSTALL = "run make test-tools (scripts/ensure-test-tools)"
_LOC = re.compile(r"<loc>([^<]+)</loc>")
#: In the crawl, checked but not parsed: a page's query-string variants are generated state
#: (a table hand's moves, another example deal, the page an embed code is for), unbounded as
#: a whole; one page of each family is parsed afterwards (``query_samples``).
NO_FOLLOW = r"\?"
#: Checked for syntax only: oEmbed's JSON twin of every page, a machine's link
#: (tests/embeds/test_oembed.py checks its answers for every kind of page in every language).
IGNORE_ALWAYS = r"/oembed/\?"
#: In the crawl, also the embed code of every page (tests/embeds/test_embed_code.py checks it
#: for every kind of page): a family of one page per page, which would double the crawl; a
#: sample of each language's is parsed all the same.
IGNORE = rf"{IGNORE_ALWAYS}|^[^?]*/\?url="
#: A redirect chain longer than this is an error of its own.
MAX_REDIRECTS = 5


def _tool(name: str) -> str:
    found = shutil.which(name)
    if not found:
        pytest.fail(f"{name} is missing: {_INSTALL}")
    return found


def sitemap_paths(server: Server) -> list[str]:
    """Every page the sitemaps list, in the four languages, in their order."""
    index = server.request("/sitemap.xml")
    assert index.status == 200
    paths = []
    for sitemap in _LOC.findall(index.body.decode()):
        answer = server.request(urlsplit(sitemap).path)
        assert answer.status == 200, sitemap
        paths += [urlsplit(url).path for url in _LOC.findall(answer.body.decode())]
    assert {path.split("/")[1] for path in paths} == set(LANGUAGES)
    return paths


@dataclass(frozen=True, slots=True)
class _Answer:
    status: int
    reason: str
    headers: list[tuple[str, str]]
    body: bytes


class _Proxy(ThreadingHTTPServer):
    """A forward proxy to make serve for LinkChecker (``http_proxy``): every answer as nginx
    gave it, plus a ``LinkChecker`` header. It asks nginx for no compression (LinkChecker has
    nothing to unpack) and keeps every GET's answer: with ``replay`` on, a URL asked again is
    answered from there (the second run checks the links of a few pages, most of them checked
    a moment ago), and ``page`` gives a page as the crawl saw it."""

    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _ProxyHandler)
        self.answers: dict[str, _Answer] = {}
        self.replay = False
        self.requests = 0
        self.lock = threading.Lock()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    def page(self, url: str) -> bytes | None:
        """The HTML nginx answered for ``url`` with a 200, if the crawl asked for it."""
        answer = self.answers.get(url)
        if answer is None or answer.status != 200:
            return None
        types = [value for name, value in answer.headers if name.lower() == "content-type"]
        return answer.body if types and types[0].startswith("text/html") else None

    def handle_error(self, request: object, client_address: object) -> None:
        pass  # LinkChecker may hang up before the end of a body it does not read


_HOP_BY_HOP = {
    "connection",
    "keep-alive",
    "proxy-connection",
    "proxy-authorization",
    "te",
    "trailer",
    "transfer-encoding",
    "upgrade",
}


class _ProxyHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: _Proxy

    def log_message(self, format: str, *args: object) -> None:
        pass

    def _ask(self) -> _Answer:
        target = urlsplit(self.path)
        assert target.hostname and target.port, self.path
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else None
        headers = {
            k: v
            for k, v in self.headers.items()
            if k.lower() not in _HOP_BY_HOP and k.lower() != "accept-encoding"
        }
        path = target.path + (f"?{target.query}" if target.query else "")
        upstream = http.client.HTTPConnection(target.hostname, target.port, timeout=60)
        try:
            upstream.request(self.command, path, body=body, headers=headers)
            answer = upstream.getresponse()
            return _Answer(answer.status, answer.reason, answer.getheaders(), answer.read())
        finally:
            upstream.close()

    def _forward(self) -> None:
        with self.server.lock:
            kept = self.server.answers.get(self.path) if self.server.replay else None
        if kept is None or self.command != "GET":
            answer = self._ask()
            with self.server.lock:
                self.server.requests += 1
                if self.command == "GET":
                    self.server.answers[self.path] = answer
        else:
            answer = kept
        self.send_response_only(answer.status, answer.reason)
        for name, value in answer.headers:
            if name.lower() not in _HOP_BY_HOP and name.lower() != "content-length":
                self.send_header(name, value)
        self.send_header("LinkChecker", "test_validators")
        self.send_header("Content-Length", str(len(answer.body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(answer.body)

    do_GET = do_HEAD = do_POST = _forward


@dataclass
class Crawl:
    """LinkChecker's two runs (the crawl, then one page of each query-string family parsed):
    every URL they logged (one row each, csv output), their exit statuses and error output,
    the sampled pages, the sitemap pages the proxy kept, and the time it all took."""

    rows: list[dict[str, str]]
    statuses: list[int]
    stderr: str  # or why LinkChecker could not run
    samples: list[str]
    pages: dict[str, bytes]
    requests: int
    seconds: float

    @property
    def broken(self) -> list[dict[str, str]]:
        return [row for row in self.rows if row["valid"] != "True"]


class _LinkChecker:
    """``linkchecker`` through the proxy, csv rows out."""

    def __init__(self, program: str, folder: Path, server: Server, proxy: _Proxy) -> None:
        self.program = program
        self.folder = folder
        self.host = re.escape(urlsplit(server.base).netloc)
        self.env = {
            k: v for k, v in os.environ.items() if k.lower() not in ("http_proxy", "no_proxy")
        }
        self.env.update(http_proxy=proxy.url, no_proxy="")

    def _config(self, name: str, *, nofollow: str | None, ignore: str) -> Path:
        lines = [
            "[checking]",
            "threads=4",
            # Honoured only because the proxy's answers carry a LinkChecker header.
            "maxrequestspersecond=1000",
            "timeout=60",
            "[filtering]",
            # The whole site is ours (static files, x-default addresses), not only the
            # folders of the start pages; other hosts are checked for syntax only.
            f"internlinks=^https?://{self.host}/",
            "checkextern=0",
            f"ignore={ignore}",
            *([f"nofollow={nofollow}"] if nofollow else []),
            "[output]",
            "warnings=0",
            "status=0",
            "",
        ]
        config = self.folder / name
        config.write_text("\n".join(lines))
        config.chmod(0o644)  # LinkChecker started as root reads it, then runs as nobody
        return config

    def run(
        self, urls: list[str], *, recursion: int, nofollow: str | None, ignore: str
    ) -> tuple[list[dict[str, str]], subprocess.CompletedProcess[str]]:
        config = self._config(f"linkcheckerrc-{recursion}", nofollow=nofollow, ignore=ignore)
        command = [self.program, "--config", str(config), "--output", "csv", "--verbose"]
        command += ["--no-robots", "--recursion-level", str(recursion)]
        done = subprocess.run(
            [*command, *urls],
            env=self.env,
            capture_output=True,
            text=True,
            timeout=600,
        )
        lines = [line for line in done.stdout.splitlines() if not line.startswith("#")]
        return list(csv.DictReader(io.StringIO("\n".join(lines)), delimiter=";")), done


def _family(url: str) -> tuple[str, ...]:
    """The family of a query-string URL: its language, its page's first words and its
    parameters' names (``/da/bord/razz/robert/7/?opponents=4&coach=on``: da, bord, coach
    and opponents)."""
    parts = urlsplit(url)
    words = [word for word in parts.path.split("/") if word][:2]
    return (*words, "?", *sorted(parse_qs(parts.query, keep_blank_values=True)))


def query_samples(rows: list[dict[str, str]], base: str) -> list[str]:
    """One URL of each query-string family the crawl met on the site (the first in order),
    fragment dropped; none that is never checked beyond its syntax."""
    found: dict[tuple[str, ...], str] = {}
    ignored = re.compile(IGNORE_ALWAYS)
    for url in sorted({row["url"].split("#")[0] for row in rows}):
        if url.startswith(f"{base}/") and urlsplit(url).query and not ignored.search(url):
            found.setdefault(_family(url), url)
    return sorted(found.values())


@pytest.fixture(scope="module")
def wanted(site_stack: Stack) -> list[str]:
    return sitemap_paths(site_stack.server)


@pytest.fixture(scope="module")
def crawl(site_stack: Stack, wanted: list[str], tmp_path_factory: pytest.TempPathFactory) -> Crawl:
    """The crawl from each language's home page (every page without a query string parsed,
    every URL of theirs checked; the embed code and oEmbed URLs only for syntax), then one
    page of each query-string family parsed and its links checked."""
    server = site_stack.server
    program = shutil.which("linkchecker")
    if program is None:  # the link test fails on it, the HTML check fetches its own pages
        return Crawl([], [], f"linkchecker is missing: {_INSTALL}", [], {}, 0, 0.0)
    proxy = _Proxy()
    thread = threading.Thread(target=proxy.serve_forever, daemon=True)
    thread.start()
    checker = _LinkChecker(program, tmp_path_factory.mktemp("linkchecker"), server, proxy)
    roots = [f"{server.base}/{code}/" for code in LANGUAGES]
    started = time.monotonic()
    try:
        rows, first = checker.run(roots, recursion=-1, nofollow=NO_FOLLOW, ignore=IGNORE)
        samples = query_samples(rows, server.base)
        proxy.replay = True
        more, second = checker.run(samples, recursion=1, nofollow=None, ignore=IGNORE_ALWAYS)
    finally:
        proxy.shutdown()
        proxy.server_close()
    seconds = time.monotonic() - started
    return Crawl(
        rows + more,
        [first.returncode, second.returncode],
        first.stderr[-2000:] + second.stderr[-2000:],
        samples,
        {path: page for path in wanted if (page := proxy.page(server.base + path))},
        proxy.requests,
        seconds,
    )


def test_linkchecker_finds_no_broken_link(crawl: Crawl) -> None:
    """From /sv/, /da/, /fi/ and /en/, every link of every page reached answers (redirects
    followed); 1 is LinkChecker's status for broken links, 2 for its own failure."""
    if not crawl.statuses:
        pytest.fail(crawl.stderr)
    assert set(crawl.statuses) <= {0, 1}, crawl.stderr
    urls = {row["url"] for row in crawl.rows}
    syntax_only = {row["url"] for row in crawl.rows if row["result"] in ("filtered", "syntax OK")}
    broken = {(row["url"], row["result"], row["parentname"], row["line"]) for row in crawl.broken}
    words = Counter(urlsplit(url).path.split("/")[1] for url in urls)
    per_language = ", ".join(f"{code} {words[code]}" for code in LANGUAGES)
    other = len(urls) - sum(words[code] for code in LANGUAGES)
    print(
        f"\nlinkchecker: {len(urls)} URLs checked ({per_language}, other {other}; "
        f"{len(syntax_only)} for syntax only) from /sv/, /da/, /fi/, /en/ and "
        f"{len(crawl.samples)} pages of query-string families, {crawl.requests} requests, "
        f"{len(broken)} broken, {crawl.seconds:.0f} s"
    )
    for url, result, parent, line in sorted(broken):
        print(f"  {url} ({result}) on {parent} line {line}")
    assert len(urls) > 1000, "the crawl stopped early"
    assert all(words[code] > 200 for code in LANGUAGES), words
    assert not broken
    assert crawl.statuses == [0, 0], crawl.stderr


def _fetch(server: Server, path: str) -> tuple[int, bytes]:
    """The page at ``path``, redirects followed (on this host)."""
    for _ in range(MAX_REDIRECTS + 1):
        answer = server.request(path, timeout=60)
        if answer.status not in (301, 302, 303, 307, 308):
            return answer.status, answer.body
        path = urlsplit(urljoin(server.base + path, answer.header("Location"))).path
    return answer.status, answer.body


def test_every_sitemap_page_is_valid_html(
    site_stack: Stack, wanted: list[str], crawl: Crawl, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """The Nu HTML Checker, one run over every sitemap page in the four languages: no error
    (htmx's hx-* attributes aside, tests/stack/vnu-filter.txt)."""
    java = _tool("java")
    if not VNU_JAR.is_file():
        pytest.fail(f"the Nu HTML Checker is missing ({VNU_JAR}): {_INSTALL}")
    folder = tmp_path_factory.mktemp("vnu")
    by_file: dict[str, str] = {}
    failed = []
    fetched = 0
    for number, path in enumerate(wanted):
        body = crawl.pages.get(path)
        if body is None:
            fetched += 1
            status, body = _fetch(site_stack.server, path)
            if status != 200:
                failed.append(f"{path}: answered {status}")
                continue
        page = folder / f"{number:04d}.html"
        page.write_bytes(body)
        by_file[page.name] = path
    started = time.monotonic()
    # One short run: the quick compiler alone (half the CPU time of a full JIT warm-up; its
    # code wants more stack than vnu's 512k), the serial collector. Errors only: the
    # language guess (--no-langdetect) gives warnings, never errors.
    command = [java, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xss16m", "-jar"]
    command += [str(VNU_JAR), "--errors-only", "--no-langdetect"]
    command += ["--filterfile", str(VNU_FILTER), "--format", "json", "--stdout"]
    done = subprocess.run(
        [*command, "--exit-zero-always", str(folder)],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=ROOT,
    )
    seconds = time.monotonic() - started
    assert done.returncode == 0, done.stderr[-3000:]
    messages = json.loads(done.stdout)["messages"]
    errors = []
    for message in messages:
        url = message.get("url", "?")
        where = by_file.get(urlsplit(url).path.rsplit("/", 1)[-1], url)
        line = message.get("lastLine", "?")
        extract = " ".join(message.get("extract", "").split())[:120]
        errors.append(f"{where}:{line}: {message['type']}: {message['message']} [{extract}]")
    print(
        f"\nvnu: {len(by_file)} sitemap pages checked ({len(wanted) - fetched} kept from the "
        f"crawl, {fetched} fetched), {len(errors)} errors, {len(failed)} pages not 200, "
        f"{seconds:.0f} s"
    )
    for problem in failed + errors:
        print(f"  {problem}")
    assert len(by_file) + len(failed) == len(wanted)
    assert not failed
    assert not errors
