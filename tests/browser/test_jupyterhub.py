"""The explorer served by JupyterHub (deploy/jupyterhub_config.py) on this machine: the hub, its
configurable-http-proxy (from npm, in .venv/node/), servers started by SimpleLocalProcessSpawner
and a shared-password sign-in. Two people sign in through the login form at the same time; each
lands on the gallery in a server of their own and opens an app with a painted board. A teacher
and two students, three users on three servers, hold a live class through the hub's class
service.
"""
from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from helpers import (ARTIFACTS, REPO, TIMEOUT, act, descendants, free_port, kernel_id, new_page,
                     painted_pixels, screenshot, text, wait_for_board, wait_frame,
                     wait_kernel_gone, wait_text)

pytestmark = pytest.mark.browser

CONFIG = REPO / "deploy" / "jupyterhub_config.py"
PROXY = REPO / ".venv" / "node" / "node_modules" / ".bin" / "configurable-http-proxy"
JUPYTERHUB = Path(sys.executable).with_name("jupyterhub")
PASSWORD = "explorer-on-loopback"  # the hub listens on 127.0.0.1 for this test only
# who signs in, and the app each opens from the gallery
APPS = {"alice": "cacao", "bob": "animals_on_board"}
# a live class: three more people, each on a server of their own
TEACHER = "tess"
STUDENTS = ("sam", "sue")
CLASS_APP = "animals_on_board"
# signing in starts a Jupyter server and then a kernel per page: slow on a busy machine
SPAWN_TIMEOUT = 180.0
LOG = ARTIFACTS / "jupyterhub.log"
# not the defaults, to see the environment reach the culler and the servers
CULL_TIMEOUT = 1800  # seconds
MEM_LIMIT = 768  # MB


