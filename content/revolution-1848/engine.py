"""Rules engine of "1848 – Das Kartenspiel zur Revolution", army-card rules (seed 002): pure functions, no I/O.

Its public names are the doctest namespace of the rule texts. Conventions:

- Players are numbered 1, 2, 3, ... as in the seed's examples.
- Parties are ``republikaner``, ``demokraten``, ``liberale``, ``reaktionaere``
  (strongest-first order is decided by points, never by this list).
- Flags are ``austria`` (black-yellow), ``prussia`` (black-white) and
  ``bund`` (black-red-gold, the German federal flag).
- Military points of leaders and armies are whole numbers; trick points are
  the army points halved and rounded down.
- Cards are named by their ids in components.yaml (``pe01-hecker``,
  ``z15-kroatien``, ``z33``; a leader's ``name`` too, e.g. ``pe41-wrangel``),
  so that the website shows each card in a result under its name in the
  page's language. Person card ids start with ``pe``, extra card ids with ``z``.

Where the seed can be read in more than one way, the function takes a
keyword parameter named like the ambiguity's ``engine_option`` (defaulting to
this content's reading); Rulepress passes the reading chosen in game.yaml
``engine_options``.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

PARTIES = ("republikaner", "demokraten", "liberale", "reaktionaere")
FLAGS = ("austria", "prussia", "bund")

PLAYERS = (3, 4)  # the army-card rules are for 3 to 4 players (seed 002)
CARD_COUNTS = {"ablauf": 26, "person": 42, "extra": 34}  # public facts (shared/reference/README.md)
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


def refill(person_cards: int, extra_cards: int, refill_split: str = "pairs") -> Refill:
    """Cards a player may draw after a trick, holding `person_cards` and `extra_cards`.

    He fills up to 6 cards but draws at most 2 person and 2 extra cards.
    ``pairs`` (the seed's examples): draws go in pairs of one person and one
    extra card; an odd last draw is a free choice. ``free-within-limits``:
    every draw is free as long as neither kind exceeds 2.
    """
    if person_cards < 0 or extra_cards < 0:
        raise ValueError("a hand cannot hold a negative number of cards")
    draws = max(0, min(HAND_LIMIT - person_cards - extra_cards, MAX_PERSON_DRAW + MAX_EXTRA_DRAW))
    if refill_split == "pairs":
        pairs, odd = divmod(draws, 2)
        return Refill(person=pairs, extra=pairs, free=odd)
    if refill_split == "free-within-limits":
        # the kinds that must be drawn because the other kind is capped at 2
        person = max(0, draws - MAX_EXTRA_DRAW)
        extra = max(0, draws - MAX_PERSON_DRAW)
        return Refill(person=person, extra=extra, free=draws - person - extra)
    raise ValueError(f"unknown reading {refill_split!r}")


def refill_choices(person_cards: int, extra_cards: int, refill_split: str = "pairs") -> list[tuple[int, int]]:
    """Every (person, extra) split of the draws the rule allows, sorted."""
    r = refill(person_cards, extra_cards, refill_split=refill_split)
    return [(r.person + k, r.extra + r.free - k) for k in range(r.free + 1)]


# --- Leaders and armies --------------------------------------------------------


@dataclass(frozen=True)
class Leader:
    """A person card with a military symbol lying in front of `player`."""

    name: str  # the card's id in components.yaml
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
    leaders_military: tuple[tuple[str, int], ...] = field(default=(), repr=False, compare=False)


CROATIA_SCOPE_READINGS = ("own-leader", "any-leader")


def croatia(
    leader: Leader, played_by: int | None = None, croatia_scope: str = "own-leader", leader_cards: str = "harm-only"
) -> Leader:
    """Kroatien (Z15) used by player `played_by` (default: the leader's own player) on `leader`.

    A black-yellow (Austrian) leader gains 5 military points; others gain
    nothing. ``croatia_scope``: ``own-leader`` - the card only strengthens an
    Austrian leader of the player who uses it (the seed's explanation);
    ``any-leader`` - any black-yellow leader on the table, whoever's (the
    seed's rule sentence). ``leader_cards`` (see `may_affect_leader`):
    under ``literal`` the card has no effect on leaders at all.
    """
    if croatia_scope not in CROATIA_SCOPE_READINGS:
        raise ValueError(f"unknown reading {croatia_scope!r}; readings: {', '.join(CROATIA_SCOPE_READINGS)}")
    if leader.flag != "austria" or not may_affect_leader(CROATIA, helps=True, leader_cards=leader_cards):
        return leader
    if croatia_scope == "own-leader" and played_by is not None and played_by != leader.player:
        return leader
    return Leader(leader.name, leader.flag, leader.military + CROATIA_BONUS, leader.player, leader.party)


def commands(leaders) -> list[Command]:
    """Group free leaders by player and flag, adding their military points (sorted by player, flag)."""
    groups: dict[tuple[int, str], list[Leader]] = defaultdict(list)
    for leader in leaders:
        groups[(leader.player, leader.flag)].append(leader)
    return [
        Command(
            player,
            flag,
            tuple(sorted(l.name for l in group)),
            sum(l.military for l in group),
            tuple(sorted((l.name, l.military) for l in group)),
        )
        for (player, flag), group in sorted(groups.items())
    ]


def army_follows(army_flag: str, leaders, federal_armies: str = "possible"):
    """The command an army of `army_flag` follows, from the free `leaders`.

    Leaders of the army's own flag come first, and the strongest of them wins;
    only when none of its flag is free does pure strength decide among the
    others. Leaders of one flag at one player count together. On a tie the
    playing player decides: the tied commands are returned as a tuple.
    None when no leader is free. `federal_armies`: see `check_army_flag`.
    """
    check_army_flag(army_flag, federal_armies)
    groups = commands(leaders)
    if not groups:
        return None
    own = [c for c in groups if c.flag == army_flag]
    pool = own or groups
    best = max(c.military for c in pool)
    top = tuple(c for c in pool if c.military == best)
    return top[0] if len(top) == 1 else top


ARMY_LEADER_READINGS = ("strongest", "first-assigned")


@dataclass(frozen=True)
class Army:
    """An army card lying at `player` with the leaders assigned to it.

    `leaders` are listed in the order they were assigned (the first one took
    the army). `chosen` names the leader the army's player picks to lead it
    when leaders of equal strength but different party or flag lie on it.
    """

    card: str
    flag: str
    strength: int
    player: int
    leaders: tuple[Leader, ...] = ()
    chosen: str | None = None

    @property
    def led(self) -> bool:
        return bool(self.leaders)

    def leading(self, army_leader: str = "strongest") -> Leader | None:
        """The leader who leads the army: his party and flag are the army's (None without a leader).

        ``strongest``: the leader with the most military points; when leaders
        of equal strength differ in party or flag, the army's player decides
        (`chosen`), and without his choice the engine refuses. ``first-assigned``:
        the leader the army was assigned to first; later leaders add points only.
        """
        if army_leader not in ARMY_LEADER_READINGS:
            raise ValueError(f"unknown reading {army_leader!r}; readings: {', '.join(ARMY_LEADER_READINGS)}")
        if not self.leaders:
            return None
        if army_leader == "first-assigned":
            return self.leaders[0]
        best = max(l.military for l in self.leaders)
        top = [l for l in self.leaders if l.military == best]
        if len({(l.party, l.flag) for l in top}) == 1:
            return top[0]
        picked = [l for l in top if l.name == self.chosen]
        if not picked:
            raise Refusal(
                "leader-choice",
                f"army {self.card}: leaders {', '.join(sorted(l.name for l in top))} are equally strong; "
                "its player chooses who leads (Army(..., chosen=...))",
            )
        return picked[0]

    @property
    def party(self) -> str | None:
        """The party of the army's leading leader, as printed on his card (None without a leader)."""
        return self.party_under()

    def party_under(self, bund_party: str = "card-party", army_leader: str = "strongest") -> str | None:
        """The party the army counts for under the readings `bund_party` (see `leader_party`) and `army_leader`."""
        leader = self.leading(army_leader)
        return None if leader is None else leader_party(leader, bund_party=bund_party)

    def under_bundesfahne(self, army_leader: str = "strongest") -> bool:
        """Is the army led by a commander under the federal flag (its leading leader is a Bund leader)?"""
        leader = self.leading(army_leader)
        return leader is not None and leader.flag == "bund"

    @property
    def bundesfahne(self) -> bool:
        return self.under_bundesfahne()


BUND_PARTY_READINGS = ("card-party", "never-reactionary")


def leader_party(leader: Leader, bund_party: str = "card-party") -> str:
    """The party a leader fights for.

    ``card-party``: the party of his person card, also for a leader under the
    federal flag (he may then be reactionary, which is what gives the seed's
    exemption of such armies from red cards a purpose); ``never-reactionary``:
    the federal flag stands for republican and other leaders, so a federal
    leader whose card says reactionary counts for the republicans.
    """
    if bund_party not in BUND_PARTY_READINGS:
        raise ValueError(f"unknown reading {bund_party!r}; readings: {', '.join(BUND_PARTY_READINGS)}")
    if bund_party == "never-reactionary" and leader.flag == "bund" and leader.party == "reaktionaere":
        return "republikaner"
    return leader.party


def army_points(army: Army) -> int:
    """Army value plus the military points of its leaders; 0 for an army without leader (no effect)."""
    if not army.led:
        return 0
    return army.strength + sum(l.military for l in army.leaders)


def halve(points: int, negative_rounding: str = "floor") -> int:
    """Half the points, fractions dropped: ``floor`` rounds down, ``toward-zero`` for negatives drops the fraction."""
    if negative_rounding == "floor":
        return points // 2
    if negative_rounding == "toward-zero":
        return int(points / 2)
    raise ValueError(f"unknown reading {negative_rounding!r}")


@dataclass(frozen=True)
class TrickResult:
    """Who is credited with what after a trick scored by armies."""

    winner: int | None  # None on a stalemate
    party: str | None
    points: dict
    stalemate: bool = False


MAJORITY_READINGS = ("most-points", "more-than-half")
RED_HALVING_READINGS = ("halved", "misprint")
STRONGER_ARMY_READINGS = ("army-points", "card-value")
RED_APPLIES_READINGS = ("winning-party", "strongest-army")
STALEMATE_CREDIT_READINGS = ("own-halved", "red-subtracted")


def holds_majority(points: int, party_total: int, others, majority: str = "most-points") -> bool:
    """Does a player with `points` of a party (`party_total` in all) hold "die Mehrheit" of it?

    `others` are the points the other players hold of that party.
    ``most-points``: more than every other player (a plurality);
    ``more-than-half``: more than half of the party's points.
    """
    if majority == "most-points":
        return all(points > o for o in others)
    if majority == "more-than-half":
        return 2 * points > party_total
    raise ValueError(f"unknown reading {majority!r}; readings: {', '.join(MAJORITY_READINGS)}")


TRICK_WINNER_READINGS = ("player-points", "strongest-army")
STALEMATE_INVOLVED_READINGS = ("top-parties", "all-armies")
FEDERAL_ARMIES_READINGS = ("possible", "none")


def check_army_flag(flag: str, federal_armies: str = "possible") -> None:
    """Refuse an army flag the reading `federal_armies` does not allow.

    ``possible``: an army card may fly the federal flag (the seed's "Bund zu
    Bund"; five army cards' flags are unknown); ``none``: army cards carry only
    the Austrian or Prussian strength symbol, so no army is a federal one.
    """
    if flag not in FLAGS:
        raise ValueError(f"unknown flag {flag!r}")
    if federal_armies not in FEDERAL_ARMIES_READINGS:
        raise ValueError(f"unknown reading {federal_armies!r}; readings: {', '.join(FEDERAL_ARMIES_READINGS)}")
    if federal_armies == "none" and flag == "bund":
        raise Refusal("no-federal-army", "army cards carry only Austrian or Prussian strength symbols")


def party_points(armies, bund_party: str = "card-party", army_leader: str = "strongest") -> dict:
    """{party: {player: army points}} of the led `armies` (the input of `is_stalemate`)."""
    found: dict[str, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    for army in armies:
        if army.led:
            found[army.party_under(bund_party, army_leader)][army.player] += army_points(army)
    return {party: dict(sorted(held.items())) for party, held in found.items()}


def is_stalemate(party_points: dict, majority: str = "most-points") -> bool:
    """True when a trick cannot be decided.

    `party_points` maps party -> {player: points} (see `party_points`). Undecided when the two
    strongest parties are equally strong, or when no player holds the majority of the strongest
    party (see `holds_majority`). `score_trick` decides by the same test under its default
    readings (``trick_winner="player-points"``).
    """
    totals = {p: sum(v.values()) for p, v in party_points.items() if v}
    if not totals:
        return False
    ranked = sorted(totals.values(), reverse=True)
    if len(ranked) > 1 and ranked[0] == ranked[1]:
        return True
    strongest = max(totals, key=totals.get)
    held = party_points[strongest]
    return not any(
        holds_majority(v, totals[strongest], [o for q, o in held.items() if q != p], majority=majority)
        for p, v in held.items()
    )


def _check_readings(**given) -> None:
    """Refuse an unknown reading of any of the scoring options in `given`."""
    known = {
        "stronger_army": STRONGER_ARMY_READINGS,
        "red_applies": RED_APPLIES_READINGS,
        "red_halving": RED_HALVING_READINGS,
        "stalemate_credit": STALEMATE_CREDIT_READINGS,
        "trick_winner": TRICK_WINNER_READINGS,
        "majority": MAJORITY_READINGS,
        "stalemate_involved": STALEMATE_INVOLVED_READINGS,
    }
    for option, reading in given.items():
        if reading not in known[option]:
            raise ValueError(f"unknown reading {reading!r} of {option}; readings: {', '.join(known[option])}")


def _player_strength(contenders, strength, trick_winner: str) -> dict[int, int]:
    """Each player's strength in the winning party: his armies together or his strongest one."""
    found: dict[int, int] = {}
    for army in contenders:
        value = strength(army)
        if trick_winner == "player-points":
            found[army.player] = found.get(army.player, 0) + value
        else:
            found[army.player] = max(found.get(army.player, value), value)
    return found


def _red_score(top: int, red: int, red_halving: str, red_order: str, negative_rounding: str) -> int:
    """The winning party's noted points: `top` army points against `red` values (see `score_trick`)."""
    if red_halving == "misprint" and red:
        return top - red
    if red_order == "subtract-then-halve":
        return halve(top - red, negative_rounding=negative_rounding)
    if red_order == "halve-each":
        return halve(top, negative_rounding=negative_rounding) - halve(red, negative_rounding=negative_rounding)
    if red_order == "halve-army-only":
        return halve(top, negative_rounding=negative_rounding) - red
    raise ValueError(f"unknown reading {red_order!r}")


def score_trick(
    armies,
    red_cards=(),
    red_order: str = "subtract-then-halve",
    negative_rounding: str = "floor",
    bund_party: str = "card-party",
    majority: str = "most-points",
    red_halving: str = "halved",
    stalemate_credit: str = "own-halved",
    stronger_army: str = "army-points",
    red_applies: str = "winning-party",
    trick_winner: str = "player-points",
    army_leader: str = "strongest",
    federal_armies: str = "possible",
    stalemate_involved: str = "top-parties",
) -> TrickResult:
    """Score a trick decided by armies (only armies with at least one leader count).

    Army points are summed per party; the strongest party wins, and the player
    with its strongest army is credited with all of that party's army points,
    halved and rounded down. If that party is the reactionaries, the values of
    all red cards on the table are subtracted (negative results stay) from
    the points of its armies - except from an army led under the Bundesfahne,
    which red cards do not touch: with only such armies nothing is
    subtracted; with mixed armies the red values are taken from the others
    (Bund-led 12 + plain 6 against red 11: 12 + 6 - 11 = 7, halved 3).
    `red_order` says when the red cards are subtracted: ``subtract-then-halve``
    (halve the difference), ``halve-each`` (halve army points and red values
    separately), ``halve-army-only`` (subtract the full red values from the
    halved army points). `red_halving`: ``halved`` (the seed's example 2 is
    right) or ``misprint`` (its 3 is a misprint for 6: when red cards are
    subtracted, nothing is halved). `bund_party`: the party of a leader under the
    federal flag (see `leader_party`); `army_leader`: which of an army's leaders
    gives it party and flag (see `Army.leading`); `federal_armies`: may an army
    fly the federal flag (see `check_army_flag`).

    `trick_winner`: whose army of the winning party is "the stronger one" -
    ``player-points``: a player's armies of that party count together, so the
    winner is the player who holds the majority of its points (as `is_stalemate`
    tests); ``strongest-army``: the player with the strongest single army.
    `stronger_army`: what an army's strength is - ``army-points`` (card value
    plus leaders) or ``card-value`` (the army card's own value).

    A tie of the two strongest parties, or no player holding the majority of
    the winning party (`majority`: with ``most-points`` the strongest players
    of the party are equally strong; with ``more-than-half`` no player holds
    more than half of its points), is a stalemate: every player involved is
    credited with his own army points, halved (`stalemate_credit`:
    ``own-halved`` without red cards, ``red-subtracted`` with the red values
    taken from each reactionary player's own points first). Who is "involved"
    (`stalemate_involved`): ``top-parties`` - the players with armies of the
    strongest (tied) parties; ``all-armies`` - every player with a led army.

    `red_applies`: red cards count when the winning party is the reactionaries
    (``winning-party``) or, by the letter, only when the strongest single army
    on the table is reactionary (``strongest-army``).
    """
    _check_readings(
        stronger_army=stronger_army,
        red_applies=red_applies,
        red_halving=red_halving,
        stalemate_credit=stalemate_credit,
        trick_winner=trick_winner,
        majority=majority,
        stalemate_involved=stalemate_involved,
    )
    for army in armies:
        check_army_flag(army.flag, federal_armies)
    led = [a for a in armies if a.led]
    if not led:
        raise ValueError("no army with a leader: the trick is not decided by military values")
    party_of = {id(a): a.party_under(bund_party, army_leader) for a in led}
    totals: dict[str, int] = defaultdict(int)
    for army in led:
        totals[party_of[id(army)]] += army_points(army)
    top = max(totals.values())
    parties = [p for p, t in totals.items() if t == top]
    contenders = [a for a in led if party_of[id(a)] in parties]

    def strength(army: Army) -> int:
        return army_points(army) if stronger_army == "army-points" else army.strength

    held: dict[int, int] = defaultdict(int)
    for army in contenders:
        held[army.player] += army_points(army)
    power = _player_strength(contenders, strength, trick_winner)
    strongest = max(power.values())
    if majority == "most-points":
        undecided = sum(1 for v in power.values() if v == strongest) > 1
    else:
        undecided = not any(holds_majority(v, top, (), majority=majority) for v in held.values())
    if len(parties) > 1 or undecided:
        involved = contenders if stalemate_involved == "top-parties" else led
        held = defaultdict(int)
        for army in involved:
            held[army.player] += army_points(army)
        if stalemate_credit == "red-subtracted":
            hurt = {
                a.player for a in involved if party_of[id(a)] == "reaktionaere" and not a.under_bundesfahne(army_leader)
            }
            held = defaultdict(int, {p: v - (sum(red_cards) if p in hurt else 0) for p, v in held.items()})
        return TrickResult(
            None, None, {p: halve(v, negative_rounding) for p, v in sorted(held.items())}, stalemate=True
        )
    party = parties[0]
    if majority == "most-points":
        winner = next(p for p, v in sorted(power.items()) if v == strongest)
    else:
        winner = next(p for p, v in sorted(held.items()) if holds_majority(v, top, (), majority=majority))
    exposed = [a for a in contenders if not a.under_bundesfahne(army_leader)]
    reactionary = party == "reaktionaere"
    if red_applies == "strongest-army":
        top_army = max(army_points(a) for a in led)
        reactionary = reactionary and any(army_points(a) == top_army and party_of[id(a)] == "reaktionaere" for a in led)
    red = sum(red_cards) if reactionary and exposed else 0
    score = _red_score(top, red, red_halving, red_order, negative_rounding)
    return TrickResult(winner, party, {winner: score})


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


NEGATIVE_TOTALS_READINGS = ("count", "positive-only")
WEAKEST_PARTY_READINGS = ("by-rank", "weakest-one")
MAJORITY_TIE_READINGS = ("each-five", "ranks-instead")


def has_absolute_majority(party: str, totals: dict, negative_totals: str = "count") -> bool:
    """Has `party` more points than all other parties together?

    ``count``: every other party's total is added, a negative one too (it
    lowers "all the others"); ``positive-only``: only the others' totals above
    0 are added, as only such parties score at all. Only the strongest party
    can hold it (a party with 0 or less never does).
    """
    if negative_totals not in NEGATIVE_TOTALS_READINGS:
        raise ValueError(f"unknown reading {negative_totals!r}; readings: {', '.join(NEGATIVE_TOTALS_READINGS)}")
    others = [t for p, t in totals.items() if p != party and (negative_totals == "count" or t > 0)]
    return totals[party] > 0 and totals[party] > sum(others)


def _rank_points(positive, party_tie: str, weakest_party: str) -> dict[str, int]:
    """Victory points of each party above 0 (`positive`: (total, party), strongest first)."""
    if party_tie not in ("shared-rank", "dense"):
        raise ValueError(f"unknown reading {party_tie!r}")
    if weakest_party not in WEAKEST_PARTY_READINGS:
        raise ValueError(f"unknown reading {weakest_party!r}; readings: {', '.join(WEAKEST_PARTY_READINGS)}")
    distinct = sorted({t for t, _ in positive}, reverse=True)
    points = {}
    for total, party in positive:
        if party_tie == "shared-rank":
            rank = sum(1 for t, _ in positive if t > total)
        else:
            rank = distinct.index(total)
        if rank < len(RANK_VP):
            points[party] = RANK_VP[rank]
        if weakest_party == "weakest-one" and len(distinct) > 1 and total == distinct[-1]:
            points[party] = RANK_VP[-1]
    return points


def victory_points(
    party_points_by_player: dict,
    party_tie: str = "shared-rank",
    negative_totals: str = "count",
    weakest_party: str = "by-rank",
    majority_tie: str = "each-five",
) -> dict:
    """Final victory points per player from {player: {party: points}}.

    The strongest party, if it has more points than all others together
    (absolute majority, `negative_totals`: see `has_absolute_majority`), gives
    5 to its top player and 0 to everybody else. Otherwise the top player of
    the strongest, second, third and weakest party gets 4, 3, 2, 1; only
    parties above 0 count; tied players all get the points. Parties with
    equal totals (not settled by the seed): ``shared-rank`` gives both the
    higher rank's points and skips the next rank, ``dense`` gives both the
    higher rank's points and continues with the next. `weakest_party`: with
    fewer than four parties above 0, ``by-rank`` gives the third 2 (the ranks
    count from the strongest), ``weakest-one`` gives the weakest party above 0
    its 1 whatever its rank. `majority_tie`, when players tie for the most points of the party with
    the absolute majority (seed 002 l.67 names one player, the tie sentence of l.68 follows the
    4/3/2/1 paragraph): ``each-five`` gives each of them the 5; ``ranks-instead`` scores 4/3/2/1.
    """
    if majority_tie not in MAJORITY_TIE_READINGS:
        raise ValueError(f"unknown reading {majority_tie!r}; readings: {', '.join(MAJORITY_TIE_READINGS)}")
    vp = {player: 0 for player in party_points_by_player}
    totals = party_totals(party_points_by_player)
    if totals:
        strongest = max(totals, key=lambda p: totals[p])
        top = _top_players(strongest, party_points_by_player)
        majority = has_absolute_majority(strongest, totals, negative_totals=negative_totals)
        if majority and (len(top) == 1 or majority_tie == "each-five"):
            for player in top:
                vp[player] += MAJORITY_VP
            return vp
    positive = sorted(((t, p) for p, t in totals.items() if t > 0), key=lambda tp: -tp[0])
    for party, points in _rank_points(positive, party_tie, weakest_party).items():
        for player in _top_players(party, party_points_by_player):
            vp[player] += points
    return vp


# --- Cards: kinds, pushing under a pile, cards that leave the game ----------------------------

ARMY_CARDS = tuple(f"z{n}" for n in range(28, 35))  # Z28 .. Z34
LEAVING_PAIRS = (("z-amerika", "z-sklaverei"), ("z-englisches-vorbild", "z-irische-hungersnot"))
LEADER_EXCEPTIONS = ("z-lola-montez", "z-bauernaufstand")
CROATIA = "z15-kroatien"


def card_kind(card: str) -> str:
    """``person`` for person cards (ids starting ``pe``), ``extra`` for extra cards (``z``)."""
    if card.lower().startswith("pe"):
        return "person"
    if card.lower().startswith("z"):
        return "extra"
    raise ValueError(f"{card!r} is neither a person card (pe..) nor an extra card (z..)")


def is_army_card(card: str) -> bool:
    """True for the army cards Z28 to Z34."""
    return card.lower() in ARMY_CARDS


class Refusal(ValueError):
    """A move the rules do not allow, with a stable ``code`` (the website shows its label from game.yaml)."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


def push_under(hand, card: str, piles: dict, trick_over: bool = False) -> tuple[tuple, dict]:
    """Push a hand card face down under the pile of its kind instead of playing or passing.

    The player stays in the trick. Cards still held when the trick is over
    cannot be put back. Returns the new hand and piles (piles top first).
    """
    if trick_over:
        raise Refusal("trick-over", "hand cards still held at the end of a trick cannot be put back")
    hand = list(hand)
    if card not in hand:
        raise ValueError(f"{card!r} is not in the hand")
    hand.remove(card)
    kind = card_kind(card)
    new_piles = dict(piles)
    new_piles[kind] = tuple(piles.get(kind, ())) + (card,)
    return tuple(hand), new_piles


def leaving_game(trick_cards) -> list[str]:
    """Cards of a finished trick that leave the game, in the order given.

    Every army card that lay on the table, and both cards of a named pair
    when they meet in the same trick.
    """
    cards = [c.lower() for c in trick_cards]
    present = set(cards)
    pairs = {c for pair in LEAVING_PAIRS if set(pair) <= present for c in pair}
    return [c for c in cards if is_army_card(c) or c in pairs]


LEADER_CARDS_READINGS = ("harm-only", "literal")


def may_affect_leader(card: str, helps: bool = False, leader_cards: str = "harm-only") -> bool:
    """May the extra card `card` act on a leader?

    Extra cards never refer to a leader, except Lola Montez and the peasants'
    revolt. Yet Kroatien (Z15) strengthens Austrian leaders. ``harm-only``:
    the rule protects leaders from harm ("nicht so verletzbar"), so a card
    that `helps` a leader, like Kroatien, may; ``literal``: only the two named
    exceptions may, and Kroatien has no effect on leaders.
    """
    card = card.lower()
    if card in LEADER_EXCEPTIONS:
        return True
    if leader_cards == "harm-only":
        return helps
    if leader_cards == "literal":
        return False
    raise ValueError(f"unknown reading {leader_cards!r}; readings: {', '.join(LEADER_CARDS_READINGS)}")


def croatia_applies(leader: Leader, leader_cards: str = "harm-only", croatia_scope: str = "own-leader") -> Leader:
    """Kroatien played on `leader` by his own player (`croatia` with the leader's player as the user)."""
    return croatia(leader, leader_cards=leader_cards, croatia_scope=croatia_scope)


# --- Choosing armies -----------------------------------------------------------------------------


LEADER_STACKING_READINGS = ("surplus-only", "always")


def _split_off(taken: dict, flag: str | None) -> tuple[str, Command] | None:
    """Take the weakest leader off a command that leads an army with several leaders
    (of `flag`, or of any flag when None), to lead an army of his own."""
    stacked = [(card, c) for card, c in taken.items() if len(c.leaders) > 1 and (flag is None or c.flag == flag)]
    if not stacked:
        return None
    card, command = max(stacked, key=lambda cc: (cc[1].military, -cc[1].player))
    weights = dict(command.leaders_military)
    name = min(command.leaders, key=lambda n: (weights[n], n))
    rest = tuple(n for n in command.leaders if n != name)
    taken[card] = Command(command.player, command.flag, rest, command.military - weights[name], _weights(rest, weights))
    return card, Command(command.player, command.flag, (name,), weights[name], ((name, weights[name]),))


def _weights(names, weights: dict) -> tuple[tuple[str, int], ...]:
    return tuple((n, weights[n]) for n in names)


def assign_armies(
    armies, leaders, leader_stacking: str = "surplus-only", federal_armies: str = "possible"
) -> dict[str, Command | None]:
    """Which command takes each army, when several armies are in play.

    `armies` are (card, flag) pairs, listed in the order the choosing
    commands prefer them. Armies go first to leaders of their own flag; the
    strongest command of a flag chooses first and takes the first army of its
    flag left. Armies without a free leader of their flag then go to the
    strongest commands left, whatever their flag. None when no leader is left.
    Ties between commands are left to the playing player: the first in player
    order is taken here.

    `leader_stacking`: ``surplus-only`` - a player's leaders of one flag count
    together, but lead one army together only when there are more leaders than
    armies: an army still without a leader takes one leader off a stacked
    command (the weakest; which one is really its player's choice);
    ``always`` - leaders of one flag at one player always lead one army together.
    """
    if leader_stacking not in LEADER_STACKING_READINGS:
        raise ValueError(f"unknown reading {leader_stacking!r}; readings: {', '.join(LEADER_STACKING_READINGS)}")
    for _card, flag in armies:
        check_army_flag(flag, federal_armies)
    free = sorted(commands(leaders), key=lambda c: (-c.military, c.player, c.flag))
    result: dict[str, Command | None] = {card: None for card, _ in armies}
    taken: dict[str, Command] = {}
    waiting = list(armies)
    for flag in FLAGS:
        for command in [c for c in free if c.flag == flag]:
            own = [a for a in waiting if a[1] == flag]
            if not own:
                break
            taken[own[0][0]] = command
            waiting.remove(own[0])
            free.remove(command)
    for card, flag in list(waiting):
        if free:
            taken[card] = free.pop(0)
            continue
        if leader_stacking == "surplus-only":
            split = _split_off(taken, flag) or _split_off(taken, None)
            if split is not None:
                taken[card] = split[1]
    result.update(taken)
    return result


# --- The round: passing, pushing, re-entry, stalemate and the Ablaufkarte -----------------------------

FIRST_PASSER_READINGS = ("first-in-round", "since-last-army")


@dataclass(frozen=True)
class Round:
    """Who is still in a round, who passed (in order), and who passed first."""

    seats: tuple[int, ...]  # clockwise; the player to the left of a seat is the next one
    passed: tuple[int, ...] = ()
    first_passer: int | None = None

    @property
    def active(self) -> tuple[int, ...]:
        return tuple(p for p in self.seats if p not in self.passed)


ARMY_ANY_TIME_READINGS = ("while-in", "even-after-passing")


def act(
    state: Round,
    player: int,
    action: str,
    card: str | None = None,
    first_passer: str = "first-in-round",
    army_any_time: str = "while-in",
) -> Round:
    """One action of `player`: ``play`` a card, ``push`` one under its pile, or ``pass``.

    Pushing keeps the player in the round. Playing an army card brings every
    player who passed back in. Who "passed first" (the stalemate opener's
    reference): ``first-in-round`` keeps the first pass of the round even
    after an army card; ``since-last-army`` forgets it when players re-enter.
    "An army card may be played at any time" (`army_any_time`): ``while-in`` -
    at any turn of a player still in the round, not only to open it;
    ``even-after-passing`` - also by a player who has passed, who then comes
    back in with everybody else.
    """
    if first_passer not in FIRST_PASSER_READINGS:
        raise ValueError(f"unknown reading {first_passer!r}; readings: {', '.join(FIRST_PASSER_READINGS)}")
    if army_any_time not in ARMY_ANY_TIME_READINGS:
        raise ValueError(f"unknown reading {army_any_time!r}; readings: {', '.join(ARMY_ANY_TIME_READINGS)}")
    late_army = army_any_time == "even-after-passing" and action == "play" and card is not None and is_army_card(card)
    if player not in state.seats:
        raise ValueError(f"player {player} is not at the table")
    if player not in state.active and not late_army:
        raise Refusal("passed", f"player {player} has passed and cannot act")
    if action == "pass":
        return Round(
            state.seats, state.passed + (player,), state.first_passer if state.first_passer is not None else player
        )
    if action == "push":
        return state
    if action == "play":
        if card is not None and is_army_card(card):
            keep = state.first_passer if first_passer == "first-in-round" else None
            return Round(state.seats, (), keep)
        return state
    raise ValueError(f"unknown action {action!r}: play, push or pass")


def left_of(seats, player: int) -> int:
    """The player to the left (next clockwise) of `player`."""
    seats = tuple(seats)
    return seats[(seats.index(player) + 1) % len(seats)]


@dataclass(frozen=True)
class AfterTrick:
    """What follows a trick: the Ablaufkarte played for next, who opens (None: not in the seed), cards won."""

    ablauf: str
    opener: int | None
    won: dict


def after_trick(result: TrickResult, state: Round, ablauf: str, ablauf_deck, won: dict) -> AfterTrick:
    """The trick winner takes the Ablaufkarte and the next one is revealed; after a stalemate
    the same Ablaufkarte is played for again, in a new round opened by the player to the left of
    the one who passed first."""
    won = dict(won)
    if result.stalemate:
        if state.first_passer is None:
            raise ValueError("nobody passed: the seed names no opener for the new round")
        return AfterTrick(ablauf, left_of(state.seats, state.first_passer), won)
    won[result.winner] = won.get(result.winner, 0) + 1
    deck = list(ablauf_deck)
    return AfterTrick(deck[0] if deck else "", None, won)
