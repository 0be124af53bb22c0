"""What the installed package carries: the core, the data files, the types."""

import json
from importlib import resources

from conftest import REPO

import robotsmatch


def test_the_wheel_carries_the_repositorys_build():
    data = resources.files("robotsmatch").joinpath("_data")
    wasm = data.joinpath("robotsmatch.wasm").read_bytes()
    assert wasm[:4] == b"\0asm"
    built = REPO / "build" / "robotsmatch.wasm"
    if built.exists():  # the very bytes `npm run build` made, not a copy kept by hand
        assert wasm == built.read_bytes()
    outcomes = json.loads(data.joinpath("fetch-outcomes.json").read_text("utf-8"))
    assert outcomes == json.loads((REPO / "data" / "fetch-outcomes.json").read_text("utf-8"))
    assert resources.files("robotsmatch").joinpath("py.typed").is_file()


def test_the_registry_is_the_node_packages():
    names = [c.name for c in robotsmatch.crawlers()]
    assert len(names) == len(set(n.lower() for n in names)) > 50
    gptbot = robotsmatch.crawler("gptbot")
    assert gptbot is not None and gptbot.purpose == "ai-training" and gptbot.reads_robots_txt == "yes"
    assert [c.name for c in robotsmatch.select_crawlers(["GPTBot", "ClaudeBot"])] == ["GPTBot", "ClaudeBot"]
    assert all(set(c.purposes) & set(robotsmatch.AI_PURPOSES) for c in robotsmatch.select_crawlers("ai"))
    assert gptbot.purposes[0] == gptbot.purpose


def test_version_is_the_installed_distributions():
    import re
    from importlib import metadata

    assert robotsmatch.__version__ == metadata.version("robotsmatch")
    pyproject = (REPO / "python" / "pyproject.toml").read_text("utf-8")
    assert f'version = "{robotsmatch.__version__}"' in pyproject
    assert re.fullmatch(r"\d+\.\d+\.\d+\S*", robotsmatch.__version__)