class Hub:
    """JupyterHub with deploy/jupyterhub_config.py, its state and user homes in `folder`."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.homes = folder / "homes"
        self.class_url = f"http://127.0.0.1:{free_port()}"  # the class service, not the default
        self.proc: subprocess.Popen | None = None
        self.seen: set[int] = set()  # every process seen below the hub, for the final clean-up
        self.env = {
            **os.environ,
            "RX_HUB_URL": self.url,
            "RX_HUB_API_URL": f"http://127.0.0.1:{free_port()}",
            "RX_HUB_PROXY_API_URL": f"http://127.0.0.1:{free_port()}",
            "RX_HUB_STATE_DIR": str(folder),
            "RX_HUB_SPAWNER": "simple",
            "RX_HUB_HOMES": str(self.homes / "{username}"),
            "RX_HUB_AUTH": "shared",
            "RX_HUB_PASSWORD": PASSWORD,
            "RX_HUB_USERS": ",".join([*APPS, TEACHER, *STUDENTS]),
            "RX_HUB_CLASS_URL": self.class_url,
            "RX_HUB_CULL_TIMEOUT": str(CULL_TIMEOUT),
            "RX_HUB_MEM_LIMIT": f"{MEM_LIMIT}M",
        }

    def start(self) -> "Hub":
        LOG.parent.mkdir(parents=True, exist_ok=True)
        self._log = LOG.open("wb")
        self.proc = subprocess.Popen([str(JUPYTERHUB), "-f", str(CONFIG)], cwd=self.folder,
                                     env=self.env, stdout=self._log, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + TIMEOUT
        while not self.answers():
            if self.proc.poll() is not None:
                raise RuntimeError(f"JupyterHub exited with code {self.proc.returncode}.\n"
                                   f"--- {LOG} ---\n{self.log()}")
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"JupyterHub did not answer on {self.url} within "
                                   f"{TIMEOUT:.0f} s.\n--- {LOG} ---\n{self.log()}")
            time.sleep(0.2)
        return self

    def answers(self) -> bool:
        """Whether the hub's API answers through the proxy (both are up)."""
        try:
            with urllib.request.urlopen(self.url + "/hub/api/", timeout=5) as response:
                return response.status == 200
        except (urllib.error.URLError, ConnectionError, OSError):
            return False

    def log(self) -> str:
        return LOG.read_text(errors="replace")[-20000:]

    def processes(self) -> list[int]:
        """The hub's processes: proxy, idle culler, user servers and their kernels."""
        pids = descendants(self.proc.pid) if self.proc else []
        self.seen.update(pids)
        return pids

    def commands(self) -> dict[int, list[bytes]]:
        """Process id -> command line, for every process below the hub."""
        found = {}
        for pid in self.processes():
            try:
                found[pid] = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
        return found

    def servers(self) -> dict[str, dict[str, str]]:
        """User name -> environment of that user's single-user server process."""
        found = {}
        for pid in self.processes():
            try:
                argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
                environ = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
            except OSError:
                continue
            if not any(arg.endswith(b"jupyterhub-singleuser") for arg in argv):
                continue
            env = dict(item.decode(errors="replace").split("=", 1)
                       for item in environ if b"=" in item)
            found[env.get("JUPYTERHUB_USER", "?")] = {**env, "pid": str(pid)}
        return found

    def stop(self) -> list[int]:
        """Stop the hub (it stops the proxy, the culler and the servers), then kill whatever
        is left of every process group seen. Returns the processes still alive (none)."""
        if self.proc is None:
            return []
        self.processes()
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                pass
        groups = {self.proc.pid}
        for pid in self.seen:
            try:
                groups.add(os.getpgid(pid))
            except ProcessLookupError:
                pass
        for group in groups:
            try:
                os.killpg(group, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        if self.proc.poll() is None:
            self.proc.wait(timeout=10)
        self._log.close()
        deadline = time.monotonic() + 10
        while (alive := [pid for pid in self.seen if running(pid)]) and time.monotonic() < deadline:
            time.sleep(0.1)
        return alive


def running(pid: int) -> bool:
    """Whether process `pid` exists and is not a zombie."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    """The running hub; stopped at the end, leaving no process behind."""
    if not PROXY.exists():
        pytest.fail(f"configurable-http-proxy is missing at {PROXY}: `./dev test` installs it "
                    f"(npm install --prefix .venv/node configurable-http-proxy)")
    server = Hub(tmp_path_factory.mktemp("jupyterhub")).start()
    try:
        yield server
    finally:
        left = server.stop()
        assert left == [], f"processes left after stopping the hub: {left}"


def pages_for(browser, request, users):
    """One page per user, each in a browser context of its own (its own cookies); a screenshot
    of each when the test fails."""
    pages = {user: new_page(browser) for user in users}
    try:
        yield pages
    finally:
        failed = any(getattr(getattr(request.node, f"rep_{when}", None), "failed", False)
                     for when in ("setup", "call"))
        for user, page in pages.items():
            if failed:
                try:
                    screenshot(page, f"FAILED-hub-{user}")
                except Exception as exc:  # a crashed page must not hide the real failure
                    print(f"could not save failure screenshot: {exc}")
            page.context.close()


@pytest.fixture
def user_pages(browser, request):
    yield from pages_for(browser, request, APPS)


@pytest.fixture
def class_pages(browser, request):
    yield from pages_for(browser, request, (TEACHER, *STUDENTS))


def sign_in(page, hub_url: str, user: str) -> None:
    """Fill in and send the hub's login form (the server starts after this)."""
    page.goto(f"{hub_url}/hub/login", timeout=TIMEOUT * 1000)
    page.fill("#username_input", user)
    page.fill("#password_input", PASSWORD)
    page.click("#login_submit")


def test_culler_runs_with_the_hub(hub):
    """jupyterhub-idle-culler runs as a hub service, with the timeout set in the environment."""
    cullers = [argv for argv in hub.commands().values() if b"jupyterhub_idle_culler" in argv]
    assert len(cullers) == 1, f"no culler below the hub.\n--- {LOG} ---\n{hub.log()}"
    assert f"--timeout={CULL_TIMEOUT}".encode() in cullers[0]


def ask_class_service(url: str) -> dict:
    """The class service's answer at `url` (its websocket) to following a class nobody runs."""
    from websockets.sync.client import connect

    with connect(url, open_timeout=TIMEOUT, close_timeout=5) as socket:
        socket.send(json.dumps({"op": "follow", "code": "ZZZZZZZ"}))
        return json.loads(socket.recv(timeout=TIMEOUT))


def test_class_service_runs_with_the_hub(hub):
    """The hub starts the class service (python -m server.classroom) in the repository, at
    RX_HUB_CLASS_URL; it answers there (where kernels go) and on the proxy's route to it."""
    services = [pid for pid, argv in hub.commands().items()
                if argv[1:3] == [b"-m", b"server.classroom"]]
    assert len(services) == 1, f"no class service below the hub.\n--- {LOG} ---\n{hub.log()}"
    (pid,) = services
    assert Path(f"/proc/{pid}/cwd").resolve() == REPO
    environ = dict(item.decode(errors="replace").split("=", 1)
                   for item in Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
                   if b"=" in item)
    assert environ["JUPYTERHUB_SERVICE_URL"] == hub.class_url
    assert environ["JUPYTERHUB_SERVICE_PREFIX"] == "/services/class/"
    ws = hub.class_url.replace("http://", "ws://")
    proxied = hub.url.replace("http://", "ws://") + "/services/class"
    for base in (ws, proxied):
        answer = ask_class_service(f"{base}/rx-class/ws")
        assert answer["op"] == "refused" and answer["why"] == "unknown", (base, answer)


def kernel_on_server(page, hub_url: str, user: str, kernel: str) -> bool:
    """Whether `user`'s server still has the kernel, asked with that user's own sign-in."""
    response = page.context.request.get(f"{hub_url}/user/{user}/api/kernels/{kernel}")
    assert response.status in (200, 404), (response.status, response.text()[:300])
    return response.status == 200


def test_two_users_each_get_the_explorer_in_a_server_of_their_own(hub, user_pages):
    start = time.perf_counter()
    kernels = {}
    for user, page in user_pages.items():  # both sign in before either server is up
        sign_in(page, hub.url, user)
    for user, page in user_pages.items():
        page.wait_for_url(f"**/user/{user}/voila/render/index.ipynb", timeout=SPAWN_TIMEOUT * 1000)
        link = page.locator(f'.rx-card[data-game="{APPS[user]}"] a.rx-open')
        link.wait_for(state="visible", timeout=SPAWN_TIMEOUT * 1000)
        print(f"{user}: sign-in to gallery {time.perf_counter() - start:.1f} s")
        screenshot(page, f"hub-{user}-gallery")
        link.click()
        page.wait_for_url(f"**/user/{user}/voila/render/{APPS[user]}.ipynb",
                          timeout=TIMEOUT * 1000)
        to_board = wait_for_board(page, timeout=SPAWN_TIMEOUT)
        print(f"{user}: {APPS[user]} page to painted board {to_board:.1f} s")
        wait_frame(page, 0)
        assert painted_pixels(page, ".rx-board") > 100_000
        # voila.json's template, through deploy/singleuser/jupyter_server_config.py
        assert page.locator('link[href*="/voila/templates/rules-explorer/"]').count() > 0
        screenshot(page, f"hub-{user}-{APPS[user]}")
        kernels[user] = kernel_id(page)
        assert kernel_on_server(page, hub.url, user, kernels[user])

    servers = hub.servers()
    assert sorted(servers) == sorted(APPS)
    assert len({server["pid"] for server in servers.values()}) == len(APPS)
    for user, env in servers.items():
        assert env["HOME"] == str(hub.homes / user)
        assert env["JUPYTERHUB_DEFAULT_URL"] == "/voila/render/index.ipynb"
        assert env["MEM_LIMIT"] == str(MEM_LIMIT * 1024 ** 2)  # passed on, not enforced

    # one person's sign-in does not open the other's server
    response = user_pages["alice"].goto(f"{hub.url}/user/bob/voila/render/index.ipynb",
                                        timeout=TIMEOUT * 1000)
    assert response.status == 403
    assert "/hub/api/oauth2/authorize?client_id=jupyterhub-user-bob" in user_pages["alice"].url

    # a page whose kernel the server ended while it was away reopens itself on the person's
    # own server (its check of the kernel goes through the hub's sign-in)
    page = user_pages["bob"]
    xsrf = next(c["value"] for c in page.context.cookies() if c["name"] == "_xsrf")
    ended = page.context.request.delete(f"{hub.url}/user/bob/api/kernels/{kernels['bob']}",
                                        headers={"X-XSRFToken": xsrf})
    assert ended.status == 204, (ended.status, ended.text()[:300])
    with page.expect_navigation(timeout=TIMEOUT * 1000):
        page.evaluate("() => window.dispatchEvent(new Event('online'))")
    wait_for_board(page, timeout=SPAWN_TIMEOUT)
    assert kernel_id(page) not in (None, kernels["bob"])
    kernels["bob"] = kernel_id(page)
    assert kernel_on_server(page, hub.url, "bob", kernels["bob"])

    for user, page in user_pages.items():
        assert page.errors == [], user
        # the explorer's own template: nothing (like Font Awesome) is fetched from elsewhere
        assert page.outside == [], user

    # a page left (alice went on to bob's address) or closed (bob) ends its kernel at once on
    # the person's own server, as on a single server
    user_pages["bob"].close(run_before_unload=True)
    for user, page in user_pages.items():
        took = wait_kernel_gone(hub.url, kernels[user], 10.0,
                                alive=lambda: kernel_on_server(page, hub.url, user, kernels[user]))
        print(f"{user}: kernel ended {took:.1f} s after the page was left")


def app_data(page, name: str) -> str | None:
    """A data-* attribute of the app's root (`name` in its dataset spelling)."""
    return page.evaluate("(name) => document.querySelector('.rx-app')?.dataset[name] ?? null",
                         name)


def wait_app_data(page, name: str, wanted: str, timeout: float = TIMEOUT) -> None:
    page.wait_for_function("([name, wanted]) => document.querySelector('.rx-app')?.dataset[name]"
                           " === wanted", arg=[name, wanted], timeout=timeout * 1000)


def wait_same_step(student, teacher) -> None:
    """Wait until the student's step label is the teacher's (a step is pushed, not polled)."""
    student.wait_for_function("(label) => document.querySelector('.rx-step-label')?.innerText"
                              " === label", arg=text(teacher, ".rx-step-label"))


def test_a_teacher_and_two_students_hold_a_class_each_on_their_own_server(hub, class_pages):
    """The teacher starts a class on their server; each student follows the teacher's join link
    (the hub's user-redirect) to the same app on their own server; the students' pages follow
    the teacher's steps, through the one class service of the hub, until the class ends."""
    teacher = class_pages[TEACHER]
    students = {user: class_pages[user] for user in STUDENTS}
    for user, page in class_pages.items():  # all three sign in before any server is up
        sign_in(page, hub.url, user)
    for user, page in class_pages.items():
        page.wait_for_url(f"**/user/{user}/voila/render/index.ipynb", timeout=SPAWN_TIMEOUT * 1000)

    start = time.perf_counter()
    teacher.goto(f"{hub.url}/user/{TEACHER}/voila/render/{CLASS_APP}.ipynb?class=new",
                 wait_until="commit", timeout=TIMEOUT * 1000)
    wait_for_board(teacher, timeout=SPAWN_TIMEOUT)
    teacher.wait_for_function("() => document.querySelector('.rx-app')?.dataset.classCode")
    code = app_data(teacher, "classCode")
    print(f"{TEACHER}: class {code} started {time.perf_counter() - start:.1f} s")
    assert re.fullmatch(r"[23456789A-HJKMNP-Z]{7}", code)
    assert app_data(teacher, "classRole") == "leading"
    # the join link opens the app on whoever follows it: through the hub, not the teacher's server
    link = f"{hub.url}/hub/user-redirect/voila/render/{CLASS_APP}.ipynb?class={code}"
    wait_text(teacher, ".rx-class-link", link)
    screenshot(teacher, "hub-class-1-teacher-started")

    for user, page in students.items():
        start = time.perf_counter()
        page.goto(link, wait_until="commit", timeout=TIMEOUT * 1000)
        page.wait_for_url(f"**/user/{user}/voila/render/{CLASS_APP}.ipynb?class={code}",
                          timeout=TIMEOUT * 1000)
        wait_for_board(page, timeout=SPAWN_TIMEOUT)
        wait_app_data(page, "following", code)
        wait_text(page, ".rx-class-panel", "Following the class")
        print(f"{user}: following {time.perf_counter() - start:.1f} s after opening the link")
    wait_text(teacher, ".rx-class-count", f"{len(STUDENTS)} students following")
    screenshot(students[STUDENTS[0]], "hub-class-2-student-following")

    # three servers, each its own process, each told where the class service is; each page's
    # kernel runs on its own user's server
    servers = hub.servers()
    assert {TEACHER, *STUDENTS} <= set(servers)
    assert len({servers[user]["pid"] for user in class_pages}) == len(class_pages)
    for user, page in class_pages.items():
        assert servers[user]["RX_CLASS_URL"] == hub.class_url, user
        assert kernel_on_server(page, hub.url, user, kernel_id(page)), user

    for _ in range(2):
        before = text(teacher, ".rx-step-label")
        act(teacher, lambda: teacher.click(".rx-forward"))
        assert text(teacher, ".rx-step-label") != before
        for page in students.values():
            wait_same_step(page, teacher)
    print(f"step after two: {text(teacher, '.rx-step-label')!r}")
    screenshot(teacher, "hub-class-3-teacher-two-steps")
    screenshot(students[STUDENTS[1]], "hub-class-4-student-two-steps")

    teacher.click(".rx-class-end")
    for page in students.values():
        wait_app_data(page, "classRole", "ended")
        wait_text(page, ".rx-message", "The teacher ended the class.")
    screenshot(students[STUDENTS[0]], "hub-class-5-student-ended")

    for user, page in class_pages.items():
        assert page.errors == [], user
        assert page.tracebacks == [], user
        assert page.outside == [], user
