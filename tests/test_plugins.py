"""Games are plug-ins (explorer/games.py): nothing shared names a game, the gallery shows every
registered game's cards, and the wheel carries what an installed explorer needs (rule texts and
index, lessons, catalogues, notebooks' apps) without the checkout."""
from __future__ import annotations

import ast
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
import tokenize
from html import unescape
from pathlib import Path

import pytest

import explorer
import registered
from explorer import citations, games

ROOT = Path(__file__).resolve().parents[1]

# -- no shared production file names a game ------------------------------------------------------

# explorer/games.py is the one place that may: it is where the games are found
SHARED = sorted({*ROOT.glob("explorer/*.py"), *ROOT.glob("widgets/*.py"),
                 *ROOT.glob("widgets/shared/**/*.py"), *ROOT.glob("server/**/*.py"),
                 *ROOT.glob("benchmarks/**/*.py"), *ROOT.glob("deploy/**/*.py")}
                - {ROOT / "explorer" / "games.py"})


def game_words() -> dict[str, re.Pattern]:
    """Each registered game's name and title, as a pattern matching them as whole words in any
    case (a name inside an identifier counts: `cacao_app`, `CACAO`)."""
    words = {}
    for plugin in registered.plugins():
        for word in {plugin.name.lower(), str(plugin.game.title).lower()}:
            words[word] = re.compile(rf"(?<![A-Za-z0-9]){re.escape(word)}(?![A-Za-z0-9])",
                                     re.IGNORECASE)
    return words


def docstring_starts(tree: ast.AST) -> set[tuple[int, int]]:
    """Where each docstring (module, class or function) starts, as (line, column)."""
    starts = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                starts.add((body[0].value.lineno, body[0].value.col_offset))
    return starts


def named_games(path: Path, words: dict[str, re.Pattern], root: Path = ROOT) -> list[str]:
    """`line: word in token` for every identifier or string literal (docstrings and comments
    are not code) of the file that names a game."""
    text = path.read_text(encoding="utf-8")
    docstrings = docstring_starts(ast.parse(text))
    found = []
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.NAME or (token.type == tokenize.STRING
                                           and token.start not in docstrings):
            for word, pattern in words.items():
                if pattern.search(token.string):
                    shown = token.string if len(token.string) <= 60 else token.string[:57] + "..."
                    found.append(f"{path.relative_to(root)}:{token.start[0]}: {word!r} in {shown}")
    return found


def test_the_game_words_match_names_in_code_and_not_in_docstrings_or_comments(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('"""Cacao in a docstring."""\n# cacao in a comment\n'
                      'def f():\n    """cacao."""\n'
                      '    return CACAO_APP, "widgets.cacao:app", "cacaos", cacao2\n',
                      encoding="utf-8")
    words = {"cacao": re.compile(r"(?<![A-Za-z0-9])cacao(?![A-Za-z0-9])", re.IGNORECASE)}
    found = [line.split(": ", 1)[1] for line in named_games(sample, words, tmp_path)]
    assert found == ["'cacao' in CACAO_APP", "'cacao' in \"widgets.cacao:app\""], found


@pytest.mark.parametrize("path", SHARED, ids=[str(p.relative_to(ROOT)) for p in SHARED])
def test_no_shared_production_file_names_a_game(path):
    """A game is found through the registry, never by name: a shared file that names one
    breaks (or leaves out) a game from another package."""
    found = named_games(path, game_words())
    assert not found, "names a game in code:\n" + "\n".join(found)


# -- the gallery -------------------------------------------------------------------------------

def test_the_gallery_shows_each_card_of_each_game_in_gallery_order_linking_to_its_page():
    from widgets.gallery import gallery

    page = gallery("")
    html = "".join(child.value for child in page.children if hasattr(child, "value")
                   and isinstance(child.value, str))
    shown = [(game, unescape(href)) for game, href in
             re.findall(r'<div class="rx-card" data-game="([^"]+)"[^>]*>\s*<h3><a href="([^"]+)"',
                        html)]
    expected = []
    for plugin in games.in_gallery_order():
        assert plugin.cards, f"{plugin.name} has no gallery card"
        for card in plugin.cards:
            page_part, _, query = plugin.page.partition("?")
            query = "&".join(q for q in (query, card.query.lstrip("?")) if q)
            expected.append((plugin.name, page_part + (f"?{query}" if query else "")))
    assert shown == expected


# -- the wheel, installed outside the checkout ---------------------------------------------------

CHECK_INSTALLED = r"""
import json, sys
import explorer, widgets
from explorer import games, i18n, lessons, rules

out = {"explorer": explorer.__file__, "widgets": widgets.__file__, "games": {}}
for plugin in games.plugins():
    name = plugin.name
    state = plugin.game.setup(plugin.game.player_counts[0], 1)
    text = state.events[0].text
    out["games"][name] = {
        "rules": len(rules.for_game(name)),
        "lessons": [lesson.name for lesson in lessons.shipped(name)],
        "en": i18n.render(text, "en", name), "ko": i18n.render(text, "ko", name),
    }
print(json.dumps(out))
"""

NOTEBOOK_CHECK = r"""
import json, sys
import nbformat
from jupyter_client import KernelManager
from jupyter_client.kernelspec import KernelSpecManager
from nbclient import NotebookClient

nb = nbformat.read(sys.argv[1], as_version=4)
nb.cells.insert(0, nbformat.v4.new_code_cell(
    "import explorer, widgets; print(explorer.__file__); print(widgets.__file__)"))
km = KernelManager(kernel_name="python3", kernel_spec_manager=KernelSpecManager(kernel_dirs=[]))
NotebookClient(nb, km=km, timeout=120, allow_errors=True,
               resources={"metadata": {"path": sys.argv[2]}}).execute()
print(json.dumps([cell.get("outputs", []) for cell in nb.cells]))
"""


def isolation() -> list[str]:
    """Build with this environment's setuptools when it can make a wheel (setuptools 70.1 or
    later, or the wheel package beside it); else pip fetches the build requirements."""
    import importlib.util

    import setuptools

    version = tuple(int(part) for part in re.findall(r"\d+", setuptools.__version__)[:2])
    own = version >= (70, 1) or importlib.util.find_spec("wheel") is not None
    return ["--no-build-isolation"] if own else []


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """The project's wheel, built from the checkout and installed into a folder of its own;
    (site folder, environment to run Python with it, a working folder outside the checkout)."""
    tmp = tmp_path_factory.mktemp("wheel")
    wheels, site, work = tmp / "wheels", tmp / "site", tmp / "work"
    work.mkdir()
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--no-input", "-q"]
    subprocess.run([*pip, "wheel", "--no-deps", *isolation(), "-w", str(wheels), str(ROOT)],
                   check=True, cwd=work, timeout=180)
    [wheel] = wheels.glob("rules_explorer-*.whl")
    subprocess.run([*pip, "install", "--no-deps", "--target", str(site), str(wheel)],
                   check=True, cwd=work, timeout=120)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(PYTHONPATH=str(site), PYTHONDONTWRITEBYTECODE="1")
    return site, env, work


def run_installed(installed, *args, timeout=120) -> subprocess.CompletedProcess:
    site, env, work = installed
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, env=env,
                          cwd=work, timeout=timeout)


