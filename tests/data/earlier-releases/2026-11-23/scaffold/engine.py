"""Rules engine of scaffold: pure functions, no I/O. Its names are the doctest namespace."""


def move(position: int, card_value: int, goal: int = 4) -> int:
    """Position after playing a card; the goal stops the piece."""
    return min(position + card_value, goal)
