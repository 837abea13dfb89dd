"""explorer.messages: players and counts read the same in every game's narration."""
from explorer import messages
from explorer.cacao import player_name as cacao_name
from explorer.taluva import player_name as taluva_name


def test_plural_adds_an_s_except_for_one_and_berries():
    assert messages.plural(1, "tile") == "1 tile"
    assert messages.plural(0, "tile") == "0 tiles"
    assert messages.plural(3, "empty cell") == "3 empty cells"
    assert messages.plural(2, "berry") == "2 berries" and messages.plural(1, "berry") == "1 berry"


def test_player_names_count_from_one_and_may_carry_the_colour():
    assert messages.player_name(0) == "Player 1"
    assert messages.player_name(1, ("red", "purple")) == "Player 2 (purple)"
    assert cacao_name(3) == "Player 4 (yellow)"
    assert taluva_name(0).startswith("Player 1 (")
