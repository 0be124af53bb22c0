"""URL helpers over the core's byte-level code, so they agree with matching."""

from __future__ import annotations

from ._core import encode_text, get_core
from ._layout import Export


def normalize_url(url: str) -> str:
    """RFC-mode normalisation of a URL or path (as the core matches in ``mode="rfc"``):
    bytes outside ASCII become %XX, escapes get upper-case hex, escapes of
    unreserved characters are decoded, literal ``*`` and ``$`` become %2A and %24."""
    if not isinstance(url, str):
        raise TypeError(f"url must be a string, got {type(url).__name__}")
    core = get_core()
    with core.lock:
        length = core.fn[Export.normalize_input](core.write(encode_text(url), "url")) & 0xFFFFFFFF
        return core.text(core.fn[Export.normalized]() & 0xFFFFFFFF, length)


def path_of(url: str) -> str:
    """The part of a URL that rules are matched against: path, params and query, starting with '/'."""
    if not isinstance(url, str):
        raise TypeError(f"url must be a string, got {type(url).__name__}")
    core = get_core()
    with core.lock:
        length = core.fn[Export.path_of_input](core.write(encode_text(url), "url")) & 0xFFFFFFFF
        return core.text(core.fn[Export.path]() & 0xFFFFFFFF, length)
