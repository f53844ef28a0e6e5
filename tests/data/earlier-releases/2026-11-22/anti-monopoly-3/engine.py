"""Rules engine of Anti-Monopoly III "Washington - Moskau" (1987): pure functions, no I/O.

Its public names are the doctest namespace of the rule texts. Conventions:

- Money is counted in millions of dollars (one banknote = 1).
- The bomb stands on the arms spiral, numbered 24 (start) down to 0 (Zero).
  A bomb move of ``+n`` goes n fields forward (towards Zero), ``-n`` goes back.
- Pawn steps are positive forward, negative backward.
- Lane positions are field numbers; a loop lane of length L has fields 1..L and
  its negotiation field is step L + 1 (reached only with an exact roll).

Numbers the seed does not give (lane lengths, red fields of the spiral, the
danger field) are module constants marked RECONSTRUCTED; rules that the seed
states ambiguously take a ``reading=`` keyword (see ambiguities.yaml).
"""

from dataclasses import dataclass
from fractions import Fraction

# --- Seed facts --------------------------------------------------------------

DIE = range(1, 7)
SET_VALUES = (1, 2, 3, 4, 5)  # a cooperation set without the 6 (the normal game)
SET_VALUES_WITH_SIXES = (1, 2, 3, 4, 5, 6)  # variant of the addendum
SETS_IN_BOX = 6
HAND_SIZE = 5
START_MONEY = 5
BOMB_START = 24
ZERO = 0
ACCUSATION_SPOTS = 3
MONOPOLY_BOMB_MOVES = {"yellow-10": 1, "blue-8": 2, "red-10": 2}
SWAP_COMPENSATION = 5
SWAP_BOMB = -2
GOAL_EXTRA_ROLLS = 3
MEETING_ROLLS = 3

# --- RECONSTRUCTED (not in the seed; see boards.yaml) ------------------------

LANE_LENGTHS = {"yellow": 12, "blue": 10, "red": 12}  # yellow 12 follows from "yellow 8 + 5"
GREEN_LENGTH = 10
GREEN_HATCHED = frozenset({8, 9, 10})
RED_FIELDS = frozenset({10, 9, 8, 7, 6})
DANGER_FIELD = 3


# --- A. Rolling ----------------------------------------------------------------

def roll_options(roll: int) -> list[str]:
    """What a player may do with a roll: a 1 may be moved or rolled again."""
    _check_roll(roll)
    return ["move", "reroll"] if roll == 1 else ["move"]


# --- B. Next lane and the Atom-Mächte-Treffen --------------------------------

def negotiation_reached(position: int, roll: int, lane_length: int) -> bool:
    """True when `roll` from `position` ends exactly on the lane's negotiation field."""
    _check_roll(roll)
    return position + roll == lane_length + 1


def overshoots(position: int, roll: int, lane_length: int) -> bool:
    """True when the roll passes the negotiation field (an Atom-Mächte-Treffen follows)."""
    _check_roll(roll)
    return position + roll > lane_length + 1


def advance_on_loop(position: int, steps: int, lane_length: int) -> int:
    """Field after moving `steps` around a loop lane (after the last field comes field 1)."""
    if not 1 <= position <= lane_length:
        raise ValueError(f"field {position} is not on a lane of {lane_length} fields")
    return (position - 1 + steps) % lane_length + 1


@dataclass(frozen=True)
class MeetingResult:
    """Outcome of an Atom-Mächte-Treffen: where X ends and how the bomb moves."""

    reached: bool
    rolls_used: int
    position: int | str  # a field number, or "negotiation"
    bomb: int


def atom_meeting(position: int, first_roll: int, meeting_rolls: list[int], lane_length: int,
                 reading: str = "x-own-roll") -> MeetingResult:
    """X rolled `first_roll` (too high); Y rolls up to three times for the exact number.

    If no roll fits, X moves on along his loop and the bomb goes 1 forward. Under
    reading ``x-own-roll`` X moves his own first roll; under ``y-first-roll`` he
    moves the first number Y rolled.
    """
    if not overshoots(position, first_roll, lane_length):
        raise ValueError("an Atom-Mächte-Treffen follows only a roll that is too high")
    needed = lane_length + 1 - position
    rolls = list(meeting_rolls)[:MEETING_ROLLS]
    for used, roll in enumerate(rolls, start=1):
        _check_roll(roll)
        if roll == needed:
            return MeetingResult(True, used, "negotiation", 0)
    if len(rolls) < MEETING_ROLLS:
        raise ValueError("a failed meeting needs all three rolls")
    if reading == "x-own-roll":
        steps = first_roll
    elif reading == "y-first-roll":
        steps = rolls[0]
    else:
        raise ValueError(f"unknown reading {reading!r}")
    return MeetingResult(False, len(rolls), advance_on_loop(position, steps, lane_length), 1)


