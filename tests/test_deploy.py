"""The deployment files agree with each other: the hub configuration (deploy/jupyterhub_config.py,
with its defaults), the Zero to JupyterHub values, the user-server image and Binder. The hub
itself runs in tests/browser/test_jupyterhub.py."""
from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import tomllib
from pathlib import Path, PurePosixPath

import pytest
import yaml
from traitlets.config import PyFileConfigLoader

REPO = Path(__file__).resolve().parents[1]
DEPLOY = REPO / "deploy"
IMAGE_ROOT = PurePosixPath("/srv/rules-explorer")  # the repository inside the image
# the folders every user's server is pointed at (the rest of its environment is not a path)
FOLDERS = ("JUPYTER_PATH", "JUPYTER_CONFIG_PATH")


def load_config(path: Path, env: dict[str, str] | None = None):
    """The traitlets Config a config file produces, with RX_* taken from `env` only."""
    saved = dict(os.environ)
    try:
        for name in [name for name in os.environ if name.startswith("RX_")]:
            del os.environ[name]
        os.environ.update(env or {})
        return PyFileConfigLoader(path.name, str(path.parent)).load_config()
    finally:
        os.environ.clear()
        os.environ.update(saved)


@pytest.fixture(scope="module")
def hub():
    return load_config(DEPLOY / "jupyterhub_config.py")


@pytest.fixture(scope="module")
def values():
    return yaml.safe_load((DEPLOY / "z2jh-values.yaml").read_text())


def dockerfile() -> list[tuple[str, str]]:
    """The Dockerfile's instructions as (INSTRUCTION, arguments), continuation lines joined."""
    text = re.sub(r"\\\n", " ", (DEPLOY / "Dockerfile").read_text())
    lines = [line.strip() for line in text.splitlines()]
    return [tuple(line.split(None, 1)) for line in lines if line and not line.startswith("#")]


def docker_env() -> dict[str, str]:
    env = {}
    for instruction, args in dockerfile():
        if instruction == "ENV":
            env.update(item.split("=", 1) for item in shlex.split(args))
    return env


def folders(hub) -> dict[str, str]:
    return {name: hub.Spawner.environment[name] for name in FOLDERS}


def service(services, name: str) -> dict:
    (found,) = [s for s in services if s["name"] == name]
    return found


def in_image(path: str | Path) -> PurePosixPath:
    """Where a file of the checkout is inside the image."""
    return IMAGE_ROOT / Path(path).resolve().relative_to(REPO).as_posix()


def test_the_landing_page_is_the_gallery_everywhere(hub, values):
    url = hub.Spawner.default_url
    assert url == values["singleuser"]["defaultUrl"]
    gallery = url.removeprefix("/voila/render/")
    assert (Path(hub.Spawner.notebook_dir) / gallery).is_file()
    # on Binder the repository root is the server's root
    notebooks = Path(hub.Spawner.notebook_dir).relative_to(REPO).as_posix()
    binder_url = f"?urlpath=voila/render/{notebooks}/{gallery}"
    assert binder_url in (DEPLOY / "README.md").read_text()
    assert binder_url.removeprefix("?") in (REPO / "binder" / "start").read_text()


def test_the_image_serves_the_notebooks_the_config_serves(hub, values):
    notebook_dir = str(in_image(hub.Spawner.notebook_dir))
    assert values["hub"]["config"]["KubeSpawner"]["notebook_dir"] == notebook_dir
    workdirs = [args for instruction, args in dockerfile() if instruction == "WORKDIR"]
    assert workdirs[-1] == notebook_dir


def test_limits_culling_and_spawns_match(hub, values):
    assert hub.Spawner.mem_limit == values["singleuser"]["memory"]["limit"]
    assert hub.Spawner.cpu_limit == values["singleuser"]["cpu"]["limit"]
    assert hub.JupyterHub.concurrent_spawn_limit == values["hub"]["concurrentSpawnLimit"]
    culler = service(hub.JupyterHub.services, "idle-culler")
    args = dict(arg.removeprefix("--").split("=", 1) for arg in culler["command"] if "=" in arg)
    assert values["cull"]["enabled"] is True
    assert int(args["timeout"]) == values["cull"]["timeout"]
    assert int(args["cull-every"]) == values["cull"]["every"]
    (role,) = hub.JupyterHub.load_roles
    assert role["services"] == [culler["name"]]
    assert "delete:servers" in role["scopes"]


def test_the_hub_runs_the_class_service_and_servers_find_it(hub):
    """One class service for the whole hub (python -m server.classroom), where every user's
    server is told to find it: a teacher's and the students' pages, each on their own server,
    meet there."""
    from server.classroom import SERVICE_ENV
    from widgets.shared import class_panel

    assert set(hub.Spawner.environment) == {*FOLDERS, SERVICE_ENV}
    found = service(hub.JupyterHub.services, "class")
    assert found["command"][1:] == ["-m", "server.classroom"]
    assert found["url"] == hub.Spawner.environment[SERVICE_ENV] == "http://127.0.0.1:10101"
    # the hub starts it in the repository, so `python -m` finds the project even uninstalled
    assert Path(found["cwd"]) == REPO and (REPO / "server" / "classroom.py").is_file()
    assert found["display"] is False
    # a kernel turns the server's environment into the service's websocket
    saved = os.environ.get(SERVICE_ENV)
    os.environ[SERVICE_ENV] = hub.Spawner.environment[SERVICE_ENV]
    try:
        assert class_panel.service_url() == "ws://127.0.0.1:10101/rx-class/ws"
    finally:
        if saved is None:
            del os.environ[SERVICE_ENV]
        else:
            os.environ[SERVICE_ENV] = saved


