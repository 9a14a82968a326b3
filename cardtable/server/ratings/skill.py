"""A rating as openskill's Weng-Lin Plackett-Luce model keeps it, and one game's update.

A rating is a belief about a player's skill: its mean `mu` and its uncertainty `sigma`. People
read one number, the rating's ordinal (``mu - 3 sigma``, a cautious estimate: 0 for a newcomer),
rounded.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

#: The model, with openskill's defaults (mu 25, sigma 25/3): every rating is computed with it.
MODEL = PlackettLuce()


@dataclass(frozen=True, slots=True)
class Skill:
    """One player's rating in one game."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The cautious estimate people are shown: ``mu - 3 sigma``."""
        return self.mu - 3 * self.sigma

    @property
    def shown(self) -> int:
        """The rating as a whole number, as the lobby and the leaderboard show it."""
        return round(self.ordinal)


#: A newcomer's rating.
NEW_SKILL = Skill(MODEL.mu, MODEL.sigma)


def updated(teams: Sequence[Sequence[Skill]], ranks: Sequence[int]) -> list[list[Skill]]:
    """Each team's members' ratings after a game in which team ``i`` placed ``ranks[i]`` (1 is
    first; equal ranks are ties)."""
    rated = MODEL.rate(
        [[MODEL.rating(mu=skill.mu, sigma=skill.sigma) for skill in team] for team in teams],
        ranks=[float(rank) for rank in ranks],
    )
    return [[Skill(rating.mu, rating.sigma) for rating in team] for team in rated]
