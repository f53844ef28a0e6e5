"""Rules engine of Risk (Risiko): pure functions, no I/O.

Its public names are the doctest namespace of the rule texts and the quick
reference. The map (territories, continents, the 83 borders and which of them
cross the sea) is kept here as constants because the engine may not read
files; tests/content/test_risk_engine.py asserts that they equal the board in
boards.yaml, so the two cannot drift apart.

Sources: seed 000 (German Risiko edition), seed 003 (English RISK rulebook
1993), public map facts (see game.yaml `sources`). Where the editions differ,
a function takes a keyword parameter named like the ambiguity's
``engine_option`` (see ambiguities.yaml); Rulepress passes the reading chosen
in game.yaml ``engine_options``.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from itertools import product

# --- map -------------------------------------------------------------------

#: continent id -> (bonus armies, territory ids)
CONTINENTS: dict[str, tuple[int, tuple[str, ...]]] = {
    "north-america": (
        5,
        (
            "alaska",
            "northwest-territory",
            "greenland",
            "alberta",
            "ontario",
            "quebec",
            "western-us",
            "eastern-us",
            "central-america",
        ),
    ),
    "south-america": (2, ("venezuela", "peru", "brazil", "argentina")),
    "europe": (
        5,
        ("iceland", "scandinavia", "ukraine", "great-britain", "northern-europe", "western-europe", "southern-europe"),
    ),
    "africa": (3, ("north-africa", "egypt", "congo", "east-africa", "south-africa", "madagascar")),
    "asia": (
        7,
        (
            "siberia",
            "ural",
            "china",
            "afghanistan",
            "middle-east",
            "india",
            "siam",
            "yakutsk",
            "irkutsk",
            "mongolia",
            "japan",
            "kamchatka",
        ),
    ),
    "australia": (2, ("indonesia", "new-guinea", "western-australia", "eastern-australia")),
}

TERRITORIES: tuple[str, ...] = tuple(t for _, members in CONTINENTS.values() for t in members)

#: Links crossing water: drawn dashed on the board (seed 000: fortifying over the sea
#: is allowed along the dashed lines). Which borders cross water is reconstructed from geography.
SEA_LINKS: frozenset[frozenset[str]] = frozenset(
    frozenset(pair)
    for pair in (
        ("alaska", "kamchatka"),
        ("greenland", "northwest-territory"),
        ("greenland", "ontario"),
        ("greenland", "quebec"),
        ("greenland", "iceland"),
        ("iceland", "scandinavia"),
        ("iceland", "great-britain"),
        ("scandinavia", "great-britain"),
        ("scandinavia", "northern-europe"),
        ("great-britain", "northern-europe"),
        ("great-britain", "western-europe"),
        ("brazil", "north-africa"),
        ("western-europe", "north-africa"),
        ("southern-europe", "north-africa"),
        ("southern-europe", "egypt"),
        ("east-africa", "middle-east"),
        ("east-africa", "madagascar"),
        ("south-africa", "madagascar"),
        ("japan", "mongolia"),
        ("japan", "kamchatka"),
        ("siam", "indonesia"),
        ("indonesia", "new-guinea"),
        ("indonesia", "western-australia"),
        ("new-guinea", "western-australia"),
        ("new-guinea", "eastern-australia"),
    )
)

#: Every border once (83), land and sea, as in the public classic map.
BORDERS: tuple[tuple[str, str], ...] = (
    ("alaska", "northwest-territory"),
    ("alaska", "alberta"),
    ("alaska", "kamchatka"),
    ("northwest-territory", "alberta"),
    ("northwest-territory", "greenland"),
    ("northwest-territory", "ontario"),
    ("alberta", "western-us"),
    ("alberta", "ontario"),
    ("western-us", "central-america"),
    ("western-us", "ontario"),
    ("western-us", "eastern-us"),
    ("central-america", "eastern-us"),
    ("central-america", "venezuela"),
    ("greenland", "ontario"),
    ("greenland", "quebec"),
    ("greenland", "iceland"),
    ("ontario", "quebec"),
    ("ontario", "eastern-us"),
    ("quebec", "eastern-us"),
    ("venezuela", "peru"),
    ("venezuela", "brazil"),
    ("peru", "brazil"),
    ("peru", "argentina"),
    ("brazil", "argentina"),
    ("brazil", "north-africa"),
    ("iceland", "scandinavia"),
    ("iceland", "great-britain"),
    ("scandinavia", "ukraine"),
    ("scandinavia", "great-britain"),
    ("scandinavia", "northern-europe"),
    ("ukraine", "northern-europe"),
    ("ukraine", "southern-europe"),
    ("ukraine", "ural"),
    ("ukraine", "afghanistan"),
    ("ukraine", "middle-east"),
    ("great-britain", "northern-europe"),
    ("great-britain", "western-europe"),
    ("northern-europe", "western-europe"),
    ("northern-europe", "southern-europe"),
    ("western-europe", "southern-europe"),
    ("western-europe", "north-africa"),
    ("southern-europe", "north-africa"),
    ("southern-europe", "egypt"),
    ("southern-europe", "middle-east"),
    ("north-africa", "egypt"),
    ("north-africa", "congo"),
    ("north-africa", "east-africa"),
    ("egypt", "east-africa"),
    ("egypt", "middle-east"),
    ("congo", "east-africa"),
    ("congo", "south-africa"),
    ("east-africa", "south-africa"),
    ("east-africa", "madagascar"),
    ("east-africa", "middle-east"),
    ("south-africa", "madagascar"),
    ("siberia", "ural"),
    ("siberia", "china"),
    ("siberia", "yakutsk"),
    ("siberia", "irkutsk"),
    ("siberia", "mongolia"),
    ("ural", "china"),
    ("ural", "afghanistan"),
    ("china", "afghanistan"),
    ("china", "india"),
    ("china", "siam"),
    ("china", "mongolia"),
    ("afghanistan", "middle-east"),
    ("afghanistan", "india"),
    ("middle-east", "india"),
    ("india", "siam"),
    ("siam", "indonesia"),
    ("yakutsk", "irkutsk"),
    ("yakutsk", "kamchatka"),
    ("irkutsk", "mongolia"),
    ("irkutsk", "kamchatka"),
    ("mongolia", "japan"),
    ("mongolia", "kamchatka"),
    ("japan", "kamchatka"),
    ("indonesia", "new-guinea"),
    ("indonesia", "western-australia"),
    ("new-guinea", "western-australia"),
    ("new-guinea", "eastern-australia"),
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

PLAYERS = (2, 6)  # public fact (shared/reference/README.md)
TERRITORY_CARDS = 42  # 14 each of infantry, cavalry, artillery (public fact)
WILD_CARDS = 2  # public fact
HAND_LIMIT = 5
TRADE_IN_TABLE = (4, 6, 8, 10, 12, 15)  # sets 1..6 traded in the whole game
TRADE_IN_STEP = 5  # each set after the 6th is worth 5 more
TERRITORY_BONUS = 2  # extra armies for a traded card showing an owned territory
TERRITORY_BONUS_READINGS = ("per-card", "max-two-per-turn")


def trade_in_armies(set_number: int, first_sets: str = "public-4-6") -> int | None:
    """Armies for the `set_number`-th set traded in the game (counted over all players).

    The seeds start at the 3rd set. ``public-4-6``: the 1st and 2nd set bring
    4 and 6 armies (public fact); ``unknown``: their value is None.
    """
    if set_number < 1:
        raise ValueError("sets are counted from 1")
    if first_sets not in ("public-4-6", "unknown"):
        raise ValueError(f"unknown reading {first_sets!r}; readings: public-4-6, unknown")
    if set_number <= 2 and first_sets == "unknown":
        return None
    if set_number <= len(TRADE_IN_TABLE):
        return TRADE_IN_TABLE[set_number - 1]
    return TRADE_IN_TABLE[-1] + TRADE_IN_STEP * (set_number - len(TRADE_IN_TABLE))


SET_COUNT_READINGS = ("sets-in-game", "players")


def trade_values(traders, set_count: str = "sets-in-game", first_sets: str = "public-4-6") -> list[int | None]:
    """Armies of each trade, for the players who trade in the order given.

    ``sets-in-game`` (seed 003, and seed 000's examples): every set traded by
    anyone moves the count on, so a player's second set counts too.
    ``players`` (the literal words of seed 000, "der 3. Spieler, der eine Serie
    eintauscht"): the count is the number of different players who have traded.
    `first_sets` is passed on to `trade_in_armies` (the 1st and 2nd set may be unknown).
    """
    if set_count not in SET_COUNT_READINGS:
        raise ValueError(f"unknown reading {set_count!r}; readings: {', '.join(SET_COUNT_READINGS)}")
    values: list[int | None] = []
    seen: list = []
    for number, player in enumerate(traders, start=1):
        if player not in seen:
            seen.append(player)
        values.append(trade_in_armies(number if set_count == "sets-in-game" else len(seen), first_sets=first_sets))
    return values


def must_trade(hand_size: int) -> bool:
    """True when a player starting the turn with `hand_size` cards has to trade a set."""
    if hand_size < 0:
        raise ValueError("a hand cannot hold fewer than 0 cards")
    return hand_size >= HAND_LIMIT


TRADE_PHASES = ("start", "attack", "fortify")
TRADE_TIME_READINGS = ("start-of-turn", "own-turn")


def may_trade(phase: str, over_limit: bool = False, trade_time: str = "start-of-turn") -> bool:
    """May a player trade a set in this `phase` of his own turn (``start``, ``attack``, ``fortify``)?

    At the start of the turn always. ``start-of-turn`` (seed 003 l.99-108: the armies are placed at
    the beginning of the turn, then come the attacks; seed 000 l.12-13 ties the forced trade to the
    turn's start): later in the turn only a player over the hand limit (`over_limit`, for instance
    after taking an eliminated player's cards) trades. ``own-turn`` (seed 000 l.9-10 only says a set
    need not be traded at once, not when it may be): at any moment of his own turn.
    """
    if trade_time not in TRADE_TIME_READINGS:
        raise ValueError(f"unknown reading {trade_time!r}; readings: {', '.join(TRADE_TIME_READINGS)}")
    if phase not in TRADE_PHASES:
        raise ValueError(f"unknown phase {phase!r}; phases: {', '.join(TRADE_PHASES)}")
    return phase == "start" or over_limit or trade_time == "own-turn"


def territory_bonus(traded_cards_owned: int, territory_bonus: str = "per-card") -> int:
    """Extra armies for one trade in which `traded_cards_owned` of the 3 cards show own territories.

    ``per-card`` (German edition, seed 000): 2 armies for every such card.
    ``max-two-per-turn`` (English 1993 edition, seed 003): 2 armies if any card
    shows an own territory, never more than 2 in a turn.
    """
    if not 0 <= traded_cards_owned <= 3:
        raise ValueError("a set has 3 cards")
    if territory_bonus == "per-card":
        return TERRITORY_BONUS * traded_cards_owned
    if territory_bonus == "max-two-per-turn":
        return TERRITORY_BONUS if traded_cards_owned else 0
    raise ValueError(f"unknown reading {territory_bonus!r}; readings: {', '.join(TERRITORY_BONUS_READINGS)}")


LIBERATED_READINGS = ("owned-now", "captured")


def bonus_cards(cards, owned, captured=(), liberated: str = "owned-now") -> int:
    """How many of the traded `cards` (territory ids; a wild card has none) earn the extra armies.

    Seed 000 speaks of territories the player "has already liberated".
    ``owned-now``: every territory he holds now (as seed 003: "a territory you
    occupy"); ``captured``: only those he holds and took by attack
    (`captured`), not those he was given at the start.
    """
    if liberated not in LIBERATED_READINGS:
        raise ValueError(f"unknown reading {liberated!r}; readings: {', '.join(LIBERATED_READINGS)}")
    cards = list(cards)
    if len(cards) != 3:
        raise ValueError("a set has 3 cards")
    qualifying = set(owned) if liberated == "owned-now" else set(owned) & set(captured)
    return sum(1 for card in cards if card in qualifying)


# --- battle ----------------------------------------------------------------

MAX_ATTACK_DICE = 3
MAX_DEFENCE_DICE = 2


SEED_003_NORTH_AFRICA = ("brazil", "egypt", "western-europe")  # the targets seed 003 names


def attack_targets(territory: str, north_africa_targets: str = "partial-example") -> list[str]:
    """Territories `territory` may attack, sorted: its neighbours by land or by a dashed line.

    ``partial-example``: seed 003's list for North Africa is an example and
    every neighbour on the map counts; ``exhaustive``: North Africa may attack
    only the three territories the seed names.
    """
    if north_africa_targets not in ("partial-example", "exhaustive"):
        raise ValueError(f"unknown reading {north_africa_targets!r}; readings: partial-example, exhaustive")
    if territory == "north-africa" and north_africa_targets == "exhaustive":
        return list(SEED_003_NORTH_AFRICA)
    return neighbours(territory)


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


@cache
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


OCCUPY_READINGS = ("at-least-dice", "at-least-one")


def occupy_range(armies: int, dice_rolled: int, occupy: str = "at-least-dice") -> tuple[int, int]:
    """Fewest and most armies that move from the attacking territory (holding `armies`) into the
    territory just captured with a last roll of `dice_rolled` dice.

    At least 1 army stays behind (public). ``at-least-dice`` (English rulebook 1993, public; seed 003
    only hints that more dice can require more armies to move in): at least as many armies as dice
    rolled; ``at-least-one`` (reconstructed; seed 000 is silent): at least 1.
    """
    if occupy not in OCCUPY_READINGS:
        raise ValueError(f"unknown reading {occupy!r}; readings: {', '.join(OCCUPY_READINGS)}")
    if not 1 <= dice_rolled <= max_attack_dice(armies):
        raise ValueError(f"with {armies} armies the attacker rolls 1 to {max_attack_dice(armies)} dice")
    return (dice_rolled if occupy == "at-least-dice" else 1), armies - 1


# --- draw pile and hands ----------------------------------------------------

REUSE_ORDER_READINGS = ("shuffled", "as-traded")
HAND_LIMIT_READINGS = ("five-at-all-times", "english-1993")


@dataclass(frozen=True)
class CardPiles:
    """The face-down draw pile (top card first) and the traded cards set aside (oldest first)."""

    draw: tuple[str, ...] = ()
    traded: tuple[str, ...] = ()


def set_aside(piles: CardPiles, cards) -> CardPiles:
    """Traded cards leave the game: they go onto the pile of traded cards (seed 000)."""
    return replace(piles, traded=piles.traded + tuple(cards))


def draw_card(piles: CardPiles, reuse_order: str = "shuffled", seed: int = 0) -> tuple[str | None, CardPiles]:
    """Take the top card; an empty draw pile is first rebuilt from the traded cards.

    ``shuffled``: the traded cards are shuffled into a new pile (with a
    ``random.Random(seed)``, so the same seed gives the same pile).
    ``as-traded``: they form the new pile in the order they were traded.
    With both piles empty there is no card to draw: ``(None, piles)``.
    """
    if reuse_order not in REUSE_ORDER_READINGS:
        raise ValueError(f"unknown reading {reuse_order!r}; readings: {', '.join(REUSE_ORDER_READINGS)}")
    if not piles.draw:
        if not piles.traded:
            return None, piles
        cards = list(piles.traded)
        if reuse_order == "shuffled":
            random.Random(seed).shuffle(cards)
        piles = CardPiles(tuple(cards), ())
    return piles.draw[0], replace(piles, draw=piles.draw[1:])


ELIMINATED_CARDS_READINGS = ("to-eliminator", "set-aside")


def take_cards(
    hand, eliminated_hand, piles: CardPiles, eliminated_cards: str = "to-eliminator"
) -> tuple[tuple[str, ...], CardPiles]:
    """The hand of the player who eliminated an opponent, and the piles, after the opponent's cards
    (`eliminated_hand`) are dealt with.

    ``to-eliminator`` (English rulebook 1993, public; both seeds are silent): the eliminating player
    takes them (then `sets_to_trade` says how many sets he trades at once); ``set-aside``
    (reconstructed from seed 000's traded cards): they leave the game like traded cards and are
    reused when the draw pile runs out.
    """
    if eliminated_cards not in ELIMINATED_CARDS_READINGS:
        raise ValueError(f"unknown reading {eliminated_cards!r}; readings: {', '.join(ELIMINATED_CARDS_READINGS)}")
    if eliminated_cards == "to-eliminator":
        return tuple(hand) + tuple(eliminated_hand), piles
    return tuple(hand), set_aside(piles, eliminated_hand)


def largest_hand(hand_limit: str = "five-at-all-times") -> int:
    """Most cards a hand may hold between trades.

    ``five-at-all-times`` (German edition, seed 000): never more than 5.
    ``english-1993`` (English rulebook 1993, public; not in seed 003's pages):
    5 or 6 cards at the start of a turn force a trade, so a hand may hold 6.
    """
    if hand_limit == "five-at-all-times":
        return HAND_LIMIT
    if hand_limit == "english-1993":
        return HAND_LIMIT + 1
    raise ValueError(f"unknown reading {hand_limit!r}; readings: {', '.join(HAND_LIMIT_READINGS)}")


def may_take_card(hand_size: int, hand_limit: str = "five-at-all-times") -> bool:
    """True when a hand of `hand_size` cards may take one more card without breaking the limit."""
    if hand_size < 0:
        raise ValueError("a hand cannot hold fewer than 0 cards")
    return hand_size + 1 <= largest_hand(hand_limit=hand_limit)


def sets_to_trade(hand_size: int, hand_limit: str = "five-at-all-times") -> int:
    """Fewest sets a player must trade at once after gaining cards (for instance from an eliminated player).

    ``five-at-all-times``: trade until the hand holds at most 5 cards.
    ``english-1993``: a hand of 6 or more is traded down to 4 or fewer.
    """
    if hand_size < 0:
        raise ValueError("a hand cannot hold fewer than 0 cards")
    if hand_limit == "five-at-all-times":
        target = HAND_LIMIT
    elif hand_limit == "english-1993":
        target = HAND_LIMIT - 1 if hand_size > HAND_LIMIT else hand_size
    else:
        raise ValueError(f"unknown reading {hand_limit!r}; readings: {', '.join(HAND_LIMIT_READINGS)}")
    return max(0, -(-(hand_size - target) // 3))


# --- fortifying ----------------------------------------------------------------

FORTIFY_READINGS = ("many-adjacent", "one-move")
TOOK_PART_READINGS = ("fought", "fought-or-placed")
FORTIFY_STEPS_READINGS = ("one-step", "onward")
FORTIFY_TARGETS_READINGS = ("split", "one-target")
FOUGHT_COUNT_READINGS = ("dice", "whole-territory")


def fought_armies(
    armies: dict[str, int], attacks: dict[str, int], occupied=(), fought_count: str = "dice"
) -> dict[str, int]:
    """Armies of each own territory that fought this turn: the `fought` of `movable_armies` and `fortify`.

    `armies`: the armies per own territory now; `attacks`: for each territory attacked from, the most
    dice rolled from it; `occupied`: (from, to, count) for the armies moved into captured territories,
    which fought and stay bound there. ``dice`` (seed 000 l.25-26 locks armies, not territories):
    in a territory attacked from, as many armies as dice of its biggest roll, less those of them that
    moved on into a captured territory; ``whole-territory``: every army standing in a territory
    attacked from.
    """
    if fought_count not in FOUGHT_COUNT_READINGS:
        raise ValueError(f"unknown reading {fought_count!r}; readings: {', '.join(FOUGHT_COUNT_READINGS)}")
    locked = dict.fromkeys(armies, 0)
    moved_out: Counter[str] = Counter()
    for start, target, count in occupied:
        if start not in armies or target not in armies:
            raise ValueError(f"{start!r} and {target!r} must both be own territories")
        locked[target] += count
        moved_out[start] += count
    for territory, dice in attacks.items():
        if territory not in armies:
            raise ValueError(f"{territory!r} is not among the own territories")
        if not 1 <= dice <= MAX_ATTACK_DICE:
            raise ValueError(f"the attacker rolls 1 to {MAX_ATTACK_DICE} dice")
        whole = fought_count == "whole-territory"
        locked[territory] += armies[territory] if whole else max(0, dice - moved_out[territory])
    return {t: min(n, armies[t]) for t, n in locked.items()}


def movable_armies(
    armies: dict[str, int],
    fought: dict[str, int] | None = None,
    placed: dict[str, int] | None = None,
    took_part: str = "fought",
) -> dict[str, int]:
    """How many armies of each own territory may be moved when fortifying.

    Armies that took part this turn stay, and 1 army stays in every territory.
    Which armies "took part" (seed 000: "am Spiel beteiligt")? ``fought``:
    those that fought; ``fought-or-placed``: also the reinforcements `placed`
    this turn.
    """
    if took_part not in TOOK_PART_READINGS:
        raise ValueError(f"unknown reading {took_part!r}; readings: {', '.join(TOOK_PART_READINGS)}")
    stay = dict(fought or {})
    if took_part == "fought-or-placed":
        for territory, count in (placed or {}).items():
            stay[territory] = stay.get(territory, 0) + count
    return {t: max(0, n - stay.get(t, 0) - 1) for t, n in armies.items()}


def moves_allowed(fortify_moves: str = "many-adjacent") -> int | None:
    """How many fortifying moves a turn allows: None for any number (German), 1 (English 1993)."""
    if fortify_moves == "many-adjacent":
        return None
    if fortify_moves == "one-move":
        return 1
    raise ValueError(f"unknown reading {fortify_moves!r}; readings: {', '.join(FORTIFY_READINGS)}")


def fortify(
    armies: dict[str, int],
    moves,
    fought: dict[str, int] | None = None,
    placed: dict[str, int] | None = None,
    fortify_moves: str = "many-adjacent",
    took_part: str = "fought",
    fortify_steps: str = "one-step",
    fortify_targets: str = "split",
) -> dict[str, int]:
    """Armies per own territory after fortifying with `moves` of (from, to, count).

    `armies` holds the player's own territories; `fought` how many armies of a
    territory took part in this turn's fighting: those may not move (seed 000).
    Every move goes from an own territory into a bordering own one (sea lines
    count). ``one-step`` (reconstructed from seed 000, "from one bordering
    territory into the other"): armies that arrive may not move on;
    ``onward``: armies that arrived may move on in a later move of the same
    turn. At least 1 army stays in every territory (public rule of both
    editions; the seeds do not say it).

    ``many-adjacent`` (German edition, seed 000): moves in any number of
    territories at once; ``one-move`` (English 1993 rulebook, public; seed
    003 only refers to its page 10): a single move. `took_part`: see
    `movable_armies`. ``split`` (seed 000 limits the number of territories by nothing, l.32-33):
    the armies of one territory may go into several neighbours; ``one-target`` (seed 000's
    singular, "von einem benachbarten Land in das andere", l.27): each territory sends armies
    into one neighbour only.
    """
    if fortify_steps not in FORTIFY_STEPS_READINGS:
        raise ValueError(f"unknown reading {fortify_steps!r}; readings: {', '.join(FORTIFY_STEPS_READINGS)}")
    moves = list(moves)
    allowed = moves_allowed(fortify_moves=fortify_moves)
    if allowed is not None and len(moves) > allowed:
        raise ValueError("the English 1993 rules allow one fortifying move")
    _check_targets(moves, fortify_targets)
    movable = movable_armies(armies, fought, placed, took_part=took_part)
    result = dict(armies)
    for start, target, count in moves:
        if start not in armies or target not in armies:
            raise ValueError(f"{start!r} and {target!r} must both be own territories")
        if target not in ADJACENCY[start]:
            raise ValueError(f"{start!r} and {target!r} do not border each other")
        if count < 1:
            raise ValueError("a move carries at least 1 army")
        if count > movable[start]:
            raise ValueError(
                f"only {movable[start]} armies of {start!r} may move (armies that took part stay, 1 army stays)"
            )
        movable[start] -= count
        if fortify_steps == "onward":
            movable[target] += count
        result[start] -= count
        result[target] += count
    return result


def _check_targets(moves, fortify_targets: str) -> None:
    """Under ``one-target`` no territory sends armies into two different neighbours."""
    if fortify_targets not in FORTIFY_TARGETS_READINGS:
        raise ValueError(f"unknown reading {fortify_targets!r}; readings: {', '.join(FORTIFY_TARGETS_READINGS)}")
    targets: dict[str, set[str]] = {}
    for start, target, _count in moves:
        targets.setdefault(start, set()).add(target)
    split = sorted(start for start, found in targets.items() if len(found) > 1)
    if fortify_targets == "one-target" and split:
        raise ValueError(f"{split[0]!r} sends armies into more than one neighbour (reading one-target)")


def may_fortify(
    armies: dict[str, int],
    moves,
    fought: dict[str, int] | None = None,
    placed: dict[str, int] | None = None,
    fortify_moves: str = "many-adjacent",
    took_part: str = "fought",
    fortify_steps: str = "one-step",
    fortify_targets: str = "split",
) -> bool:
    """Are these fortifying `moves` allowed (see `fortify`)?"""
    try:
        fortify(
            armies,
            moves,
            fought,
            placed,
            fortify_moves=fortify_moves,
            took_part=took_part,
            fortify_steps=fortify_steps,
            fortify_targets=fortify_targets,
        )
    except ValueError as error:
        if str(error).startswith("unknown reading"):
            raise
        return False
    return True
