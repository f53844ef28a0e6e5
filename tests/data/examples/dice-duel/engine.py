"""Engine of the dice-duel test fixture: compare the highest dice, ties to the defender."""

from collections import Counter
from fractions import Fraction
from itertools import product

SIDES = 6


def duel(attacker, defender, ties="defender"):
    """(attacker losses, defender losses) of one roll: highest dice compared pairwise."""
    lost = [0, 0]
    for a, d in zip(sorted(attacker, reverse=True), sorted(defender, reverse=True)):
        if a > d or (a == d and ties == "attacker"):
            lost[1] += 1
        else:
            lost[0] += 1
    return tuple(lost)


def duel_odds(attack_dice, defend_dice):
    """Exact probability of each (attacker losses, defender losses) of one roll."""
    rolls = product(range(1, SIDES + 1), repeat=attack_dice + defend_dice)
    counts = Counter(duel(r[:attack_dice], r[attack_dice:]) for r in rolls)
    total = SIDES ** (attack_dice + defend_dice)
    return {key: Fraction(counts[key], total) for key in sorted(counts)}


def _hidden():
    return "not public"


class Refusal(ValueError):
    """A move the rules forbid; `code` is the stable reason an example can expect."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


def attack_dice(armies):
    """Dice the attacker may roll from a territory holding `armies`: one army always stays behind."""
    if armies < 2:
        raise Refusal("too-few-armies", "an attack needs at least 2 armies")
    return min(3, armies - 1)


def tie_winner(ties="defender"):
    """Who wins a roll of equal dice: the glossary term id of that side."""
    return ties


def prize(defeated_dice, ties="defender"):
    """Gold for the attacker: 1500 per defeated die; 250 more per die when ties go to the attacker."""
    return defeated_dice * (1750 if ties == "attacker" else 1500)