# --- Cooperation cards ---------------------------------------------------------

def coop_sets(players: int) -> int:
    """Sets in play: one per player plus one, but at most the 6 sets in the box."""
    _check_players(players)
    return min(players + 1, SETS_IN_BOX)


def coop_deck(players: int, with_sixes: bool = False) -> list[int]:
    """Sorted values of the cooperation cards in play."""
    values = SET_VALUES_WITH_SIXES if with_sixes else SET_VALUES
    return sorted(v for v in values for _ in range(coop_sets(players)))


def coop_deck_size(players: int, with_sixes: bool = False) -> int:
    """Number of cooperation cards in play."""
    return len(coop_deck(players, with_sixes))


def coop_field_cards(players: int, with_sixes: bool = False) -> int:
    """Cards left on the cooperation field after each player got 5."""
    return coop_deck_size(players, with_sixes) - HAND_SIZE * players


# --- D. Crisis fields --------------------------------------------------------------

@dataclass(frozen=True)
class CrisisResult:
    """Effects of a crisis: pawn steps and money (millions) for X and Y, bomb move."""

    x_steps: int
    y_steps: int
    x_money: int
    y_money: int
    bomb: int


CRISIS_OUTCOMES = ("1", "2a", "2b")


def crisis(outcome: str, card_value: int, y_steps: int | None = None) -> CrisisResult:
    """Resolve a crisis field. X showed a card of `card_value`.

    ``"1"``: Y has no card of that value. ``"2a"``: Y shows it (cooperation).
    ``"2b"``: Y refuses; he moves `y_steps` (1, 2 or 3) and is paid the card value + 2.
    """
    if card_value not in SET_VALUES_WITH_SIXES:
        raise ValueError(f"no cooperation card has the value {card_value}")
    if outcome == "1":
        return CrisisResult(x_steps=-1, y_steps=0, x_money=-card_value, y_money=0, bomb=2)
    if outcome == "2a":
        return CrisisResult(x_steps=2, y_steps=2, x_money=2, y_money=2, bomb=-1)
    if outcome == "2b":
        if y_steps not in (1, 2, 3):
            raise ValueError("a refusing player moves 1, 2 or 3 fields")
        return CrisisResult(x_steps=-2, y_steps=y_steps, x_money=0, y_money=card_value + 2, bomb=3)
    raise ValueError(f"unknown crisis outcome {outcome!r}; outcomes: {', '.join(CRISIS_OUTCOMES)}")


# --- E. Monopoly fields -----------------------------------------------------------

def monopoly_payout(field: str, printed_sum: int) -> int:
    """Money collected on a monopoly field that is not broken: twice the printed sum."""
    _check_monopoly(field)
    return 2 * printed_sum


def monopoly_bomb_moves(field: str) -> int:
    """Bomb fields forward after collecting on a monopoly field."""
    _check_monopoly(field)
    return MONOPOLY_BOMB_MOVES[field]


def monopoly_broken(covered_spots: int) -> bool:
    """A monopoly is broken when all three accusation spots hold a chip."""
    return covered_spots >= ACCUSATION_SPOTS


def monopoly_choices(covered_spots: int, money: int, price: int, reading: str = "short-rules") -> list[str]:
    """The choices of a player landing on a monopoly field.

    Broken monopoly: an extra turn. Otherwise collect, or accuse if he can pay the
    chip. Reading ``short-rules`` adds "nothing" for a player who cannot pay;
    reading ``rule-e`` knows only the two choices of rule E.
    """
    if monopoly_broken(covered_spots):
        return ["extra-turn"]
    choices = ["collect"]
    if money >= price:
        choices.append("accuse")
    elif reading == "short-rules":
        choices.append("nothing")
    elif reading != "rule-e":
        raise ValueError(f"unknown reading {reading!r}")
    return choices


def accusation_price(printed_price: int, on_green_1: bool = False) -> int:
    """Price of an accusation chip; double while standing on Grün 1 after the hatched penalty."""
    return 2 * printed_price if on_green_1 else printed_price


