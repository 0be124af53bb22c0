"""A datatrove filter block: documents whose URL the chosen crawlers may not
fetch, or whose site opts them out of a purpose, by each site's robots.txt
as an archive of captures holds it (RFC 9309 outcomes: a 404 allows
everything, a 5xx, a 429 or no response disallows everything).

    from datatrove.executor import LocalPipelineExecutor
    from robotsmatch.datatrove import RobotsFilter

    LocalPipelineExecutor(pipeline=[
        JsonlReader("crawl/"),
        RobotsFilter("robots.jsonl", ["GPTBot", "CCBot"], purpose="train-ai"),
        JsonlWriter("kept/"),
    ], tasks=4).run()

Documents are taken a batch at a time (``batch_size``); the URLs of a batch
are grouped by origin and each origin's URLs are matched for every agent in
one core call per agent. Parsed files are kept in a cache of ``cache_size``
origins (the least recently used is freed first), so memory stays bounded
whatever the number of sites.
"""

from __future__ import annotations

import os
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

import numpy as np
from datatrove.data import Document
from datatrove.pipeline.filters.base_filter import BaseFilter
from datatrove.pipeline.writers.disk_base import DiskWriter

from . import archive as _archive
from ._bulk import ALLOWED, DISALLOWED, OPTED_OUT, codes_of_strings
from .crawlers import Crawler
from .robots import AgentMatcher, Robots

__all__ = ["RobotsFilter"]

#: The reasons a document is dropped, as datatrove counts them (``dropped_<reason>``).
REASON_DISALLOWED = "robots_disallowed"
REASON_OPTED_OUT = "robots_opted_out"
REASON_UNKNOWN = "robots_unknown"
REASON_INVALID = "robots_invalid"


