"""Rules engine of Risk (Risiko): pure functions, no I/O.

Its public names are the doctest namespace of the rule texts and the quick
reference. The map (territories, continents, the 83 borders and which of them
cross the sea) is kept here as constants because the engine may not read
files; tests/content/test_risk_engine.py asserts that they equal the board in
boards.yaml, so the two cannot drift apart.

Sources: seed 000 (German Risiko edition), seed 003 (English RISK rulebook
1993), public map facts (see game.yaml `sources`). Where the editions differ,
a function takes ``reading=`` (see ambiguities.yaml).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache
from itertools import product

# --- map -------------------------------------------------------------------

#: continent id -> (bonus armies, territory ids)
CONTINENTS: dict[str, tuple[int, tuple[str, ...]]] = {
    "north-america": (5, ("alaska", "northwest-territory", "greenland", "alberta", "ontario", "quebec",
                          "western-us", "eastern-us", "central-america")),
    "south-america": (2, ("venezuela", "peru", "brazil", "argentina")),
    "europe": (5, ("iceland", "scandinavia", "ukraine", "great-britain", "northern-europe",
                   "western-europe", "southern-europe")),
    "africa": (3, ("north-africa", "egypt", "congo", "east-africa", "south-africa", "madagascar")),
    "asia": (7, ("siberia", "ural", "china", "afghanistan", "middle-east", "india", "siam", "yakutsk",
                 "irkutsk", "mongolia", "japan", "kamchatka")),
    "australia": (2, ("indonesia", "new-guinea", "western-australia", "eastern-australia")),
}

TERRITORIES: tuple[str, ...] = tuple(t for _, members in CONTINENTS.values() for t in members)

#: Links crossing water: drawn dashed on the board (seed 000: fortifying over the sea
#: is allowed along the dashed lines). Which borders cross water is reconstructed from geography.
SEA_LINKS: frozenset[frozenset[str]] = frozenset(frozenset(pair) for pair in (
    ("alaska", "kamchatka"),
    ("greenland", "northwest-territory"), ("greenland", "ontario"), ("greenland", "quebec"),
    ("greenland", "iceland"),
    ("iceland", "scandinavia"), ("iceland", "great-britain"),
    ("scandinavia", "great-britain"), ("scandinavia", "northern-europe"),
    ("great-britain", "northern-europe"), ("great-britain", "western-europe"),
    ("brazil", "north-africa"),
    ("western-europe", "north-africa"), ("southern-europe", "north-africa"), ("southern-europe", "egypt"),
    ("east-africa", "middle-east"), ("east-africa", "madagascar"), ("south-africa", "madagascar"),
    ("japan", "mongolia"), ("japan", "kamchatka"),
    ("siam", "indonesia"), ("indonesia", "new-guinea"), ("indonesia", "western-australia"),
    ("new-guinea", "western-australia"), ("new-guinea", "eastern-australia"),
))

#: Every border once (83), land and sea, as in the public classic map.
BORDERS: tuple[tuple[str, str], ...] = (
    ("alaska", "northwest-territory"), ("alaska", "alberta"), ("alaska", "kamchatka"),
    ("northwest-territory", "alberta"), ("northwest-territory", "greenland"), ("northwest-territory", "ontario"),
    ("alberta", "western-us"), ("alberta", "ontario"),
    ("western-us", "central-america"), ("western-us", "ontario"), ("western-us", "eastern-us"),
    ("central-america", "eastern-us"), ("central-america", "venezuela"),
    ("greenland", "ontario"), ("greenland", "quebec"), ("greenland", "iceland"),
    ("ontario", "quebec"), ("ontario", "eastern-us"),
    ("quebec", "eastern-us"),
    ("venezuela", "peru"), ("venezuela", "brazil"),
    ("peru", "brazil"), ("peru", "argentina"),
    ("brazil", "argentina"), ("brazil", "north-africa"),
    ("iceland", "scandinavia"), ("iceland", "great-britain"),
    ("scandinavia", "ukraine"), ("scandinavia", "great-britain"), ("scandinavia", "northern-europe"),
    ("ukraine", "northern-europe"), ("ukraine", "southern-europe"), ("ukraine", "ural"),
    ("ukraine", "afghanistan"), ("ukraine", "middle-east"),
    ("great-britain", "northern-europe"), ("great-britain", "western-europe"),
    ("northern-europe", "western-europe"), ("northern-europe", "southern-europe"),
    ("western-europe", "southern-europe"), ("western-europe", "north-africa"),
    ("southern-europe", "north-africa"), ("southern-europe", "egypt"), ("southern-europe", "middle-east"),
    ("north-africa", "egypt"), ("north-africa", "congo"), ("north-africa", "east-africa"),
    ("egypt", "east-africa"), ("egypt", "middle-east"),
    ("congo", "east-africa"), ("congo", "south-africa"),
    ("east-africa", "south-africa"), ("east-africa", "madagascar"), ("east-africa", "middle-east"),
    ("south-africa", "madagascar"),
    ("siberia", "ural"), ("siberia", "china"), ("siberia", "yakutsk"), ("siberia", "irkutsk"),
    ("siberia", "mongolia"),
    ("ural", "china"), ("ural", "afghanistan"),
    ("china", "afghanistan"), ("china", "india"), ("china", "siam"), ("china", "mongolia"),
    ("afghanistan", "middle-east"), ("afghanistan", "india"),
    ("middle-east", "india"),
    ("india", "siam"),
    ("siam", "indonesia"),
    ("yakutsk", "irkutsk"), ("yakutsk", "kamchatka"),
    ("irkutsk", "mongolia"), ("irkutsk", "kamchatka"),
    ("mongolia", "japan"), ("mongolia", "kamchatka"),
    ("japan", "kamchatka"),
    ("indonesia", "new-guinea"), ("indonesia", "western-australia"),
    ("new-guinea", "western-australia"), ("new-guinea", "eastern-australia"),
    ("western-australia", "eastern-australia"),
)


def _adjacency() -> dict[str, frozenset[str]]:
    table: dict[str, set[str]] = {t: set() for t in TERRITORIES}
    for a, b in BORDERS:
        table[a].add(b)
        table[b].add(a)
    return {t: frozenset(n) for t, n in table.items()}


ADJACENCY: dict[str, frozenset[str]] = _adjacency()


def neighbours(territory_id: str) -> list[str]:
    """Territories bordering `territory_id` by land or by a (dashed) sea line, sorted."""
    if territory_id not in ADJACENCY:
        raise ValueError(f"unknown territory {territory_id!r}")
    return sorted(ADJACENCY[territory_id])


def is_sea_link(a: str, b: str) -> bool:
    """True when the border between `a` and `b` crosses the sea (a dashed line)."""
    if b not in neighbours(a):
        raise ValueError(f"{a!r} and {b!r} do not border each other")
    return frozenset((a, b)) in SEA_LINKS


def continent_bonus(owned) -> int:
    """Bonus armies for the continents completely held in the collection `owned`."""
    held = set(owned)
    return sum(bonus for bonus, members in CONTINENTS.values() if held.issuperset(members))


# --- cards -----------------------------------------------------------------

HAND_LIMIT = 5
TRADE_IN_TABLE = (4, 6, 8, 10, 12, 15)  # sets 1..6 traded in the whole game
TRADE_IN_STEP = 5  # each set after the 6th is worth 5 more
TERRITORY_BONUS = 2  # extra armies for a traded card showing an owned territory
TERRITORY_BONUS_READINGS = ("per-card", "max-two-per-turn")


def trade_in_armies(set_number: int) -> int:
    """Armies for the `set_number`-th set traded in the game (counted over all players)."""
    if set_number < 1:
        raise ValueError("sets are counted from 1")
    if set_number <= len(TRADE_IN_TABLE):
        return TRADE_IN_TABLE[set_number - 1]
    return TRADE_IN_TABLE[-1] + TRADE_IN_STEP * (set_number - len(TRADE_IN_TABLE))


def must_trade(hand_size: int) -> bool:
    """True when a player starting the turn with `hand_size` cards has to trade a set."""
    if hand_size < 0:
        raise ValueError("a hand cannot hold fewer than 0 cards")
    return hand_size >= HAND_LIMIT


def territory_bonus(traded_cards_owned: int, reading: str = "per-card") -> int:
    """Extra armies for one trade in which `traded_cards_owned` of the 3 cards show own territories.

    ``per-card`` (German edition, seed 000): 2 armies for every such card.
    ``max-two-per-turn`` (English 1993 edition, seed 003): 2 armies if any card
    shows an own territory, never more than 2 in a turn.
    """
    if not 0 <= traded_cards_owned <= 3:
        raise ValueError("a set has 3 cards")
    if reading == "per-card":
        return TERRITORY_BONUS * traded_cards_owned
    if reading == "max-two-per-turn":
        return TERRITORY_BONUS if traded_cards_owned else 0
    raise ValueError(f"unknown reading {reading!r}; readings: {', '.join(TERRITORY_BONUS_READINGS)}")


# --- battle ----------------------------------------------------------------

MAX_ATTACK_DICE = 3
MAX_DEFENCE_DICE = 2


def can_attack(armies_in_territory: int) -> bool:
    """An attack needs at least 2 armies in the attacking territory."""
    return armies_in_territory >= 2


def max_attack_dice(armies: int) -> int:
    """Most dice the attacker may roll: one army more than dice must stand in the territory."""
    return max(0, min(MAX_ATTACK_DICE, armies - 1))


def max_defence_dice(armies: int) -> int:
    """Most dice the defender may roll: 2 dice need at least 2 armies."""
    return max(0, min(MAX_DEFENCE_DICE, armies))


def _check_dice(dice, most: int, who: str) -> None:
    if not 1 <= len(dice) <= most:
        raise ValueError(f"the {who} rolls 1 to {most} dice")
    if any(not 1 <= d <= 6 for d in dice):
        raise ValueError("dice show 1 to 6")


def resolve_roll(attacker_dice: list[int], defender_dice: list[int]) -> tuple[int, int]:
    """(attacker losses, defender losses) of one roll.

    The highest dice are compared in pairs; the higher die wins, a tie goes to
    the defender. Only as many pairs as the smaller number of dice are compared.
    """
    _check_dice(attacker_dice, MAX_ATTACK_DICE, "attacker")
    _check_dice(defender_dice, MAX_DEFENCE_DICE, "defender")
    attacker_losses = defender_losses = 0
    for a, d in zip(sorted(attacker_dice, reverse=True), sorted(defender_dice, reverse=True)):
        if a > d:
            defender_losses += 1
        else:
            attacker_losses += 1
    return attacker_losses, defender_losses


def battle_odds(attack_dice: int, defend_dice: int) -> dict[tuple[int, int], Fraction]:
    """Exact probability of each (attacker losses, defender losses) after one roll, keys sorted."""
    if not 1 <= attack_dice <= MAX_ATTACK_DICE or not 1 <= defend_dice <= MAX_DEFENCE_DICE:
        raise ValueError("1 to 3 attack dice and 1 to 2 defence dice")
    return dict(_enumerated_odds(attack_dice, defend_dice))


@lru_cache(maxsize=None)
def _enumerated_odds(attack_dice: int, defend_dice: int) -> tuple[tuple[tuple[int, int], Fraction], ...]:
    """All rolls enumerated once per dice combination (the result never changes)."""
    outcomes = Counter(
        resolve_roll(list(roll[:attack_dice]), list(roll[attack_dice:]))
        for roll in product(range(1, 7), repeat=attack_dice + defend_dice)
    )
    total = 6 ** (attack_dice + defend_dice)
    return tuple((key, Fraction(outcomes[key], total)) for key in sorted(outcomes))


# --- fortifying and elimination ---------------------------------------------


def fortify_reachable(start: str, owned) -> list[str]:
    """Own territories to which armies may be moved from `start` when fortifying, sorted.

    Both editions move armies only into a neighbouring territory of the same
    player; sea borders count (seed 000: along the dashed lines).
    """
    owned = set(owned)
    if start not in owned:
        raise ValueError(f"{start!r} is not among the owned territories")
    return [t for t in neighbours(start) if t in owned]


def is_eliminated(territories_owned) -> bool:
    """A player who holds no territory any more leaves the game.

    Accepts the number of territories held or a collection of them.
    """
    count = territories_owned if isinstance(territories_owned, int) else len(territories_owned)
    if count < 0:
        raise ValueError("a player cannot hold fewer than 0 territories")
    return count == 0
