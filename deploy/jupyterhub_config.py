"""JupyterHub serving the rules explorer: every signed-in user gets a server of their own that
opens on the gallery (Voila's server extension, with the settings and template of voila.json).

Run it from a checkout with the project installed (`./dev test` sets one up):

    RX_HUB_SPAWNER=simple RX_HUB_AUTH=shared RX_HUB_PASSWORD=<8+ characters> \\
        .venv/bin/jupyterhub -f deploy/jupyterhub_config.py

On Kubernetes the Zero to JupyterHub chart writes the hub's configuration itself, from
deploy/z2jh-values.yaml, which carries the same settings (tests/test_deploy.py compares them).

Everything that differs between places comes from the environment (default in brackets):

  RX_HUB_URL            public address of the hub [http://127.0.0.1:8000]
  RX_HUB_API_URL        where the hub listens for its proxy and servers [http://127.0.0.1:8081]
  RX_HUB_PROXY_API_URL  configurable-http-proxy's REST API [http://127.0.0.1:8001]
  RX_HUB_PROXY          the configurable-http-proxy program [.venv/node/node_modules/.bin/
                        configurable-http-proxy when present, else the one on PATH]
  RX_HUB_STATE_DIR      folder of the hub's database, cookie secret and proxy pid file
                        [the working folder]
  RX_HUB_SPAWNER        local: each user's server runs as that user's system account (the hub
                        runs as root); simple: every server runs as the hub's own account,
                        for tests and demos only, no isolation between users [local]
  RX_HUB_HOMES          home folder of each user with `simple`, {username} filled in
                        [/tmp/rules-explorer-hub/{username}]
  RX_HUB_AUTH           pam: system accounts; shared: anyone who knows RX_HUB_PASSWORD (at
                        least 8 characters) signs in under a name of their choosing [pam]
  RX_HUB_PASSWORD       the password of `shared` [none: nobody can sign in]
  RX_HUB_USERS          comma-separated names allowed to sign in [empty: everyone who can
                        authenticate]
  RX_HUB_NOTEBOOK_DIR   the folder each server serves; the gallery is its index.ipynb
                        [the repository's notebooks/]
  RX_HUB_MEM_LIMIT      memory limit of one user's server [1G]
  RX_HUB_CPU_LIMIT      CPU limit of one user's server, in cores [1]
  RX_HUB_CULL_TIMEOUT   seconds without activity before jupyterhub-idle-culler stops a server;
                        0 turns the culler off [3600]
  RX_HUB_SPAWN_LIMIT    servers that may be starting at the same time [10]
  RX_HUB_CLASS_URL      where the live-class service listens (python -m server.classroom, a
                        hub-managed service named `class`); every user's server gets it as
                        RX_CLASS_URL, so a teacher's page and the students' pages, each on
                        their own server, meet in the same class [http://127.0.0.1:10101]

The local spawners do not enforce the memory and CPU limits (they only pass them to the server
as MEM_LIMIT and CPU_LIMIT); KubeSpawner does.
"""
import importlib.util
import os
import sys
from pathlib import Path
from urllib.parse import urlparse

REPO = Path(__file__).resolve().parents[1]
# the page a user's server opens on: Voila's rendering of the gallery notebook
GALLERY = "index.ipynb"
DEFAULT_URL = f"/voila/render/{GALLERY}"
# found by every user's server: the explorer's Voila template and its voila.json settings
JUPYTER_PATH = REPO / "share" / "jupyter"
JUPYTER_CONFIG_PATH = REPO / "deploy" / "singleuser"
LOCAL_PROXY = REPO / ".venv" / "node" / "node_modules" / ".bin" / "configurable-http-proxy"

SPAWNERS = {"local": "jupyterhub.spawner.LocalProcessSpawner",
            "simple": "jupyterhub.spawner.SimpleLocalProcessSpawner"}
AUTHENTICATORS = {"pam": "jupyterhub.auth.PAMAuthenticator",
                  "shared": "jupyterhub.authenticators.shared.SharedPasswordAuthenticator"}


def setting(name: str, default: str) -> str:
    """RX_HUB_<name> from the environment, `default` when unset or empty."""
    return os.environ.get(f"RX_HUB_{name}") or default


def choice(name: str, default: str, options: dict) -> str:
    value = setting(name, default)
    if value not in options:
        raise ValueError(f"RX_HUB_{name}={value!r}: expected one of {', '.join(options)}")
    return options[value]


def class_url() -> str:
    """RX_HUB_CLASS_URL as http://<host>:<port>, checked: the hub starts the service there."""
    value = setting("CLASS_URL", "http://127.0.0.1:10101").rstrip("/")
    url = urlparse(value)
    if url.scheme != "http" or not url.hostname or not url.port or url.path or url.query:
        raise ValueError(f"RX_HUB_CLASS_URL={value!r}: expected http://<host>:<port>")
    return value