def test_the_class_address_comes_from_the_environment():
    config = load_config(DEPLOY / "jupyterhub_config.py", {
        "RX_HUB_CLASS_URL": "http://127.0.0.1:9999/", "RX_HUB_CULL_TIMEOUT": "0"})
    assert service(config.JupyterHub.services, "class")["url"] == "http://127.0.0.1:9999"
    assert config.Spawner.environment["RX_CLASS_URL"] == "http://127.0.0.1:9999"
    for wrong in ("ws://127.0.0.1:9999", "http://127.0.0.1", "http://127.0.0.1:9999/class"):
        with pytest.raises(ValueError, match="RX_HUB_CLASS_URL"):
            load_config(DEPLOY / "jupyterhub_config.py", {"RX_HUB_CLASS_URL": wrong})


def test_the_values_run_the_class_service_where_user_servers_reach_it(hub, values):
    """On Kubernetes the hub's image lacks the project: the service runs in a second container
    of the hub pod, from the user-server image, declared to the hub as the external service
    `class`, reached by user pods through the hub's Kubernetes Service on its own port, which
    the network policies open to them."""
    from urllib.parse import urlparse

    local = urlparse(service(hub.JupyterHub.services, "class")["url"])
    declared = values["hub"]["services"]["class"]
    url = urlparse(declared["url"])
    assert "command" not in declared  # not started by the hub: the hub pod's image cannot
    assert declared["display"] is False
    assert values["singleuser"]["extraEnv"]["RX_CLASS_URL"] == declared["url"]
    assert url.scheme == local.scheme and url.hostname == "hub" and url.port == local.port
    port = url.port

    (container,) = [c for c in values["hub"]["extraContainers"] if c["name"] == "class"]
    image = values["singleuser"]["image"]
    assert container["image"] == f'{image["name"]}:{image["tag"]}'
    command = container["command"]
    assert command[:3] == ["python", "-m", "server.classroom"]
    options = dict(zip(command[3::2], command[4::2]))
    assert options == {"--ip": "0.0.0.0", "--port": str(port)}
    assert container["workingDir"] == str(IMAGE_ROOT)
    assert {p["containerPort"] for p in container["ports"]} == {port}
    env = {e["name"]: e["value"] for e in container["env"]}
    assert env["JUPYTERHUB_SERVICE_PREFIX"] == "/services/class/"  # what the hub would pass
    # the hub's Kubernetes credentials are kept out of it
    mounts = {m["mountPath"]: m["name"] for m in container["volumeMounts"]}
    token = mounts["/var/run/secrets/kubernetes.io/serviceaccount"]
    assert {"name": token, "emptyDir": {}} in values["hub"]["extraVolumes"]

    assert {(p["port"], p["targetPort"]) for p in values["hub"]["service"]["extraPorts"]} \
        == {(port, port)}

    def opens(rules, peer_labels: dict) -> bool:
        """Whether a rule lets a pod with these labels through to `port`."""
        return any(any(p["port"] == port for p in rule["ports"])
                   and any(peer.get("podSelector", {}).get("matchLabels", {}).items()
                           <= peer_labels.items() for peer in rule.get("from", rule.get("to")))
                   for rule in rules)
    user_pod = {"hub.jupyter.org/network-access-hub": "true", "component": "singleuser-server",
                "app": "jupyterhub"}
    hub_pod = {"app": "jupyterhub", "component": "hub"}
    assert opens(values["hub"]["networkPolicy"]["ingress"], user_pod)   # in to the hub pod
    assert opens(values["hub"]["networkPolicy"]["ingress"], hub_pod)    # the hub's own check
    assert opens(values["singleuser"]["networkPolicy"]["egress"], hub_pod)  # out of user pods

    # the install command (README, values) gives the container the same image as the servers
    assert values["hub"]["extraContainers"].index(container) == 0     # the index it names
    for text in ((DEPLOY / "README.md").read_text(), (DEPLOY / "z2jh-values.yaml").read_text()):
        assert "--set 'hub.extraContainers[0].image=<registry>/rules-explorer-singleuser:<tag>'" \
            in text


