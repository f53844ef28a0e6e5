"""Rules engine of "1848 – Das Kartenspiel zur Revolution", army-card rules (seed 002): pure functions, no I/O.

Its public names are the doctest namespace of the rule texts. Conventions:

- Players are numbered 1, 2, 3, ... as in the seed's examples.
- Parties are ``republikaner``, ``demokraten``, ``liberale``, ``reaktionaere``
  (strongest-first order is decided by points, never by this list).
- Flags are ``austria`` (black-yellow), ``prussia`` (black-white) and
  ``bund`` (black-red-gold, the German federal flag).
- Military points of leaders and armies are whole numbers; trick points are
  the army points halved and rounded down.

Where the seed can be read in more than one way, the function takes a
``reading=`` keyword; ambiguities.yaml names the reading this content uses
(game.yaml ``engine_options``).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

PARTIES = ("republikaner", "demokraten", "liberale", "reaktionaere")
FLAGS = ("austria", "prussia", "bund")

HAND_LIMIT = 6
MAX_PERSON_DRAW = 2
MAX_EXTRA_DRAW = 2
CROATIA_BONUS = 5
LOUIS_NAPOLEON = -3  # each republican person card
ABLAUF_TO_WIN = {4: 4, 3: 5, 2: 6}  # players -> Ablaufkarten that end the game
MAJORITY_VP = 5
RANK_VP = (4, 3, 2, 1)  # strongest .. weakest party


# --- Hand refill after a trick -------------------------------------------------

@dataclass(frozen=True)
class Refill:
    """What a player draws after a trick: fixed person and extra cards plus free choices."""

    person: int
    extra: int
    free: int

    @property
    def total(self) -> int:
        return self.person + self.extra + self.free


def refill(person_cards: int, extra_cards: int, reading: str = "pairs") -> Refill:
    """Cards a player may draw after a trick, holding `person_cards` and `extra_cards`.

    He fills up to 6 cards but draws at most 2 person and 2 extra cards.
    ``pairs`` (the seed's examples): draws go in pairs of one person and one
    extra card; an odd last draw is a free choice. ``free-within-limits``:
    every draw is free as long as neither kind exceeds 2.
    """
    if person_cards < 0 or extra_cards < 0:
        raise ValueError("a hand cannot hold a negative number of cards")
    draws = max(0, min(HAND_LIMIT - person_cards - extra_cards, MAX_PERSON_DRAW + MAX_EXTRA_DRAW))
    if reading == "pairs":
        pairs, odd = divmod(draws, 2)
        return Refill(person=pairs, extra=pairs, free=odd)
    if reading == "free-within-limits":
        # the kinds that must be drawn because the other kind is capped at 2
        person = max(0, draws - MAX_EXTRA_DRAW)
        extra = max(0, draws - MAX_PERSON_DRAW)
        return Refill(person=person, extra=extra, free=draws - person - extra)
    raise ValueError(f"unknown reading {reading!r}")


def refill_choices(person_cards: int, extra_cards: int, reading: str = "pairs") -> list[tuple[int, int]]:
    """Every (person, extra) split of the draws the rule allows, sorted."""
    r = refill(person_cards, extra_cards, reading)
    return [(r.person + k, r.extra + r.free - k) for k in range(r.free + 1)]


# --- Leaders and armies --------------------------------------------------------

@dataclass(frozen=True)
class Leader:
    """A person card with a military symbol lying in front of `player`."""

    name: str
    flag: str
    military: int
    player: int = 0
    party: str = "reaktionaere"

    def __post_init__(self):
        if self.flag not in FLAGS:
            raise ValueError(f"unknown flag {self.flag!r}")


@dataclass(frozen=True)
class Command:
    """The free leaders of one flag at one player, counted together."""

    player: int
    flag: str
    leaders: tuple[str, ...]
    military: int


def croatia(leader: Leader) -> Leader:
    """Kroatien (Z15): a black-yellow (Austrian) leader gains 5 military points; others gain nothing."""
    if leader.flag != "austria":
        return leader
    return Leader(leader.name, leader.flag, leader.military + CROATIA_BONUS, leader.player, leader.party)


def commands(leaders) -> list[Command]:
    """Group free leaders by player and flag, adding their military points (sorted by player, flag)."""
    groups: dict[tuple[int, str], list[Leader]] = defaultdict(list)
    for leader in leaders:
        groups[(leader.player, leader.flag)].append(leader)
    return [Command(player, flag, tuple(sorted(l.name for l in group)), sum(l.military for l in group))
            for (player, flag), group in sorted(groups.items())]


def army_follows(army_flag: str, leaders):
    """The command an army of `army_flag` follows, from the free `leaders`.

    Leaders of the army's own flag come first, and the strongest of them wins;
    only when none of its flag is free does pure strength decide among the
    others. Leaders of one flag at one player count together. On a tie the
    playing player decides: the tied commands are returned as a tuple.
    None when no leader is free.
    """
    if army_flag not in FLAGS:
        raise ValueError(f"unknown flag {army_flag!r}")
    groups = commands(leaders)
    if not groups:
        return None
    own = [c for c in groups if c.flag == army_flag]
    pool = own or groups
    best = max(c.military for c in pool)
    top = tuple(c for c in pool if c.military == best)
    return top[0] if len(top) == 1 else top


@dataclass(frozen=True)
class Army:
    """An army card lying at `player` with the leaders assigned to it."""

    card: str
    flag: str
    strength: int
    player: int
    leaders: tuple[Leader, ...] = ()

    @property
    def led(self) -> bool:
        return bool(self.leaders)

    @property
    def party(self) -> str | None:
        if not self.leaders:
            return None
        return max(self.leaders, key=lambda l: l.military).party

    @property
    def bundesfahne(self) -> bool:
        return any(l.flag == "bund" for l in self.leaders)


def army_points(army: Army) -> int:
    """Army value plus the military points of its leaders; 0 for an army without leader (no effect)."""
    if not army.led:
        return 0
    return army.strength + sum(l.military for l in army.leaders)


def halve(points: int, reading: str = "floor") -> int:
    """Half the points, fractions dropped: ``floor`` rounds down, ``toward-zero`` for negatives drops the fraction."""
    if reading == "floor":
        return points // 2
    if reading == "toward-zero":
        return int(points / 2)
    raise ValueError(f"unknown reading {reading!r}")


@dataclass(frozen=True)
class TrickResult:
    """Who is credited with what after a trick scored by armies."""

    winner: int | None  # None on a stalemate
    party: str | None
    points: dict
    stalemate: bool = False


def is_stalemate(party_points: dict) -> bool:
    """True when a trick cannot be decided.

    `party_points` maps party -> {player: points}. Undecided when the two
    strongest parties are equally strong, or when no single player holds the
    most points of the strongest party.
    """
    totals = {p: sum(v.values()) for p, v in party_points.items() if v}
    if not totals:
        return False
    ranked = sorted(totals.values(), reverse=True)
    if len(ranked) > 1 and ranked[0] == ranked[1]:
        return True
    strongest = max(totals, key=totals.get)
    best = max(party_points[strongest].values())
    return sum(1 for v in party_points[strongest].values() if v == best) > 1


def score_trick(armies, red_cards=(), reading: str = "subtract-then-halve", rounding: str = "floor") -> TrickResult:
    """Score a trick decided by armies (only armies with at least one leader count).

    Army points are summed per party; the strongest party wins, and the player
    with its strongest army is credited with all of that party's army points,
    halved and rounded down. If that party is the reactionaries, the values of
    all red cards on the table are subtracted (negative results stay) - not,
    however, when the credited army is led under the Bundesfahne.
    `reading` says when the red cards are subtracted: ``subtract-then-halve``
    (halve the difference), ``halve-each`` (halve army points and red values
    separately), ``halve-army-only`` (subtract the full red values from the
    halved army points).

    A tie of the two strongest parties, or of the strongest armies of the
    winning party at different players, is a stalemate: every player involved
    is credited with his own army points, halved.
    """
    led = [a for a in armies if a.led]
    if not led:
        raise ValueError("no army with a leader: the trick is not decided by military values")
    totals: dict[str, int] = defaultdict(int)
    for army in led:
        totals[army.party] += army_points(army)
    top = max(totals.values())
    parties = [p for p, t in totals.items() if t == top]
    contenders = [a for a in led if a.party in parties]
    strongest = max(army_points(a) for a in contenders)
    leaders_of_top = {a.player for a in contenders if army_points(a) == strongest}
    if len(parties) > 1 or len(leaders_of_top) > 1:
        points: dict[int, int] = defaultdict(int)
        for army in contenders:
            points[army.player] += army_points(army)
        return TrickResult(None, None, {p: halve(v, rounding) for p, v in sorted(points.items())}, stalemate=True)
    party = parties[0]
    best = next(a for a in contenders if army_points(a) == strongest)
    red = sum(red_cards) if party == "reaktionaere" and not best.bundesfahne else 0
    if reading == "subtract-then-halve":
        score = halve(top - red, rounding)
    elif reading == "halve-each":
        score = halve(top, rounding) - halve(red, rounding)
    elif reading == "halve-army-only":
        score = halve(top, rounding) - red
    else:
        raise ValueError(f"unknown reading {reading!r}")
    return TrickResult(best.player, party, {best.player: score})


# --- Political scoring -----------------------------------------------------------

def political_score(values, modifiers=()) -> int:
    """Sum of person card values, each changed by every modifier; negative card values count."""
    return sum(value + sum(modifiers) for value in values)


# --- End of game and final scoring -----------------------------------------------

def ablauf_needed(players: int) -> int:
    """Ablaufkarten a player must win to end the game: 4 players 4, 3 players 5, 2 players 6."""
    if players not in ABLAUF_TO_WIN:
        raise ValueError(f"the rules give no end for {players} players")
    return ABLAUF_TO_WIN[players]


def game_over(players: int, ablauf_won) -> bool:
    """True as soon as one player has won enough Ablaufkarten (`ablauf_won`: counts per player)."""
    counts = ablauf_won.values() if isinstance(ablauf_won, dict) else ablauf_won
    return any(n >= ablauf_needed(players) for n in counts)


def party_totals(party_points_by_player: dict) -> dict:
    """Points of every party summed over all players (parties in the order of PARTIES)."""
    totals = {}
    for party in PARTIES:
        values = [pts.get(party, 0) for pts in party_points_by_player.values()]
        if any(party in pts for pts in party_points_by_player.values()):
            totals[party] = sum(values)
    return totals


def _top_players(party: str, party_points_by_player: dict) -> list:
    best = max(pts.get(party, 0) for pts in party_points_by_player.values())
    return [p for p, pts in party_points_by_player.items() if pts.get(party, 0) == best]


def victory_points(party_points_by_player: dict, reading: str = "shared-rank") -> dict:
    """Final victory points per player from {player: {party: points}}.

    A party with more points than all others together (absolute majority)
    gives 5 to its top player and 0 to everybody else. Otherwise the top
    player of the strongest, second, third and weakest party gets 4, 3, 2, 1;
    only parties above 0 count; tied players all get the points. Parties with
    equal totals (not settled by the seed): ``shared-rank`` gives both the
    higher rank's points and skips the next rank, ``dense`` gives both the
    higher rank's points and continues with the next.
    """
    vp = {player: 0 for player in party_points_by_player}
    totals = party_totals(party_points_by_player)
    grand = sum(totals.values())
    for party, total in totals.items():
        if total > 0 and total > grand - total:
            for player in _top_players(party, party_points_by_player):
                vp[player] += MAJORITY_VP
            return vp
    positive = sorted(((t, p) for p, t in totals.items() if t > 0), key=lambda tp: -tp[0])
    distinct = sorted({t for t, _ in positive}, reverse=True)
    for total, party in positive:
        if reading == "shared-rank":
            rank = sum(1 for t, _ in positive if t > total)
        elif reading == "dense":
            rank = distinct.index(total)
        else:
            raise ValueError(f"unknown reading {reading!r}")
        if rank < len(RANK_VP):
            for player in _top_players(party, party_points_by_player):
                vp[player] += RANK_VP[rank]
    return vp