def test_the_installed_wheel_answers_rule_questions(installed):
    site = installed[0]
    done = run_installed(installed, "-m", "explorer", "rules", "where", "cacao.place.checkerboard")
    assert done.returncode == 0, done.stderr
    assert "no rule" not in done.stdout.lower(), done.stdout     # its index entry, at its line
    assert re.search(r"^index \(1\)\n\s+\S*cacao\.rules\.toml:\d+$", done.stdout, re.M), done.stdout
    # outside a checkout there is no record of the tests' citations: an empty one is given
    record = installed[2] / "citations.json"
    record.write_text(json.dumps({"version": citations.RECORD_VERSION, "tests": {}}), "utf-8")
    done = run_installed(installed, "-m", "explorer", "rules", "coverage", "cacao",
                         "--record", str(record))
    assert done.returncode in (0, 1), done.stderr     # 1: some rule neither enforced nor shown
    cacao_rules = [r.id for r in explorer.rules.for_game("cacao")]
    assert sum(rule in done.stdout for rule in cacao_rules) >= len(cacao_rules) // 2, done.stdout
    done = run_installed(installed, "-c", CHECK_INSTALLED)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    for module in ("explorer", "widgets"):            # the wheel's copy, not the checkout
        assert Path(out[module]).resolve().is_relative_to(site.resolve()), out[module]
    # the wheel's own games, and any game installed beside it (not a plug-in on the test path)
    with open(ROOT / "pyproject.toml", "rb") as f:
        own = set(tomllib.load(f)["project"]["entry-points"]["rules_explorer.games"])
    assert own <= set(out["games"]) <= set(explorer.GAMES)
    for name, seen in out["games"].items():
        assert seen["rules"] > 0, f"{name}: no rule index in the wheel"
        assert seen["lessons"], f"{name}: no lessons in the wheel"
        assert seen["ko"] != seen["en"], f"{name}: no Korean catalogue in the wheel ({seen['en']})"


def test_an_app_notebook_runs_with_the_installed_wheel(installed):
    site, _, work = installed
    notebook = work / "cacao.ipynb"
    shutil.copy(ROOT / "notebooks" / "cacao.ipynb", notebook)
    done = run_installed(installed, "-c", NOTEBOOK_CHECK, str(notebook), str(work), timeout=180)
    assert done.returncode == 0, done.stderr[-2000:]
    outputs = json.loads(done.stdout.strip().splitlines()[-1])
    errors = [o for cell in outputs for o in cell if o.get("output_type") == "error"]
    assert not errors, [f"{o['ename']}: {o['evalue']}" for o in errors]
    printed = "".join(o.get("text", "") for o in outputs[0] if o.get("output_type") == "stream")
    for path in printed.split():
        assert Path(path).resolve().is_relative_to(site.resolve()), printed
    assert len(printed.split()) == 2, printed
    widgets = [o for cell in outputs[1:] for o in cell
               if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert widgets, "the notebook built no widget"
