"""An agent string that is not a product token ("MyBot/1.0", a full User-Agent
header) names no group: only the * rules apply, as Google's parser reads it.
The library says so once per string, as the CLI and explain() do."""

import warnings

import pytest

import robotsmatch

FILE = "User-agent: MyBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n"


def caught(call):
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        result = call()
    return result, [w for w in seen if issubclass(w.category, robotsmatch.AgentNotTokenWarning)]


def test_a_versioned_agent_is_answered_by_the_star_group_and_warned_about_once():
    robots = robotsmatch.parse(FILE)
    verdict, first = caught(lambda: robots.check("https://example.com/a", "MyBot/1.0"))
    assert verdict.allowed is True and verdict.line == 5  # the * group, not MyBot's
    assert len(first) == 1
    message = str(first[0].message)
    assert "'MyBot/1.0' is not a product token" in message and "'MyBot'" in message
    assert first[0].filename == __file__  # points at the caller's line
    _, again = caught(lambda: robotsmatch.parse(FILE).is_allowed("https://example.com/b", "MyBot/1.0"))
    assert again == []  # once per string, for the whole process


def test_product_tokens_star_and_crawlers_are_not_warned_about():
    robots = robotsmatch.parse(FILE)
    for agent in ["MyBot", "*", ["MyBot", "Googlebot"], robotsmatch.crawler("GPTBot"), ""]:
        _, seen = caught(lambda agent=agent: robots.check("https://example.com/a", agent))
        assert seen == [], agent
    assert robotsmatch.product_token("MyBot/1.0 (+https://example.com/bot)") == "MyBot"
    assert robots.check("https://example.com/a", robotsmatch.product_token("MyBot/1.0")).allowed is False


def test_each_other_string_is_warned_about_on_its_own_and_errors_can_be_turned_on():
    robots = robotsmatch.parse(FILE)
    _, seen = caught(lambda: robots.for_agent(["Googlebot", "OtherBot/2"]))
    assert [str(w.message).split(" is not")[0] for w in seen] == ["agent 'OtherBot/2'"]
    with warnings.catch_warnings():
        warnings.simplefilter("error", robotsmatch.AgentNotTokenWarning)
        with pytest.raises(robotsmatch.AgentNotTokenWarning):
            robots.check("https://example.com/a", "ThirdBot/3.0")
