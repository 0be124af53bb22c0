"""A directory archive read as Node reads one (src/archive/read-directory.ts):
each host file read only up to the archive's limit + 1 bytes (a huge file is
never read whole), a symbolic link followed, and a file that cannot be read
(a link to nothing, a link loop) its host's failed fetch with why, while the
other hosts are read."""

import os

from robotsmatch._archive_files import read_path
from robotsmatch.archive import Archive

RULES = b"User-agent: *\nDisallow: /private\n"


def test_a_huge_file_is_read_only_up_to_the_limit(tmp_path):
    hosts = tmp_path / "hosts"
    hosts.mkdir()
    with open(hosts / "big.test", "wb") as big:
        big.write(RULES)
        big.truncate(1 << 30)  # a 1 GiB file (sparse): reading it whole would take a gigabyte
    bodies = {c.url: c.body for c, _ in read_path(hosts, 1000)}
    assert len(bodies["https://big.test/robots.txt"]) == 1001
    with Archive.open(hosts) as archive:
        assert archive.check("https://big.test/private", "Googlebot").allowed is False


def test_links_are_followed_and_a_file_that_cannot_be_read_is_its_hosts_failed_fetch(tmp_path):
    hosts = tmp_path / "hosts"
    hosts.mkdir()
    (tmp_path / "real.txt").write_bytes(RULES)
    os.symlink(tmp_path / "real.txt", hosts / "linked.test")
    os.symlink(tmp_path / "nowhere.txt", hosts / "dangling.test")
    os.symlink(hosts / "loop.test", hosts / "loop.test")
    os.symlink(tmp_path, hosts / "folder.test")  # a link to a directory is no host's file
    (hosts / "plain.test.txt").write_bytes(RULES)
    with Archive.open(hosts) as archive:
        assert archive.check("https://linked.test/private", "Googlebot").allowed is False
        assert archive.check("http://plain.test/private", "Googlebot").allowed is False
        assert archive.outcome("https://folder.test/") == "unknown"
        for host, code in (("dangling.test", "ENOENT"), ("loop.test", "ELOOP")):
            verdict = archive.check(f"https://{host}/public", "Googlebot")
            assert (verdict.allowed, verdict.outcome) == (False, "unreachable")
            assert verdict.reason == f"the archive's file {hosts / host} cannot be read ({code})"
