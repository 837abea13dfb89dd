"""Cacao (Phil Walker-Harding, 2015): rules engine."""
from .actions import Decline, Fill, Place, Rebuild, Work
from .state import Cacao, CacaoState, Pending, Placed, player_name

GAME = Cacao()

__all__ = ["GAME", "Cacao", "CacaoState", "Decline", "Fill", "Pending", "Place", "Placed",
           "Rebuild", "Work", "player_name"]