class RobotsFilter(BaseFilter):
    """Drops (or, with ``action="tag"``, only tags) the documents whose URL
    (``doc.metadata[url_key]``) one of `agents` may not fetch, or, with a
    `purpose` (``"train-ai"``, ``"search"``, ``"ai-input"``, an AIPREF
    label), that the file opts out of that use for one of them.

    `archive`: a ``robotsmatch.archive.Archive``, or the path of an archive,
    read by ``Archive.open`` once in each task, as the command line's
    ``--robots-archive`` reads it: a WARC file (``.warc``, ``.warc.gz``;
    needs the ``warc`` extra: warcio), a JSON Lines file of captures
    (``{"url": ".../robots.txt", "status": 200, "body": ...}``, plain or gzip)
    or a directory of one file per host. `agents`: product
    tokens (``"GPTBot"``) or registry crawlers (``robotsmatch.crawler("GPTBot")``:
    its fallback tokens, and ``*`` only if it obeys it), as everywhere in
    robotsmatch.

    `unknown`: what to do with a document whose site the archive holds no
    capture of, or that has no usable URL (none, or one with no http(s)
    origin): ``"drop"`` (the default: nothing says it may be used) or
    ``"keep"``. Either way datatrove counts them (``dropped_robots_unknown``
    and ``dropped_robots_invalid``, or ``robots_unknown`` and
    ``robots_invalid`` when kept).

    With ``action="tag"`` every document is kept and its metadata gets
    ``robots_outcome`` (ok, unavailable, unreachable, unknown, invalid),
    ``robots_allowed`` (True, False, or None when unknown or invalid),
    ``robots_disallowed_by`` and, with a purpose, ``robots_opted_out_by``
    (lists of agent names)."""

    name = "🤖 robots.txt"

    def __init__(
        self,
        archive: str | os.PathLike[str] | _archive.Archive,
        agents: str | Crawler | Sequence[str | Crawler],
        *,
        purpose: str | None = None,
        action: str = "drop",
        unknown: str = "drop",
        url_key: str = "url",
        mode: str = "google",
        cache_size: int = 4096,
        batch_size: int = 1000,
        exclusion_writer: DiskWriter | None = None,
    ) -> None:
        super().__init__(exclusion_writer, batch_size)
        if action not in ("drop", "tag"):
            raise ValueError(f"action must be 'drop' or 'tag', got {action!r}")
        if unknown not in ("drop", "keep"):
            raise ValueError(f"unknown must be 'drop' or 'keep', got {unknown!r}")
        if mode not in ("google", "rfc"):
            raise ValueError(f"mode must be 'google' or 'rfc', got {mode!r}")
        if isinstance(cache_size, bool) or not isinstance(cache_size, int) or cache_size < 1:
            raise ValueError(f"cache_size must be a whole number of origins, 1 or more, got {cache_size!r}")
        if purpose is not None:
            from .purpose import purpose_names

            purpose_names(purpose)
        self.agents = [agents] if isinstance(agents, (str, Crawler)) else list(agents)
        for agent in self.agents:
            if not isinstance(agent, (str, Crawler)):
                raise TypeError(
                    f"each agent must be a product token or a robotsmatch.crawler(), got {type(agent).__name__}"
                )
        self.agent_names = [a if isinstance(a, str) else a.name for a in self.agents]
        if not self.agent_names or len(set(self.agent_names)) != len(self.agent_names):
            raise ValueError(f"agents must name at least one agent, each once; got {self.agent_names}")
        self.purpose = purpose
        self.action = action
        self.unknown = unknown
        self.url_key = url_key
        self.mode = mode
        self.cache_size = cache_size
        if isinstance(archive, (str, os.PathLike)):
            self._path: str | None = os.fspath(archive)
            self._archive: _archive.Archive | None = None
        elif isinstance(archive, _archive.Archive):
            self._path = None
            self._archive = archive
        else:
            raise TypeError(
                f"archive must be a robotsmatch.archive.Archive or the path of an archive, got {type(archive).__name__}"
            )
        self._cache: OrderedDict[str, _Site] = OrderedDict()

    # The archive is read in each task, not pickled with the block.
    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        state["_cache"] = OrderedDict()
        if self._path is not None:
            state["_archive"] = None
        return state

    def _loaded(self) -> _archive.Archive:
        if self._archive is None:
            assert self._path is not None
            # What --robots-archive reads: WARC, JSON Lines (plain or gzip; bytes that are not UTF-8
            # read as Node reads them) or a directory of one file per host. Errors name the file.
            self._archive = _archive.Archive.open(self._path, mode=self.mode)
        return self._archive

    def _site(self, origin: str) -> _Site:
        site = self._cache.get(origin)
        if site is not None:
            self._cache.move_to_end(origin)
            return site
        archive = self._loaded()
        resolution = _archive.resolve_origin(_archive.robots_url(origin), archive.capture)
        robots = None
        if resolution.outcome == "ok":
            from .robots import parse

            body = resolution.capture.body if resolution.capture is not None else None
            robots = parse(body if body is not None else b"", mode=self.mode, max_bytes=archive.max_bytes)
        site = _Site(resolution.outcome, robots, self.agents, self.purpose)
        self._cache[origin] = site
        if len(self._cache) > self.cache_size:
            _, evicted = self._cache.popitem(last=False)
            evicted.close()
        return site

    def filter(self, doc: Document) -> bool | tuple[bool, str]:
        return self.filter_batch([doc])[0]

    def filter_batch(self, batch: list[Document]) -> list[bool | tuple[bool, str]]:
        urls = [doc.metadata.get(self.url_key) for doc in batch]
        by_origin: dict[str | None, list[int]] = {}
        for i, url in enumerate(urls):
            origin = _archive.origin_of(url) if isinstance(url, str) else None
            by_origin.setdefault(origin, []).append(i)
        results: list[bool | tuple[bool, str]] = [True] * len(batch)
        for origin, rows in by_origin.items():
            if origin is None:  # no URL, or one with no http(s) origin: no capture in the archive can answer for it
                outcome, codes = _archive.INVALID, None
            else:
                site = self._site(origin)
                outcome, codes = site.outcome, site.codes([urls[i] for i in rows])
            for j, i in enumerate(rows):
                results[i] = self._decide(batch[i], outcome, None if codes is None else codes[j])
        return results

    def _decide(self, doc: Document, outcome: str, codes: np.ndarray | None) -> bool | tuple[bool, str]:
        names = self.agent_names
        if codes is None:
            disallowed_by: list[str] | None = None
            opted_out_by: list[str] | None = None
            allowed: bool | None = None
        else:
            disallowed_by = [names[k] for k in np.flatnonzero(codes == DISALLOWED)]
            opted_out_by = [names[k] for k in np.flatnonzero(codes == OPTED_OUT)]
            allowed = not disallowed_by and not opted_out_by
        if self.action == "tag":
            doc.metadata["robots_outcome"] = outcome
            doc.metadata["robots_allowed"] = allowed
            doc.metadata["robots_disallowed_by"] = disallowed_by
            if self.purpose is not None:
                doc.metadata["robots_opted_out_by"] = opted_out_by
            if allowed is None:
                self.stat_update(REASON_INVALID if outcome == _archive.INVALID else REASON_UNKNOWN)
            elif disallowed_by:
                self.stat_update(REASON_DISALLOWED)
            elif opted_out_by:
                self.stat_update(REASON_OPTED_OUT)
            return True
        if allowed is None:
            reason = REASON_INVALID if outcome == _archive.INVALID else REASON_UNKNOWN
            if self.unknown == "keep":
                self.stat_update(reason)
                return True
            return False, reason
        if disallowed_by:
            return False, REASON_DISALLOWED
        if opted_out_by:
            return False, REASON_OPTED_OUT
        return True

    def close(self) -> None:
        """Frees every cached file's core memory."""
        for site in self._cache.values():
            site.close()
        self._cache.clear()


class _Site:
    """One origin's outcome and, when its robots.txt was read, its matchers."""

    def __init__(self, outcome: str, robots: Robots | None, agents: Sequence[Any], purpose: str | None) -> None:
        self.outcome = outcome
        self.robots = robots
        self.count = len(agents)
        self.matchers: list[AgentMatcher] | None = (
            None if robots is None else [robots.for_agent(a, purpose) for a in agents]
        )

    def codes(self, urls: list[str]) -> np.ndarray | None:
        """The verdict bytes of the URLs for every agent (None when the outcome is unknown)."""
        if self.matchers is not None:
            return codes_of_strings(urls, self.matchers)
        if self.outcome == "unavailable":
            return np.full((len(urls), self.count), ALLOWED, dtype=np.uint8)
        if self.outcome == "unreachable":
            return np.full((len(urls), self.count), DISALLOWED, dtype=np.uint8)
        return None

    def close(self) -> None:
        if self.robots is not None:
            self.robots.close()
            self.robots = None
            self.matchers = None
