"""Animals on Board (Wolfgang Sentker & Ralf zur Linde, 2016): rules engine."""
from .state import AnimalsOnBoard, AnimalsState, Keep, Split, Take, player_name

GAME = AnimalsOnBoard()

__all__ = ["GAME", "AnimalsOnBoard", "AnimalsState", "Keep", "Split", "Take", "player_name"]