# --- F. Negotiation fields ---------------------------------------------------------

def negotiation(roll: int) -> tuple[int, int]:
    """(money in millions, bomb move) of the second roll on a negotiation field."""
    _check_roll(roll)
    if roll <= 2:
        return (0, 2)
    return (roll, -1)


def negotiation_distribution() -> dict[tuple[int, int], Fraction]:
    """Exact probability of each negotiation outcome."""
    result: dict[tuple[int, int], Fraction] = {}
    for roll in DIE:
        outcome = negotiation(roll)
        result[outcome] = result.get(outcome, Fraction(0)) + Fraction(1, 6)
    return dict(sorted(result.items()))


# --- G. The bomb -----------------------------------------------------------------------

BOMB_READINGS = ("as-stated", "cap-one-per-turn")


def move_bomb(position: int, fields: int, reading: str = "as-stated") -> int:
    """Bomb position after one move, never behind 24 and never past Zero.

    Reading ``cap-one-per-turn`` moves it at most 1 field forward (rule G taken literally).
    """
    return bomb_turn(position, [fields], reading)


def bomb_turn(position: int, moves: list[int], reading: str = "as-stated") -> int:
    """Bomb position after all moves of one turn (see `move_bomb` for the readings)."""
    if reading not in BOMB_READINGS:
        raise ValueError(f"unknown reading {reading!r}; readings: {', '.join(BOMB_READINGS)}")
    if not ZERO <= position <= BOMB_START:
        raise ValueError(f"the spiral has no field {position}")
    forward_left = 1 if reading == "cap-one-per-turn" else None
    for fields in moves:
        if fields > 0 and forward_left is not None:
            fields, forward_left = min(fields, forward_left), forward_left - min(fields, forward_left)
        position = max(ZERO, min(BOMB_START, position - fields))
        if position == ZERO:
            break
    return position


def red_field_triggered(position: int, already_used: bool) -> bool:
    """True when the bomb has landed on a red field and the one-time rule is still unused."""
    return position in RED_FIELDS and not already_used


def red_field_success(position: int) -> int:
    """Bomb position after the asked player showed the named card: 5 fields back."""
    return move_bomb(position, -5)


def game_lost(position: int) -> bool:
    """All players lose as soon as the bomb stands on Zero."""
    return position == ZERO


def disarmament_possible(position: int) -> bool:
    """The "all win" ending may be tried once the bomb stands on the danger field."""
    return position == DANGER_FIELD


# --- H. No money -----------------------------------------------------------------------

@dataclass(frozen=True)
class Payment:
    """A payment to the bank: the payer's new balance, bomb move, what helpers pay."""

    balance: int
    bomb: int
    helpers_pay: int


def pay(balance: int, amount: int, helped: bool = False, reading: str = "double") -> Payment:
    """Pay `amount` from `balance`. Who cannot pay it all pays what he has and the bomb
    moves 1 forward, unless other players take over (reading ``double``: they pay
    twice the amount; ``plain``: they pay the amount)."""
    if amount < 0 or balance < 0:
        raise ValueError("amounts and balances are not negative")
    if balance >= amount:
        return Payment(balance - amount, 0, 0)
    if helped:
        factor = {"double": 2, "plain": 1}.get(reading)
        if factor is None:
            raise ValueError(f"unknown reading {reading!r}")
        return Payment(balance, 0, factor * amount)
    return Payment(0, 1, 0)


# --- I. Green lane -----------------------------------------------------------------------

def green_landing(field: int, all_monopolies_broken: bool) -> tuple[int, int]:
    """(field, bomb move) after landing on green `field`: a hatched field before all
    monopolies are broken sends the pawn back to Grün 1 and the bomb 1 forward."""
    if not 1 <= field <= GREEN_LENGTH:
        raise ValueError(f"the green lane has no field {field}")
    if field in GREEN_HATCHED and not all_monopolies_broken:
        return (1, 1)
    return (field, 0)


def may_accuse_instead_of_moving(field: int) -> bool:
    """On the green lane a player may skip his move to accuse, except on hatched fields."""
    return 1 <= field <= GREEN_LENGTH and field not in GREEN_HATCHED


# --- J. Winning ----------------------------------------------------------------------------

@dataclass(frozen=True)
class GoalAttempt:
    """Outcome of rolling for Weltfrieden: "win", "swap" (position swap) or "back" (steps back)."""

    outcome: str
    steps: int


