"""Settings of each user's Jupyter server behind the hub (and on Binder): the explorer's Voila
settings from the repository's voila.json, so the hub shows the same pages as `./dev serve`.

Jupyter reads this file from a folder on JUPYTER_CONFIG_PATH: deploy/jupyterhub_config.py sets
that for the servers it starts, deploy/Dockerfile in the image, binder/start on Binder.

  RX_VOILA_CONFIG   the voila.json to apply [the repository's, two folders up from here]
"""
import json
import os
from pathlib import Path

from jupyter_core.paths import jupyter_path

# The sections of voila.json that Voila honours as a server extension. The others belong to
# standalone Voila only: "Voila" (its address) and "VoilaKernelManager" (its pool of preheated
# kernels; a server extension starts a kernel per page view).
SERVER_SECTIONS = ("VoilaConfiguration", "VoilaExecutor", "MappingKernelManager")

c = get_config()  # noqa: F821 (provided by Jupyter when it loads this file)

voila_json = Path(os.environ.get("RX_VOILA_CONFIG")
                  or Path(__file__).resolve().parents[2] / "voila.json")
settings = json.loads(voila_json.read_text())
for section in SERVER_SECTIONS:
    for name, value in settings.get(section, {}).items():
        c[section][name] = value

# Voila looks for its template in Jupyter's data folders (JUPYTER_PATH adds the repository's
# share/jupyter): without it every page would fail, so say so at start instead.
template = settings.get("VoilaConfiguration", {}).get("template")
if template and not any((Path(folder) / "voila" / "templates" / template).is_dir()
                        for folder in jupyter_path()):
    raise RuntimeError(f"Voila template {template!r} (from {voila_json}) is not in any Jupyter "
                       f"data folder: set JUPYTER_PATH to the repository's share/jupyter")

# Standalone Voila gives its pages neither a MathJax address nor a MathJax configuration, and
# they typeset with the MathJax in Voila's own bundle. As a server extension it gives both (the
# address of a CDN), and a page showing a "$" would fetch MathJax from there. Keep the pages of
# `./dev serve`: served whole by this server, nothing from another host.
c.ServerApp.tornado_settings = {"mathjax_url": None, "mathjax_config": None}
