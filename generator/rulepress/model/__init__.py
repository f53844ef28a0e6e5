"""The content model: schema classes, YAML/Markdown readers and the game loader."""

from rulepress.model.loader import GameContent, find_games, load_game, load_games
from rulepress.model.schema import LANGS, Game

__all__ = ["GameContent", "Game", "LANGS", "find_games", "load_game", "load_games"]