c = get_config()  # noqa: F821 (provided by JupyterHub when it loads this file)
CLASS_URL = class_url()

# -- addresses and state ------------------------------------------------------------------------
c.JupyterHub.bind_url = setting("URL", "http://127.0.0.1:8000")
c.JupyterHub.hub_bind_url = setting("API_URL", "http://127.0.0.1:8081")
c.ConfigurableHTTPProxy.api_url = setting("PROXY_API_URL", "http://127.0.0.1:8001")
c.ConfigurableHTTPProxy.command = [
    setting("PROXY", str(LOCAL_PROXY) if LOCAL_PROXY.exists() else "configurable-http-proxy")]
state = Path(setting("STATE_DIR", ".")).resolve()
c.JupyterHub.db_url = f"sqlite:///{state / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(state / "jupyterhub_cookie_secret")
c.ConfigurableHTTPProxy.pid_file = str(state / "jupyterhub-proxy.pid")

# -- who signs in ---------------------------------------------------------------------------------
c.JupyterHub.authenticator_class = choice("AUTH", "pam", AUTHENTICATORS)
if setting("AUTH", "pam") == "shared":
    c.SharedPasswordAuthenticator.user_password = setting("PASSWORD", "") or None
users = {name.strip() for name in setting("USERS", "").split(",") if name.strip()}
if users:
    c.Authenticator.allowed_users = users
else:
    c.Authenticator.allow_all = True

# -- each user's server -----------------------------------------------------------------------------
c.JupyterHub.spawner_class = choice("SPAWNER", "local", SPAWNERS)
c.SimpleLocalProcessSpawner.home_dir_template = setting("HOMES", "/tmp/rules-explorer-hub/{username}")
if setting("SPAWNER", "local") == "simple" and os.geteuid() == 0:
    # `simple` runs the servers as the hub's own account; Jupyter refuses root unless told
    # (containers and CI machines often run everything as root)
    c.Spawner.args = ["--ServerApp.allow_root=True"]
# the server program of this Python environment, found without it being on PATH
c.Spawner.cmd = [str(Path(sys.executable).with_name("jupyterhub-singleuser"))]
c.Spawner.notebook_dir = setting("NOTEBOOK_DIR", str(REPO / "notebooks"))
c.Spawner.default_url = DEFAULT_URL
c.Spawner.environment = {"JUPYTER_PATH": str(JUPYTER_PATH),
                         "JUPYTER_CONFIG_PATH": str(JUPYTER_CONFIG_PATH),
                         # the kernels' way to the class service (widgets/shared/class_panel.py)
                         "RX_CLASS_URL": CLASS_URL}
c.Spawner.mem_limit = setting("MEM_LIMIT", "1G")
c.Spawner.cpu_limit = float(setting("CPU_LIMIT", "1"))
# a server starts Jupyter, Voila and JupyterLab's extensions: slow on a busy machine
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
c.JupyterHub.concurrent_spawn_limit = int(setting("SPAWN_LIMIT", "10"))

# -- the live class ------------------------------------------------------------------------------
# server/classroom.py as a hub-managed service: one process for the whole hub, so that pages
# on different users' servers meet in its classes. The hub starts it with JUPYTERHUB_SERVICE_URL
# (= RX_HUB_CLASS_URL: where it listens) and JUPYTERHUB_SERVICE_PREFIX (/services/class/, the
# proxy's route to it); kernels reach it directly at RX_CLASS_URL. `python -m` finds the
# project from its working folder, the repository, installed or not.
c.JupyterHub.services = [{
    "name": "class",
    "command": [sys.executable, "-m", "server.classroom"],
    "url": CLASS_URL,
    "cwd": str(REPO),
    "display": False,  # nothing to see at /services/class/: it only speaks websocket
}]

# -- stopping idle servers ------------------------------------------------------------------------
cull_timeout = int(setting("CULL_TIMEOUT", "3600"))
if cull_timeout > 0:
    if importlib.util.find_spec("jupyterhub_idle_culler") is None:
        raise RuntimeError("jupyterhub-idle-culler is not installed in this Python environment: "
                           "pip install jupyterhub-idle-culler, or set RX_HUB_CULL_TIMEOUT=0")
    c.JupyterHub.services.append({
        "name": "idle-culler",
        "command": [sys.executable, "-m", "jupyterhub_idle_culler",
                    f"--timeout={cull_timeout}", f"--cull-every={max(cull_timeout // 6, 10)}"],
    })
    c.JupyterHub.load_roles = [{
        "name": "idle-culler",
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
        "services": ["idle-culler"],
    }]
