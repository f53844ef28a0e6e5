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
states ambiguously take a keyword parameter named like the ambiguity's
``engine_option`` (see ambiguities.yaml); its default is this edition's reading
and Rulepress passes the reading chosen in game.yaml ``engine_options``.
"""

import random
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


REROLL_READINGS = ("every-one", "once")


def roll_options(roll: int, rerolled: bool = False, reroll: str = "every-one") -> list[str]:
    """What a player may do with a roll: a 1 may be moved or rolled again.

    `rerolled`: this roll is already a roll again after a 1. ``every-one``:
    every 1 gives the choice anew; ``once``: a 1 rolled again must be moved.
    """
    if reroll not in REROLL_READINGS:
        raise ValueError(f"unknown reading {reroll!r}; readings: {', '.join(REROLL_READINGS)}")
    _check_roll(roll)
    if roll != 1 or (rerolled and reroll == "once"):
        return ["move"]
    return ["move", "reroll"]


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


def atom_meeting(
    position: int, first_roll: int, meeting_rolls: list[int], lane_length: int, meeting_move: str = "x-own-roll"
) -> MeetingResult:
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
    if meeting_move == "x-own-roll":
        steps = first_roll
    elif meeting_move == "y-first-roll":
        steps = rolls[0]
    else:
        raise ValueError(f"unknown reading {meeting_move!r}")
    return MeetingResult(False, len(rolls), advance_on_loop(position, steps, lane_length), 1)


MEETING_NEGOTIATION_READINGS = ("rolls-again", "no-roll")


def meeting_negotiation_roll(result: MeetingResult, meeting_negotiation: str = "rolls-again") -> bool:
    """Does X make the negotiation field's second roll (rule F) after the meeting `result`?

    ``rolls-again``: a successful meeting puts X on the negotiation field, and
    whoever lands there rolls a second time at once; ``no-roll``: X was moved
    there by Y's roll, not by his own, and his turn ends on the field.
    A failed meeting never reaches the field.
    """
    if meeting_negotiation not in MEETING_NEGOTIATION_READINGS:
        raise ValueError(
            f"unknown reading {meeting_negotiation!r}; readings: {', '.join(MEETING_NEGOTIATION_READINGS)}"
        )
    return result.reached and meeting_negotiation == "rolls-again"


# --- Cooperation cards ---------------------------------------------------------


def coop_sets(players: int, six_player_deck: str = "six-sets") -> int:
    """Sets in play: one per player plus one, but at most the 6 sets in the box
    (``six-sets``, the rule's explicit exception); ``seven-sets`` follows the
    general rule to 7 sets with 6 players, more than one box holds."""
    _check_players(players)
    if six_player_deck == "six-sets":
        return min(players + 1, SETS_IN_BOX)
    if six_player_deck == "seven-sets":
        return players + 1
    raise ValueError(f"unknown reading {six_player_deck!r}; readings: six-sets, seven-sets")


def coop_deck(players: int, with_sixes: bool = False, six_player_deck: str = "six-sets") -> list[int]:
    """Sorted values of the cooperation cards in play (`six_player_deck`: see `coop_sets`)."""
    values = SET_VALUES_WITH_SIXES if with_sixes else SET_VALUES
    return sorted(v for v in values for _ in range(coop_sets(players, six_player_deck=six_player_deck)))


def coop_deck_size(players: int, with_sixes: bool = False, six_player_deck: str = "six-sets") -> int:
    """Number of cooperation cards in play."""
    return len(coop_deck(players, with_sixes, six_player_deck=six_player_deck))


def coop_field_cards(players: int, with_sixes: bool = False, six_player_deck: str = "six-sets") -> int:
    """Cards left on the cooperation field after each player got 5."""
    return coop_deck_size(players, with_sixes, six_player_deck=six_player_deck) - HAND_SIZE * players


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
    ``"2b"``: Y refuses; he moves `y_steps` (1, 2 or 3) and is paid a card value + 2:
    his refused card's (rule D) or X's (short rules), the same number since Y can
    refuse only a matching card (so the register's two readings need no option).
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


CRISIS_FIELDS_READINGS = ("apply", "ignore")
MOVE_KINDS = ("roll", "red-field", "crisis", "swap")


def field_applies(move: str, crisis_fields: str = "apply") -> bool:
    """Does the special field a pawn lands on take effect after a `move` of this kind?

    After a roll (rule A) and after the red field's 5 to 7 fields (rule G) it
    does; during a position swap it does not (rule J). After the pawn moves of
    a crisis (2 forward, 1 to 3 forward, 1 or 2 back) the seed says nothing:
    ``apply`` - rule A's "a player who lands on a marked field follows its
    rule" holds for every landing; ``ignore`` - only a roll's landing counts.
    """
    if crisis_fields not in CRISIS_FIELDS_READINGS:
        raise ValueError(f"unknown reading {crisis_fields!r}; readings: {', '.join(CRISIS_FIELDS_READINGS)}")
    if move not in MOVE_KINDS:
        raise ValueError(f"unknown move {move!r}; moves: {', '.join(MOVE_KINDS)}")
    if move == "crisis":
        return crisis_fields == "apply"
    return move != "swap"


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


def monopoly_choices(covered_spots: int, money: int, price: int, monopoly_choices: str = "short-rules") -> list[str]:
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
    elif monopoly_choices == "short-rules":
        choices.append("nothing")
    elif monopoly_choices != "rule-e":
        raise ValueError(f"unknown reading {monopoly_choices!r}")
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


def move_bomb(position: int, fields: int, bomb_moves: str = "as-stated") -> int:
    """Bomb position after one move, never behind 24 and never past Zero.

    Reading ``cap-one-per-turn`` moves it at most 1 field forward (rule G taken literally).
    """
    return bomb_turn(position, [fields], bomb_moves=bomb_moves)


def bomb_turn(position: int, moves: list[int], bomb_moves: str = "as-stated") -> int:
    """Bomb position after all moves of one turn (see `move_bomb` for the readings)."""
    if bomb_moves not in BOMB_READINGS:
        raise ValueError(f"unknown reading {bomb_moves!r}; readings: {', '.join(BOMB_READINGS)}")
    if not ZERO <= position <= BOMB_START:
        raise ValueError(f"the spiral has no field {position}")
    forward_left = 1 if bomb_moves == "cap-one-per-turn" else None
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


RED_FIELD_SPENT_READINGS = ("first-landing", "success-only")


def red_field_spent(triggered: bool, success: bool, red_field_spent: str = "first-landing") -> bool:
    """Is the one-time red-field rule used up after this landing?

    ``first-landing``: the first landing on a red field uses it, whether the
    asked player shows the card or not (rule G: "the first time", and "only once
    per game"); ``success-only``: only a shown card uses it, since rule G says
    the rule lapses for a bomb set back out of the red area by that success.
    """
    if red_field_spent not in RED_FIELD_SPENT_READINGS:
        raise ValueError(f"unknown reading {red_field_spent!r}; readings: {', '.join(RED_FIELD_SPENT_READINGS)}")
    if red_field_spent == "success-only":
        return triggered and success
    return triggered


def red_field_success(position: int) -> int:
    """Bomb position after the asked player showed the named card: 5 fields back."""
    return move_bomb(position, -5, bomb_moves="as-stated")  # a move back: no reading caps it


def game_lost(position: int) -> bool:
    """All players lose as soon as the bomb stands on Zero."""
    return position == ZERO


DANGER_READINGS = ("on-field", "on-or-past")


def disarmament_possible(position: int, danger_reached: str = "on-field") -> bool:
    """May the "all win" ending be tried with the bomb at `position`?

    ``on-field``: only while the bomb stands on the danger field (rule J: a move
    puts it there); ``on-or-past``: also when a move of several fields carried it
    past the danger field without reaching Zero (the short rules: it reaches it).
    """
    if danger_reached not in DANGER_READINGS:
        raise ValueError(f"unknown reading {danger_reached!r}; readings: {', '.join(DANGER_READINGS)}")
    if danger_reached == "on-or-past":
        return ZERO < position <= DANGER_FIELD
    return position == DANGER_FIELD


ALL_WIN_RETRY_READINGS = ("once-per-placement", "every-turn")


def may_propose_all_win(
    position: int,
    failed_before: bool,
    all_win_retry: str = "once-per-placement",
    danger_reached: str = "on-field",
) -> bool:
    """May a player propose the destruction of all nuclear weapons now?

    `failed_before`: a proposal failed (dice sum too low) since the bomb was
    last put on the danger field. ``once-per-placement``: the ending follows the
    move that put the bomb there, so after a failure play goes on and a new
    proposal needs the bomb to be put there again; ``every-turn``: while the
    bomb stays, a proposal may be made again on any later turn.
    """
    if all_win_retry not in ALL_WIN_RETRY_READINGS:
        raise ValueError(f"unknown reading {all_win_retry!r}; readings: {', '.join(ALL_WIN_RETRY_READINGS)}")
    if not disarmament_possible(position, danger_reached=danger_reached):
        return False
    return all_win_retry == "every-turn" or not failed_before


# --- H. No money -----------------------------------------------------------------------


@dataclass(frozen=True)
class Payment:
    """A payment to the bank: the payer's new balance, bomb move, what helpers pay."""

    balance: int
    bomb: int
    helpers_pay: int


SHORT_PAYMENT_READINGS = ("all-he-has", "nothing")
HELP_BASIS_READINGS = ("amount-due", "shortfall")


def pay(
    balance: int,
    amount: int,
    helped: bool = False,
    broke_help: str = "double",
    short_payment: str = "all-he-has",
    help_basis: str = "amount-due",
) -> Payment:
    """Pay `amount` from `balance`. Who cannot pay it all makes the bomb move 1
    forward, unless other players take over (reading ``double``: they pay
    twice the sum; ``plain``: they pay it once).

    Without help, ``all-he-has`` (reconstructed): he hands over what he has;
    ``nothing``: he keeps it, only the bomb moves. With help, the sum the
    helpers pay is the ``amount-due`` (he keeps his money) or the
    ``shortfall`` (he pays what he has, they the part he cannot).
    """
    for option, value, readings in (
        ("short_payment", short_payment, SHORT_PAYMENT_READINGS),
        ("help_basis", help_basis, HELP_BASIS_READINGS),
    ):
        if value not in readings:
            raise ValueError(f"unknown reading {value!r} of {option}; readings: {', '.join(readings)}")
    if amount < 0 or balance < 0:
        raise ValueError("amounts and balances are not negative")
    if balance >= amount:
        return Payment(balance - amount, 0, 0)
    if helped:
        factor = {"double": 2, "plain": 1}.get(broke_help)
        if factor is None:
            raise ValueError(f"unknown reading {broke_help!r}")
        if help_basis == "shortfall":
            return Payment(0, 0, factor * (amount - balance))
        return Payment(balance, 0, factor * amount)
    return Payment(0 if short_payment == "all-he-has" else balance, 1, 0)


# --- I. Green lane -----------------------------------------------------------------------


def green_landing(field: int, all_monopolies_broken: bool) -> tuple[int, int]:
    """(field, bomb move) after landing on green `field`: a hatched field before all
    monopolies are broken sends the pawn back to Grün 1 and the bomb 1 forward."""
    if not 1 <= field <= GREEN_LENGTH:
        raise ValueError(f"the green lane has no field {field}")
    if field in GREEN_HATCHED and not all_monopolies_broken:
        return (1, 1)
    return (field, 0)


GREEN_ONE_READINGS = ("while-there", "on-return")


def double_price_accusations(turns_since_sent_back: int | None, green_one: str = "while-there") -> bool:
    """May the player bring any number of accusations at double price on this turn?

    `turns_since_sent_back`: None when his pawn does not stand on Grün 1 after a
    hatched field sent it there; 0 in the turn it was sent back, 1 on his next
    turn with the pawn still there, and so on. ``while-there``: on every such
    turn (the short rules: "while the pawn stands on Grün 1"); ``on-return``:
    only in the turn it was sent back (rule I: "then").
    """
    if green_one not in GREEN_ONE_READINGS:
        raise ValueError(f"unknown reading {green_one!r}; readings: {', '.join(GREEN_ONE_READINGS)}")
    if turns_since_sent_back is None:
        return False
    if turns_since_sent_back < 0:
        raise ValueError("turns since the pawn was sent back cannot be negative")
    return turns_since_sent_back == 0 if green_one == "on-return" else True


def may_accuse_instead_of_moving(field: int) -> bool:
    """On the green lane a player may skip his move to accuse, except on hatched fields."""
    return 1 <= field <= GREEN_LENGTH and field not in GREEN_HATCHED


# --- J. Winning ----------------------------------------------------------------------------


@dataclass(frozen=True)
class GoalAttempt:
    """Outcome of rolling for Weltfrieden: "win", "swap" (position swap) or "back" (steps back)."""

    outcome: str
    steps: int


def goal_attempt(
    needed: int,
    extra_rolls: list[int],
    swap_done: bool,
    swap_once: str = "once-per-game",
    swapped_this_round: bool | None = None,
) -> GoalAttempt:
    """After a too-high roll, up to three extra rolls for exactly `needed`.

    The first player to fail causes the position swap; later failures move the
    pawn back by the third extra roll. `swap_done`: a swap has happened in this
    game; `swapped_this_round`: in this round of turns (default: `swap_done`).
    Reading ``once-per-game``: no second swap in the game; ``once-per-round``:
    a failure in a later round swaps again.
    """
    if swap_once not in ("once-per-game", "once-per-round"):
        raise ValueError(f"unknown reading {swap_once!r}")
    if swap_once == "once-per-round":
        swap_done = swap_done if swapped_this_round is None else swapped_this_round
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


LEVEL_TIE_READINGS = ("turn-order", "money")


def _front_to_back(positions: dict, seats: list, first: str, money: dict | None, tie: str) -> list:
    """Players from the front to the back; pawns on one field ordered by `tie`: ``turn-order``, the one
    whose turn comes sooner (counting from `first`) counts as further ahead; ``money``, the one with more
    money, then turn order."""
    if tie not in LEVEL_TIE_READINGS:
        raise ValueError(f"unknown reading {tie!r}; readings: {', '.join(LEVEL_TIE_READINGS)}")
    if set(positions) != set(seats) or len(set(seats)) != len(seats):
        raise ValueError("every seated player needs one position")
    start = seats.index(first)
    turn = {player: (seats.index(player) - start) % len(seats) for player in seats}
    cash = money or {}
    if tie == "money":
        return sorted(seats, key=lambda p: (-positions[p], -cash.get(p, 0), turn[p]))
    return sorted(seats, key=lambda p: (-positions[p], turn[p]))


def red_field_caller(
    positions: dict, seats: list, on_turn: str, money: dict | None = None, red_field_caller: str = "turn-order"
) -> str:
    """Who names the number on the red field: the player whose pawn is furthest ahead. Between pawns
    level at the front (the seed is silent, both readings reconstructed): ``turn-order``, the one whose
    turn comes first, counting from the player `on_turn`; ``money``, the one with more money (as money
    decides between pawns beyond the goal in rule J), then turn order."""
    return _front_to_back(positions, seats, on_turn, money, red_field_caller)[0]


SWAP_FIRST_READINGS = ("failed-player", "front-pawn")


def swap_order(
    positions: dict,
    seats: list,
    failed: str,
    money: dict | None = None,
    swap_ties: str = "turn-order",
    swap_first: str = "failed-player",
) -> list[str]:
    """The order for `position_swap`, from the first (who changes places with the last) to the last.

    `swap_first`: ``failed-player`` - the failed player comes first wherever his pawn stands, then the
    others from the front to the back (the seed's first swap names him); ``front-pawn`` - all pawns
    from the front to the back, so the failed player changes places with the one mirroring his own
    position. Between pawns on one field (the seed is silent, both readings reconstructed):
    ``turn-order``, the one whose turn comes sooner after the failed player counts as further ahead;
    ``money``, the one with more money, then turn order."""
    if swap_first not in SWAP_FIRST_READINGS:
        raise ValueError(f"unknown reading {swap_first!r}; readings: {', '.join(SWAP_FIRST_READINGS)}")
    after = seats[(seats.index(failed) + 1) % len(seats)]
    ordered = _front_to_back(positions, seats, after, money, swap_ties)
    if swap_first == "front-pawn":
        return ordered
    return [failed, *(p for p in ordered if p != failed)]


def swap_compensation(order: list[str]) -> dict[str, int]:
    """Players set back by the swap (the front half) and their compensation in millions."""
    return {player: SWAP_COMPENSATION for player in sorted(order[: len(order) // 2])}


def all_win_threshold(players: int) -> int:
    """The dice sum of all players must be greater than this for the "all win" ending."""
    _check_players(players)
    return 3 * players


ALL_WIN_AGREEMENT_READINGS = ("propose-and-roll", "all-agree", "agree-and-roll")


def all_win(players: int, rolls: list[int], agreed: bool = True, all_win_agreement: str = "propose-and-roll") -> bool:
    """Does the all-win ending succeed?

    ``propose-and-roll`` (rule J): one die per player must sum to more than
    the threshold. ``all-agree`` (short rules): everybody agrees (`agreed`),
    no dice. ``agree-and-roll``: both.
    """
    if all_win_agreement not in ALL_WIN_AGREEMENT_READINGS:
        raise ValueError(f"unknown reading {all_win_agreement!r}; readings: {', '.join(ALL_WIN_AGREEMENT_READINGS)}")
    if all_win_agreement == "all-agree":
        return agreed
    if all_win_agreement == "agree-and-roll" and not agreed:
        return False
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


# --- Components, players, start ----------------------------------------------------------

PLAYERS = (2, 6)
#: what the box holds (seed 004, "Zum Spiel gehören"); tests compare it with components.yaml
COMPONENTS = {
    "board": 1,
    "pawns": 6,
    "bomb": 1,
    "money": 50,
    "cooperation": 36,
    "action": 24,
    "accusation-chips": 10,
    "die": 1,
    "rulebook": 1,
}


def start_money(players: int) -> dict[str, int]:
    """Banknotes dealt at the start (5 each) and those left in the bank."""
    _check_players(players)
    dealt = START_MONEY * players
    return {"each": START_MONEY, "dealt": dealt, "bank": COMPONENTS["money"] - dealt}


def start_player(rolls: dict):
    """The player with the highest roll begins. On a tie for the highest roll the seed says
    nothing; the tied players are returned (as a tuple) to roll again (reconstructed)."""
    for roll in rolls.values():
        _check_roll(roll)
    best = max(rolls.values())
    top = tuple(p for p, r in rolls.items() if r == best)
    return top[0] if len(top) == 1 else top


def turn_order(seats, start) -> list:
    """Clockwise order of play from the start player (`seats` listed clockwise)."""
    seats = list(seats)
    i = seats.index(start)
    return seats[i:] + seats[:i]


# --- C. Action fields ------------------------------------------------------------------


def draw_action(deck) -> tuple[str, tuple]:
    """Landing on an action field: take the top action card (obey it), then push it under the pile.

    Returns the card and the deck afterwards (top first)."""
    deck = tuple(deck)
    if not deck:
        raise ValueError("the action deck is empty")
    return deck[0], deck[1:] + (deck[0],)


def field_instruction_applies(sends_to_monopoly: bool, players: int) -> bool:
    """With 4 or more players, field instructions that send a pawn straight to a monopoly field are void."""
    _check_players(players)
    return not (sends_to_monopoly and players >= 4)


# --- Refreshing the cooperation cards ----------------------------------------------------

COOP_REFRESH_READINGS = ("reshuffle", "turn-over")


def coop_refresh_due(face_up, hand, coop_refresh: str = "reshuffle") -> bool:
    """Does a player get his cooperation cards back?

    ``reshuffle`` (preparation of the seed): once all his cards are played
    (none left in his hand). ``turn-over`` (rule D): as soon as a complete set
    1 to 5 lies face up in front of him.
    """
    if coop_refresh == "reshuffle":
        return not hand and bool(face_up)
    if coop_refresh == "turn-over":
        return set(SET_VALUES) <= set(face_up)
    raise ValueError(f"unknown reading {coop_refresh!r}; readings: {', '.join(COOP_REFRESH_READINGS)}")


def refresh_coop(face_up, hand, field, coop_refresh: str = "reshuffle", seed: int = 0):
    """(hand, face up, cooperation field) after a refresh that is due.

    ``reshuffle``: the game leader shuffles the played cards with those on the
    cooperation field (a ``random.Random(seed)``), deals 5 face down and puts
    the rest back on the field. ``turn-over``: the complete set 1 to 5 is
    turned over and goes back into the hand; other face-up cards stay.
    """
    face_up, hand, field = list(face_up), list(hand), list(field)
    if not coop_refresh_due(face_up, hand, coop_refresh=coop_refresh):
        return tuple(hand), tuple(face_up), tuple(field)
    if coop_refresh == "reshuffle":
        pool = sorted(face_up + field)
        random.Random(seed).shuffle(pool)
        return tuple(sorted(pool[:HAND_SIZE])), (), tuple(pool[HAND_SIZE:])
    for value in SET_VALUES:
        face_up.remove(value)
    return tuple(sorted(hand + list(SET_VALUES))), tuple(face_up), tuple(field)


# --- Accusation chips ------------------------------------------------------------------------

MONOPOLY_FIELDS = tuple(MONOPOLY_BOMB_MOVES)
ACCUSATION_SPOTS_READINGS = ("nine-spots", "ten-spots")


def accusation_spots_total(accusation_spots: str = "nine-spots") -> int:
    """Spots on the board: 3 monopoly fields with 3 spots each (``nine-spots``; the 10th chip is
    a spare), or a 10th spot the seed does not place (``ten-spots``)."""
    if accusation_spots == "nine-spots":
        return len(MONOPOLY_FIELDS) * ACCUSATION_SPOTS
    if accusation_spots == "ten-spots":
        return COMPONENTS["accusation-chips"]
    raise ValueError(f"unknown reading {accusation_spots!r}; readings: {', '.join(ACCUSATION_SPOTS_READINGS)}")


def chips_left(covered: int, accusation_spots: str = "nine-spots") -> tuple[int, int]:
    """(chips in the supply, spots still open) when `covered` spots hold a chip."""
    spots = accusation_spots_total(accusation_spots=accusation_spots)
    if not 0 <= covered <= spots:
        raise ValueError(f"{covered} covered spots: the board has {spots}")
    return COMPONENTS["accusation-chips"] - covered, spots - covered


# --- G. The first red field, step by step ---------------------------------------------------

RED_FIELD_MOVER_READINGS = ("asked-player", "leading-player")


@dataclass(frozen=True)
class RedField:
    """The one-time red-field event: did it happen, did it succeed, where the bomb stands then, who moves how far."""

    triggered: bool
    success: bool
    bomb_position: int
    mover: str | None  # "asked" or "leading"
    steps: int


RED_FIELD_SIXES_READINGS = ("one-to-five", "card-values")


def red_field_numbers(with_sixes: bool = False, red_field_sixes: str = "one-to-five") -> tuple[int, ...]:
    """The numbers the leading player may name on the red field.

    Rule G says "between 1 and 5" (seed 004 l.179, l.322); the addendum (l.272) adds cards of value 6.
    ``one-to-five``: 1 to 5 in the variant too, as rule G says; ``card-values``: every value of
    the cooperation cards in play, so 1 to 6 with the sixes.
    """
    if red_field_sixes not in RED_FIELD_SIXES_READINGS:
        raise ValueError(f"unknown reading {red_field_sixes!r}; readings: {', '.join(RED_FIELD_SIXES_READINGS)}")
    return SET_VALUES_WITH_SIXES if with_sixes and red_field_sixes == "card-values" else SET_VALUES


def red_field_event(
    position: int,
    named: int,
    asked_hand,
    steps: int = 5,
    already_used: bool = False,
    red_field_mover: str = "asked-player",
    with_sixes: bool = False,
    red_field_sixes: str = "one-to-five",
) -> RedField:
    """The bomb lands on a red field: the leading player names a number 1 to 5 and asks
    another player for a cooperation card of that value.

    If the asked player has it and shows it, the bomb goes 5 back and a pawn
    moves `steps` (5, 6 or 7) forward: the asked player's (``asked-player``,
    the short rules) or the leading player's (``leading-player``, one reading of
    rule G). Once used, the event never happens again. `with_sixes`: the variant with the sixes
    (which numbers may be named then: `red_field_numbers`).
    """
    if red_field_mover not in RED_FIELD_MOVER_READINGS:
        raise ValueError(f"unknown reading {red_field_mover!r}; readings: {', '.join(RED_FIELD_MOVER_READINGS)}")
    numbers = red_field_numbers(with_sixes, red_field_sixes=red_field_sixes)
    if named not in numbers:
        raise ValueError(f"the number named lies between {numbers[0]} and {numbers[-1]}")
    if steps not in (5, 6, 7):
        raise ValueError("the pawn moves 5, 6 or 7 fields")
    if not red_field_triggered(position, already_used):
        return RedField(False, False, position, None, 0)
    if named not in list(asked_hand):
        return RedField(True, False, position, None, 0)
    mover = "asked" if red_field_mover == "asked-player" else "leading"
    return RedField(True, True, red_field_success(position), mover, steps)


RED_FIELD_STEPS_READINGS = ("mover-chooses", "caller-chooses")


def red_field_step_chooser(event: RedField, red_field_steps: str = "mover-chooses") -> str | None:
    """Who chooses 5, 6 or 7 fields after a successful red-field event (None when nobody moves).

    ``mover-chooses``: the player who moves his pawn (``asked`` or ``leading``,
    as `event.mover`), as in the crisis rule, where the refusing player moves
    "1, 2 or 3" fields of his own choice; ``caller-chooses``: the leading
    player, who runs the event and named the number.
    """
    if red_field_steps not in RED_FIELD_STEPS_READINGS:
        raise ValueError(f"unknown reading {red_field_steps!r}; readings: {', '.join(RED_FIELD_STEPS_READINGS)}")
    if not event.success:
        return None
    return event.mover if red_field_steps == "mover-chooses" else "leading"


# --- I. Green lane direction ----------------------------------------------------------------

GREEN_DIRECTION = "right-to-left"  # seed 004: numbered ascending from right to left, moved the same way


def green_move(field: int, roll: int) -> int:
    """Green field after moving `roll` fields: numbers ascend in the direction of play (right to left)."""
    _check_roll(roll)
    if not 1 <= field <= GREEN_LENGTH:
        raise ValueError(f"the green lane has no field {field}")
    return field + roll


# --- J. Who wins ----------------------------------------------------------------------------------

WIN_REQUIRES_READINGS = ("goal-only", "every-win")


def win_allowed(how: str, all_monopolies_broken: bool, win_requires_broken: str = "goal-only") -> bool:
    """May the game be won this way (``one-wins`` at Weltfrieden, ``all-win`` by disarmament)?

    Rule E: the game "can only be won" once every monopoly is broken.
    ``goal-only``: this binds the win at Weltfrieden (the hatched fields
    enforce it); the all-win ending of rule J has no such condition.
    ``every-win``: no win of any kind before all monopolies are broken.
    """
    if how not in ("one-wins", "all-win"):
        raise ValueError("how is 'one-wins' or 'all-win'")
    if win_requires_broken == "goal-only":
        return all_monopolies_broken or how == "all-win"
    if win_requires_broken == "every-win":
        return all_monopolies_broken
    raise ValueError(f"unknown reading {win_requires_broken!r}; readings: {', '.join(WIN_REQUIRES_READINGS)}")


ALL_WIN_RANKING_READINGS = ("advance-by-money", "position-only")


def all_win_ranking(
    positions: dict, money: dict, goal: int = GOAL_INDEX, all_win_ranking: str = "advance-by-money"
) -> list[tuple]:
    """The players ranked after the all-win ending, best first; equal players share a tuple.

    ``advance-by-money`` (rule J): every pawn moves 1 field per banknote;
    the furthest is best, and among pawns beyond Weltfrieden the one with
    more money left at the goal. ``position-only`` (short rules): the pawn
    furthest ahead, without moving. Players still equal share a place: the
    seed lets the dice decide for pawns on the same field; that the dice also
    decide a money tie at the goal is reconstructed.
    """
    if all_win_ranking == "advance-by-money":
        keys = {p: advance_by_money(pos, money.get(p, 0), goal) for p, pos in positions.items()}
    elif all_win_ranking == "position-only":
        keys = {p: (pos, 0) for p, pos in positions.items()}
    else:
        raise ValueError(f"unknown reading {all_win_ranking!r}; readings: {', '.join(ALL_WIN_RANKING_READINGS)}")
    ranked: list[tuple] = []
    for key in sorted(set(keys.values()), reverse=True):
        ranked.append(tuple(sorted(p for p, k in keys.items() if k == key)))
    return ranked


_rank_for_all_win = all_win_ranking  # the function, where a parameter of the same name hides it


PEACE_WINNER_READINGS = ("first-arrival", "all-win-most-peace")


@dataclass(frozen=True)
class PeaceResult:
    """Who wins when a pawn reaches Weltfrieden: the winners and the one declared victor."""

    winners: tuple
    victor: object


def world_peace_reached(
    player,
    positions: dict,
    money: dict,
    peace_winner: str = "first-arrival",
    all_win_ranking: str = "advance-by-money",
) -> PeaceResult:
    """A pawn lands exactly on Weltfrieden.

    ``first-arrival`` (rule J 1): that player alone wins. ``all-win-most-peace``
    (the goal of the game): everybody wins, and the one who did most for peace
    is declared victor, found as in the all-win ending under the reading
    `all_win_ranking` (a shared first place gives a tuple).
    """
    if peace_winner == "first-arrival":
        return PeaceResult((player,), player)
    if peace_winner == "all-win-most-peace":
        first = _rank_for_all_win(positions, money, all_win_ranking=all_win_ranking)[0]
        return PeaceResult(tuple(sorted(positions)), first[0] if len(first) == 1 else first)
    raise ValueError(f"unknown reading {peace_winner!r}; readings: {', '.join(PEACE_WINNER_READINGS)}")


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
