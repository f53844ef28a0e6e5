"""The content model: schema classes, YAML/Markdown readers and the game loader."""

from generator.model.loader import GameContent, find_games, load_game, load_games
from generator.model.schema import LANGS, Game

__all__ = ["GameContent", "Game", "LANGS", "find_games", "load_game", "load_games"]