def goal_attempt(needed: int, extra_rolls: list[int], swap_done: bool,
                 reading: str = "once-per-game") -> GoalAttempt:
    """After a too-high roll, up to three extra rolls for exactly `needed`.

    The first player to fail causes the position swap; later failures move the
    pawn back by the third extra roll. Reading ``once-per-game``: `swap_done`
    is whether a swap has happened in this game; ``once-per-round``: in this round.
    """
    if reading not in ("once-per-game", "once-per-round"):
        raise ValueError(f"unknown reading {reading!r}")
    rolls = list(extra_rolls)[:GOAL_EXTRA_ROLLS]
    for roll in rolls:
        _check_roll(roll)
        if roll == needed:
            return GoalAttempt("win", needed)
    if len(rolls) < GOAL_EXTRA_ROLLS:
        raise ValueError("a failed attempt needs all three extra rolls")
    if not swap_done:
        return GoalAttempt("swap", 0)
    return GoalAttempt("back", -rolls[-1])


def position_swap(order: list[str]) -> list[str]:
    """New order after a position swap. `order` lists the players from the front
    (the failing player) to the last: 1st and last change places, 2nd and
    second-to-last, ...; a middle player stays."""
    if len(set(order)) != len(order):
        raise ValueError("a player appears twice")
    return list(reversed(order))


def swap_compensation(order: list[str]) -> dict[str, int]:
    """Players set back by the swap (the front half) and their compensation in millions."""
    return {player: SWAP_COMPENSATION for player in sorted(order[: len(order) // 2])}


def all_win_threshold(players: int) -> int:
    """The dice sum of all players must be greater than this for the "all win" ending."""
    _check_players(players)
    return 3 * players


def all_win(players: int, rolls: list[int]) -> bool:
    """True when one die per player sums to more than the threshold."""
    if len(rolls) != players:
        raise ValueError("every player rolls one die")
    for roll in rolls:
        _check_roll(roll)
    return sum(rolls) > all_win_threshold(players)


def dice_sum_distribution(dice: int) -> dict[int, Fraction]:
    """Exact distribution of the sum of `dice` six-sided dice (by convolution)."""
    dist = {0: Fraction(1)}
    for _ in range(dice):
        step: dict[int, Fraction] = {}
        for total, p in dist.items():
            for face in DIE:
                step[total + face] = step.get(total + face, Fraction(0)) + p / 6
        dist = step
    return dict(sorted(dist.items()))


def all_win_probability(players: int) -> Fraction:
    """Exact probability that the "all win" roll succeeds."""
    threshold = all_win_threshold(players)
    return sum((p for total, p in dice_sum_distribution(players).items() if total > threshold), Fraction(0))


def track_index(lane: str, field: int) -> int:
    """Fields from the start to a lane field, counting each negotiation field as 1
    (used to rank pawns). The field before a lane's field 1 is the start or the
    previous lane's negotiation field."""
    order = ["yellow", "blue", "red", "green"]
    if lane not in order:
        raise ValueError(f"unknown lane {lane!r}")
    length = GREEN_LENGTH + 1 if lane == "green" else LANE_LENGTHS[lane] + 1  # + its exit
    if not 0 <= field <= length:
        raise ValueError(f"lane {lane} has no field {field}")
    before = sum(LANE_LENGTHS[name] + 1 for name in order[: order.index(lane)])
    return before + field


GOAL_INDEX = sum(LANE_LENGTHS.values()) + len(LANE_LENGTHS) + GREEN_LENGTH + 1


def advance_by_money(position: int, money: int, goal: int) -> tuple[int, int]:
    """Final advance of the "all win" ending: one field per banknote, stopping at the
    goal; returns (field, money left over at the goal)."""
    reached = min(position + money, goal)
    return (reached, money - (reached - position))


# --- helpers -------------------------------------------------------------------------------

def _check_roll(roll: int) -> None:
    if roll not in DIE:
        raise ValueError(f"a die shows 1 to 6, not {roll}")


def _check_players(players: int) -> None:
    if not 2 <= players <= 6:
        raise ValueError(f"the game is for 2 to 6 players, not {players}")


def _check_monopoly(field: str) -> None:
    if field not in MONOPOLY_BOMB_MOVES:
        raise ValueError(f"{field!r} is not a monopoly field; monopoly fields: {', '.join(MONOPOLY_BOMB_MOVES)}")
