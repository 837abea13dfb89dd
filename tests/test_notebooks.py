"""Every notebook in notebooks/, and every registered game's page (`plugin.page`, a notebook
with a query for a game from a package of its own), runs headless (nbclient) without an error
output."""
from pathlib import Path

import nbformat
import pytest
from jupyter_client import KernelManager
from jupyter_client.kernelspec import KernelSpecManager
from nbclient import NotebookClient

import registered

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
PAGES = sorted({p.name for p in NOTEBOOKS.glob("*.ipynb")}
               | {p.page for p in registered.plugins()})


def errors(nb) -> list[str]:
    found = []
    for index, cell in enumerate(nb.cells):
        for output in cell.get("outputs", []):
            if output.get("output_type") == "error":
                found.append(f"cell {index}: {output.get('ename')}: {output.get('evalue')}")
    return found


@pytest.mark.parametrize("page", PAGES)
def test_notebook_runs_without_errors(page, monkeypatch):
    name, _, query = page.partition("?")
    path = NOTEBOOKS / name
    assert path.exists(), f"{page}: no notebooks/{name}"
    monkeypatch.setenv("QUERY_STRING", query)      # as Voila gives the page's query (the kernel
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)   # inherits this environment)
    nb = nbformat.read(path, as_version=4)
    # "python3" resolved to ipykernel of this interpreter (this venv), not a kernel
    # spec installed somewhere else on the machine
    km = KernelManager(kernel_name="python3", kernel_spec_manager=KernelSpecManager(kernel_dirs=[]))
    client = NotebookClient(nb, km=km, timeout=300, allow_errors=True,
                            resources={"metadata": {"path": str(NOTEBOOKS)}})
    client.execute()
    assert errors(nb) == []
