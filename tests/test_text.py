"""explorer.text: players and counts read the same in every game's narration."""
from explorer import text
from explorer.cacao import player_name as cacao_name
from explorer.taluva import player_name as taluva_name


def test_plural_adds_an_s_except_for_one_and_berries():
    assert text.plural(1, "tile") == "1 tile"
    assert text.plural(0, "tile") == "0 tiles"
    assert text.plural(3, "empty cell") == "3 empty cells"
    assert text.plural(2, "berry") == "2 berries" and text.plural(1, "berry") == "1 berry"


def test_player_names_count_from_one_and_may_carry_the_colour():
    assert text.player_name(0) == "Player 1"
    assert text.player_name(1, ("red", "purple")) == "Player 2 (purple)"
    assert cacao_name(3) == "Player 4 (yellow)"
    assert taluva_name(0).startswith("Player 1 (")
