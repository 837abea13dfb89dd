"""Indian Summer component data: the shipped files keep every count; broken files are refused
with the file and the entry named."""
from __future__ import annotations

import copy
import json
import shutil
from collections import Counter
from pathlib import Path

import pytest

from explorer.indian_summer import components as C

DATA = Path(C.__file__).parent / "data"


def raw(name: str) -> dict:
    return json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))


def test_indian_summer_setup_components_counts():
    assert Counter(t.colour for t in C.LEAVES) == {"green": 17, "yellow": 29, "red": 29}
    assert all(len(t.cells) == C.COLOURS[t.colour][0] and t.hole in t.cells for t in C.LEAVES)
    assert len(C.LAYOUTS) == 12 and {(b.board, b.side) for b in C.LAYOUTS} == {
        (n, s) for n in range(1, 7) for s in "AB"}
    for layout in C.LAYOUTS:
        cells = [c for area in layout.areas for c in area]
        assert len(layout.areas) == 6 and len(cells) == len(set(cells)) == 72
    assert sum(k.count for k in C.ANIMALS) == 20 and len(C.ANIMALS) == 7
    sizes = {k.name: len(k.cells) for k in C.ANIMALS}
    assert sizes["hedgehog"] == sizes["fox"] == 4
    assert all(area == tuple((x, y) for y in range(area[0][1], area[0][1] + 3)
                             for x in range(area[0][0], area[0][0] + 4))
               for layout in C.LAYOUTS for area in layout.areas)        # 4 wide, 3 tall
    assert {k.name: k.token for k in C.ANIMALS if k.token} == {
        "badger": "berry", "fox": "nut", "raccoon": "feather"}
    assert C.TOKEN_SUPPLY == {"berry": 30, "nut": 24, "mushroom": 18, "feather": 8}
    assert C.SQUIRRELS == 32 and C.SOLO.turns == 10 and C.SOLO.tiles_per_game == 25


def test_the_illustrative_set_is_varied():
    shapes = {(t.cells, t.hole) for t in C.LEAVES}
    assert len(shapes) >= 40
    treasures = Counter(k for b in C.LAYOUTS for k in b.treasures.values())
    assert set(treasures) == set(C.TOKENS) and treasures["berry"] > treasures["feather"]


@pytest.mark.parametrize("name, break_it, message", [
    ("leaf_tiles", lambda d: d["tiles"].pop(), "there are 29 red tiles, not 28"),
    ("leaf_tiles", lambda d: d["tiles"][0].update(cells=[[0, 0], [0, 1], [2, 2]], hole=[0, 0]),
     "tile G01: the piece is disconnected"),
    ("leaf_tiles", lambda d: d["tiles"][1].update(hole=[5, 5]),
     "tile G02: the hole [5, 5] is outside the piece"),
    ("leaf_tiles", lambda d: d["tiles"][2].update(cells=[[0, 0], [0, 1]]),
     "tile G03: a green tile has 3 cells, not 2"),
    ("player_boards", lambda d: d["boards"][3]["areas"].__setitem__(1, [2, 0, 4, 3]),
     "board 2B area 2: overlaps area 1 at [2, 0]"),
    ("player_boards", lambda d: d["boards"][0].update(width=9), "board 1A: a board is 8 x 9"),
    ("player_boards", lambda d: d["boards"][5]["treasures"].__setitem__(0, "X......."),
     "board 3B: unknown treasure 'X'"),
    ("animals", lambda d: d["kinds"][1].update(token="berry"),
     "animal fox: the fox is unique and carries a nut token"),
    ("animals", lambda d: d["kinds"][6].update(count=5), "there are 20 animal tiles, not 19"),
    ("animals", lambda d: d["kinds"][4].update(cells=[[0, 0], [2, 0]]),
     "animal owl: the piece is disconnected"),
    ("solo_board", lambda d: d.update(turns=12), "solo_board.json: turns: must be 10"),
    # areas are 4 wide and 3 tall (2 across, 3 down): 3 wide x 4 tall is refused
    ("player_boards", lambda d: d["boards"][0]["areas"].__setitem__(0, [0, 0, 3, 4]),
     "board 1A area 1: an area is [x, y, 4, 3] (4 wide, 3 tall)"),
    ("player_boards", lambda d: d["boards"][0]["areas"].__setitem__(0, [0.0, 0, 4, 3]),
     "board 1A area 1: an area is [x, y, 4, 3]"),
    # the rule text lays the hedgehog and the fox on 4 connected holes each (lines 173-178)
    ("animals", lambda d: d["kinds"][3].update(cells=[[0, 0], [1, 0], [2, 0]]),
     "animal hedgehog: the hedgehog covers 4 cells, not 3"),
    ("animals", lambda d: d["kinds"][1].update(cells=[[0, 0], [0, 1], [0, 2], [1, 2], [1, 3]]),
     "animal fox: the fox covers 4 cells, not 5"),
])
def test_a_broken_data_file_is_refused_with_file_and_entry(tmp_path, name, break_it, message):
    for path in DATA.glob("*.json"):
        shutil.copy(path, tmp_path / path.name)
    data = copy.deepcopy(raw(name))
    break_it(data)
    (tmp_path / f"{name}.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(C.DataError) as info:
        C.load_all(tmp_path)
    assert str(info.value).startswith(f"{name}.json: ")
    assert message in str(info.value)


def test_an_unreadable_data_file_is_named(tmp_path):
    for path in DATA.glob("*.json"):
        shutil.copy(path, tmp_path / path.name)
    (tmp_path / "animals.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(C.DataError, match="animals.json: cannot be read"):
        C.load_all(tmp_path)


def test_the_shipped_files_load_from_a_folder_too():
    leaves, layouts, animals, solo = C.load_all(DATA)
    assert leaves == C.LEAVES and layouts == C.LAYOUTS and animals == C.ANIMALS
    assert solo == C.SOLO


def test_data_files_are_package_data():
    text = (Path(__file__).resolve().parent.parent / "pyproject.toml").read_text("utf-8")
    assert "indian_summer/data/*.json" in text or '"data/*.json"' in text
