"""Shared set-up of the test suite: the plugin that records which rules each test cites (for
`python -m explorer rules coverage`). Shared checks live in modules of their own
(`rule_checks.refused`): a test cannot import a conftest by name, as tests/browser has one too."""

pytest_plugins = ["rule_citations"]
