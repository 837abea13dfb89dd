"""Serving a class: a closed page ends its kernel, a full server says so, and a page whose
notebook could not run says how to retry instead of showing its heading alone."""
from __future__ import annotations

import json
import shutil

import pytest

from helpers import (NOTEBOOKS, VoilaServer, kernel_alive, kernel_id, leave, new_page, open_board,
                     screenshot, wait_kernel_gone)

CLOSE_WITHIN = 10.0  # seconds from closing a page to its kernel gone


def test_closing_a_page_ends_its_kernel(voila_url, browser):
    page = new_page(browser)
    try:
        open_board(page, voila_url, "cacao")
        kernel = kernel_id(page)
        assert kernel_alive(voila_url, kernel)
        page.close(run_before_unload=True)
        took = wait_kernel_gone(voila_url, kernel, CLOSE_WITHIN)
        print(f"kernel gone {took:.2f} s after the page closed")
    finally:
        leave(page)


@pytest.fixture(scope="module")
def small_server(tmp_path_factory):
    """A server that takes one visitor at a time, serving one app and a notebook that shows
    nothing (as when the notebook run gave up on a busy server)."""
    root = tmp_path_factory.mktemp("small-server")
    shutil.copy(NOTEBOOKS / "animals_on_board.ipynb", root)
    silent = {"cells": [{"cell_type": "markdown", "metadata": {}, "source": ["# Silent"]},
                        {"cell_type": "code", "execution_count": None, "metadata": {},
                         "outputs": [], "source": ["x = 1"]}],
              "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                          "language": "python"}},
              "nbformat": 4, "nbformat_minor": 5}
    (root / "silent.ipynb").write_text(json.dumps(silent))
    server = VoilaServer(root, args=("--ExplorerServer.max_visitors=1",
                                     "--ExplorerServer.retry_after=30",
                                     "--VoilaConfiguration.preheat_kernel=False")).start()
    try:
        yield server
    finally:
        server.stop()


def test_a_full_server_turns_the_next_visitor_away(small_server, browser):
    first, second = new_page(browser), new_page(browser)
    try:
        open_board(first, small_server.url, "animals_on_board")
        kernel = kernel_id(first)
        response = second.goto(f"{small_server.url}/voila/render/animals_on_board.ipynb")
        assert response.status == 503
        assert response.headers["retry-after"] == "30"
        assert second.locator("h1").inner_text() == "The explorer is full"
        assert "Try again in a minute" in second.locator(".rx-full").inner_text()
        screenshot(second, "serving-full")
        first.close(run_before_unload=True)
        wait_kernel_gone(small_server.url, kernel, CLOSE_WITHIN)
        open_board(second, small_server.url, "animals_on_board")  # the place is free again
        kernel = kernel_id(second)
        second.close(run_before_unload=True)
        wait_kernel_gone(small_server.url, kernel, CLOSE_WITHIN)
    finally:
        leave(first)
        leave(second)


def test_a_page_that_could_not_start_says_so(small_server, browser):
    page = new_page(browser)
    try:
        page.goto(f"{small_server.url}/voila/render/silent.ipynb")
        notice = page.locator(".rx-start-failed")
        notice.wait_for(state="visible")
        assert "could not start" in notice.inner_text()
        assert "Reload the page" in notice.inner_text()
        screenshot(page, "serving-could-not-start")
        # the page's kernel can no longer serve it: it ends at once, the page still open
        wait_kernel_gone(small_server.url, kernel_id(page), CLOSE_WITHIN)
    finally:
        leave(page)
