"""Shared set-up of the test suite: the plugin that records which rules each test cites (for
`python -m explorer rules coverage`)."""

pytest_plugins = ["rule_citations"]
