"""What runs beside the pages: the web server and the live-class service.

- `server.voila`: the explorer's web server (Voila, sized for a class): `./dev serve` runs
  `python -m server.voila notebooks --Voila.config_file_paths=.`.
- `server.classroom`: the live-class service, inside that server or on its own for a hub
  (`python -m server.classroom`, deploy/).

It may import `widgets` and `explorer`; neither imports it (a page's kernel reaches the class
service over a websocket, with what both sides agree on in `widgets.shared.class_protocol`).
"""