def test_the_environment_overrides_the_defaults(tmp_path):
    config = load_config(DEPLOY / "jupyterhub_config.py", {
        "RX_HUB_SPAWNER": "simple", "RX_HUB_AUTH": "shared", "RX_HUB_PASSWORD": "12345678",
        "RX_HUB_USERS": "ada, grace", "RX_HUB_MEM_LIMIT": "2G", "RX_HUB_CULL_TIMEOUT": "0",
        "RX_HUB_STATE_DIR": str(tmp_path), "RX_HUB_SPAWN_LIMIT": "3"})
    assert config.JupyterHub.spawner_class.endswith("SimpleLocalProcessSpawner")
    assert config.JupyterHub.authenticator_class.endswith("SharedPasswordAuthenticator")
    assert config.SharedPasswordAuthenticator.user_password == "12345678"
    assert config.Authenticator.allowed_users == {"ada", "grace"}
    assert config.Spawner.mem_limit == "2G"
    assert config.JupyterHub.concurrent_spawn_limit == 3
    # no culler, still the class service
    assert [s["name"] for s in config.JupyterHub.services] == ["class"]
    assert "load_roles" not in config.JupyterHub
    assert config.JupyterHub.db_url == f"sqlite:///{tmp_path / 'jupyterhub.sqlite'}"


def test_an_unknown_choice_is_refused():
    with pytest.raises(ValueError, match="RX_HUB_SPAWNER"):
        load_config(DEPLOY / "jupyterhub_config.py", {"RX_HUB_SPAWNER": "docker"})


def test_the_image_copies_and_installs_what_the_servers_need(hub):
    instructions = dockerfile()
    copied = set()
    for instruction, args in instructions:
        if instruction == "COPY":
            *sources, _target = args.split()
            for source in sources:
                assert (REPO / source).exists(), source
                copied.add(source.rstrip("/"))
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text())
    packages = [name.rstrip("*") for name in
                pyproject["tool"]["setuptools"]["packages"]["find"]["include"]]
    # the packages, the rule texts they read, the notebooks, the template, the settings
    wanted = {"pyproject.toml", "voila.json", "seeds", "notebooks", *packages,
              *(Path(path).relative_to(REPO).as_posix() for path in folders(hub).values())}
    assert all(any(want == c or want.startswith(c + "/") for c in copied) for want in wanted), \
        wanted - copied
    # the servers find the template and voila.json's settings where the hub points local ones
    env = docker_env()
    for name, path in folders(hub).items():
        assert env[name] == str(in_image(path)), name
    # the project with the jupyterhub the tests run against, which brings jupyterhub-singleuser
    run = " ".join(args for instruction, args in instructions if instruction == "RUN")
    assert "pip install" in run and " -e . " in run
    jupyterhub = next(spec for spec in pyproject["project"]["optional-dependencies"]["test"]
                      if spec.startswith("jupyterhub"))
    assert f'"{jupyterhub}"' in run
    cmd = json.loads(next(args for instruction, args in instructions if instruction == "CMD"))
    assert cmd == ["jupyterhub-singleuser"]


def size(text: str) -> int:
    """Bytes in a Kubernetes-style size such as 512M or 1G."""
    units = {"K": 1024, "M": 1024 ** 2, "G": 1024 ** 3}
    return int(float(text[:-1]) * units[text[-1]]) if text[-1] in units else int(text)


def test_the_values_run_the_image_s_server(values):
    assert values["singleuser"]["cmd"] == "jupyterhub-singleuser"
    assert values["singleuser"]["storage"]["type"] == "none"
    memory, cpu = values["singleuser"]["memory"], values["singleuser"]["cpu"]
    assert 0 < size(memory["guarantee"]) <= size(memory["limit"])
    assert 0 < cpu["guarantee"] <= cpu["limit"]


def test_binder_starts_servers_with_the_same_folders(hub):
    out = subprocess.run([str(REPO / "binder" / "start"), "env"], capture_output=True,
                         text=True, check=True, env={"PATH": os.environ["PATH"]}).stdout
    env = dict(line.split("=", 1) for line in out.splitlines() if "=" in line)
    for name, path in folders(hub).items():
        assert env[name] == str(path), name
        assert Path(path).is_dir()
    post_build = (REPO / "binder" / "postBuild").read_text()
    assert "pip install --no-cache-dir -e ." in post_build
    runtime = (REPO / "binder" / "runtime.txt").read_text().strip()
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text())
    assert runtime == "python-" + pyproject["project"]["requires-python"].removeprefix(">=")


def test_user_servers_get_voila_json_s_settings():
    config = load_config(DEPLOY / "singleuser" / "jupyter_server_config.py")
    settings = json.loads((REPO / "voila.json").read_text())
    for section in ("VoilaConfiguration", "VoilaExecutor", "MappingKernelManager"):
        assert dict(config[section]) == settings[section], section
    assert "Voila" not in config  # the standalone server's address means nothing here
    assert config.ServerApp.tornado_settings == {"mathjax_url": None, "mathjax_config": None}


def test_a_missing_template_stops_the_server_at_start(tmp_path):
    settings = {"VoilaConfiguration": {"template": "no-such-template"}}
    (tmp_path / "voila.json").write_text(json.dumps(settings))
    with pytest.raises(RuntimeError, match="no-such-template"):
        load_config(DEPLOY / "singleuser" / "jupyter_server_config.py",
                    {"RX_VOILA_CONFIG": str(tmp_path / "voila.json")})
