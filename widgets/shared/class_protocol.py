"""What a page's kernel and the class service (server/classroom.py) agree on: where the
service is and what a class code looks like. Pure: the page reaches the service over a
websocket and never imports it."""
from __future__ import annotations

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"   # no 0/O, 1/I/L: read off a projector
CODE_LENGTH = 7                                 # 31**7 ≈ 2.8e10 codes: 34.7 bits
PATH = "rx-class/ws"            # under the server's base URL
SERVICE_ENV = "RX_CLASS_URL"    # where a kernel finds the service (a hub sets it); else its server


def normal_code(text) -> str | None:
    """A typed or linked code in its one form (upper case, without spaces or dashes), None
    when it cannot be a code."""
    if not isinstance(text, str) or len(text) > 20:
        return None
    code = text.upper().replace("-", "").replace(" ", "")
    if len(code) != CODE_LENGTH or any(c not in ALPHABET for c in code):
        return None
    return code
