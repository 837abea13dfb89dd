"""The explorer's web server: Voila, sized for a class.

What plain Voila does not do for a room full of visitors:

- Render pages never set the ``_xsrf`` cookie, so the shutdown request a page sends when it is
  closed is refused (403) and its kernel lingers until the culler finds it. Every app page here
  sets the cookie, so closing a page ends its kernel at once.
- Voila keeps the same number of warm kernels for every notebook. Here the game apps, where a
  class arrives together, keep ``warm_kernels`` each; the gallery and rulebook pages keep Voila's
  ``default_pool_size``.
- Nothing limits how many kernels anonymous visitors start. Here at most ``max_visitors`` pages
  hold a kernel; the next visitor gets a short "the explorer is full" page (HTTP 503,
  ``Retry-After``) instead of a server that runs out of memory.

Run it like Voila: ``python -m widgets.server notebooks --Voila.config_file_paths=.``; every
setting lives in voila.json.
"""
from __future__ import annotations

import html
from pathlib import Path

import tornado.web
from traitlets import Int, Unicode
from voila.app import Voila
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.handler import TornadoVoilaHandler

FULL_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="refresh" content="{retry}">
<title>The explorer is full</title>
<style>
 body {{ font: 20px/1.5 system-ui, sans-serif; background: #f6f3ea; color: #2b2b2b;
        display: flex; align-items: center; justify-content: center; height: 100vh; margin: 0; }}
 main {{ max-width: 34em; padding: 2em; background: #fff; border-radius: 12px;
        box-shadow: 0 2px 12px rgba(0,0,0,.12); }}
 h1 {{ font-size: 1.6em; margin-top: 0; }}
 a {{ color: #1f5fa8; font-weight: bold; }}
</style></head>
<body><main class="rx-full">
<h1>The explorer is full</h1>
<p>All {visitors} places on this server are taken right now.</p>
<p>Try again in a minute: this page tries by itself every {retry} seconds,
or <a href="{again}">try again now</a>.</p>
</main></body></html>
"""


class ExplorerPageHandler(TornadoVoilaHandler):
    """An app page: sets the xsrf cookie, and turns visitors away once the server is full."""

    async def prepare(self):
        await super().prepare()
        if self._finished:  # e.g. redirected to a login page
            return
        self.xsrf_token  # noqa: B018 - reading it sets the _xsrf cookie the closing page needs
        server = self.settings["voila"]  # Voila files itself under its name
        visitors = server.visitors()
        if visitors >= server.max_visitors:
            self.log.warning("explorer full: %d visitors, refusing %s", visitors, self.request.path)
            self.set_status(503)
            self.set_header("Retry-After", str(server.retry_after))
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.set_header("Cache-Control", "no-store")
            self.finish(FULL_PAGE.format(visitors=visitors, retry=server.retry_after,
                                         again=html.escape(self.request.uri, quote=True)))


class ExplorerShutdownHandler(VoilaShutdownKernelHandler):
    """A closing page asks twice (its own request and Voila's): the second finds no kernel."""

    @tornado.web.authenticated
    async def post(self, kernel_id):
        if kernel_id not in self.kernel_manager:
            self.set_status(404)
            return self.finish()
        return await super().post(kernel_id)


class ExplorerServer(Voila):
    """Voila with kernels that end with their page and a cap on visitors."""

    max_visitors = Int(40, config=True, help=(
        "How many pages may hold a kernel at once (preheated kernels waiting in the pool do not "
        "count). Each costs about 75 MB."))
    retry_after = Int(60, config=True, help="Seconds a turned-away visitor is asked to wait.")
    warm_kernels = Int(1, config=True, help=(
        "Kernels kept warm (notebook already run) for each game app, so that this many visitors "
        "arriving at once get a board without waiting for a kernel to start. Each costs about "
        "75 MB while it waits."))

    warm_apps = Unicode("", config=True, help=(
        "Comma-separated game names (e.g. 'cacao') whose app keeps `warm_kernels`; the others "
        "keep one, like the gallery. Empty: every game."))

    aliases = {**Voila.aliases, "warm": "ExplorerServer.warm_kernels",
               "warm-apps": "ExplorerServer.warm_apps",
               "max-visitors": "ExplorerServer.max_visitors"}

    def init_settings(self):
        """Size the warm pools before Voila creates its kernel manager from the config."""
        if self.voila_configuration.preheat_kernel:
            from explorer import GAMES

            root = Path(self.root_dir)
            chosen = {n.strip() for n in self.warm_apps.split(",") if n.strip()} or set(GAMES)
            unknown = sorted(chosen - set(GAMES))
            if unknown:
                raise ValueError(f"--warm-apps: no game named {', '.join(unknown)}; "
                                 f"games: {', '.join(GAMES)}")
            pools = {"default": {"pool_size": self.voila_configuration.default_pool_size}}
            pools.update({f"{name}.ipynb": {"pool_size": self.warm_kernels}
                          for name in chosen if (root / f"{name}.ipynb").exists()})
            self.config.VoilaKernelManager.kernel_pools_config = pools
        return super().init_settings()

    def init_handlers(self):
        ours = {TornadoVoilaHandler: ExplorerPageHandler,
                VoilaShutdownKernelHandler: ExplorerShutdownHandler}
        return [(route[0], ours.get(route[1], route[1]), *route[2:])
                for route in super().init_handlers()]

    def visitors(self) -> int:
        """Kernels that belong to a page: every live kernel but the warm ones still in the pool."""
        kernels = set(self.kernel_manager.list_kernel_ids())
        pooled = set()
        for pool in getattr(self.kernel_manager, "_pools", {}).values():
            for item in pool:
                if item.done() and not item.cancelled() and item.exception() is None:
                    pooled.add(item.result().get("kernel_id"))
        return len(kernels - pooled)


main = ExplorerServer.launch_instance

if __name__ == "__main__":
    main()
