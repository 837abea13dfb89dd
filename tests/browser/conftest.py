"""Fixtures for the browser tests: one Voila server and one Chromium per session, a fresh page
per test. Every test under tests/browser/ is marked `browser` (deselect with -m "not browser")."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from helpers import (NOTEBOOKS, SCREENSHOTS, VoilaServer, launch_browser, leave, new_page,
                     screenshot, traceback_in_page)

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config, items):
    for item in items:
        if HERE in Path(item.path).resolve().parents:
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)


@pytest.fixture(scope="session")
def voila_server():
    """The running VoilaServer (notebooks/ with the repo's voila.json); stopped at the end."""
    # one page at a time here; pages end their kernels when they close, and the cap is tested
    # on a server of its own, so this one has room for a page whose kernel is slow to end
    server = VoilaServer(NOTEBOOKS, args=("--warm=1", "--max-visitors=100")).start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def voila_url(voila_server) -> str:
    """Base URL of Voila serving notebooks/, e.g. http://127.0.0.1:PORT (no trailing slash)."""
    return voila_server.url


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = launch_browser(playwright)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def page(browser, request):
    """A new page (1280x800, scale 1, requests outside the server refused and kept in
    `page.outside`); `page.errors` collects page errors. A failed test leaves
    FAILED-<test>.png in this run's screenshot folder. Every test also fails if a traceback
    reached the page, in its HTML or over its websocket."""
    page = new_page(browser)
    yield page
    failed = any(getattr(getattr(request.node, f"rep_{when}", None), "failed", False)
                 for when in ("setup", "call"))
    try:
        if failed:
            name = re.sub(r"[^\w.-]+", "_", request.node.name)
            try:
                screenshot(page, f"FAILED-{name}")
            except Exception as exc:  # a crashed page must not hide the real failure
                print(f"could not save failure screenshot: {exc}")
        else:
            mark = None if page.is_closed() else traceback_in_page(page)
            assert mark is None, f"the page shows a traceback ({mark!r})"
            assert not page.tracebacks, f"a traceback reached the page: {page.tracebacks[0][:600]}"
    finally:
        leave(page)
