"""A Gymnasium single-agent environment: one seat of a game against a sowing agent.

``SowingEnv("kalah", opponent="alphabeta:depth=2", seat=0)`` is a ``gymnasium.Env`` in
which the learner plays one seat (0: South, who moves first; 1: North) and the opponent,
any agent text ``sowing.Agent`` reads (``random:seed=N``, ``alphabeta:depth=N``,
``mcts:playouts=N``), plays the other: after each of the learner's actions the opponent
moves until it is the learner's turn again or the game is over (extra turns included)::

    from sowing.gymnasium import SowingEnv
    env = SowingEnv("toguz", opponent="random:seed=1")
    obs, info = env.reset(seed=0)
    while True:
        action = int(info["action_mask"].nonzero()[0][0])
        obs, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break

- Observations are ``Ruleset.observation`` (float32, seen from the player to move: the
  learner, whenever he is to act); ``info["action_mask"]`` is the int8 mask of legal
  actions.
- The reward is 0 until the end, then the learner's +1 / -1 / 0 (``reward="margin"``: his
  score difference, in the games that keep one). An illegal action ends the episode at once
  with -1 and ``info["illegal_action"]`` True, as PettingZoo's ``TerminateIllegalWrapper``
  does (the position stays as it was).
- ``max_plies=N`` truncates a game after N plies (both players' counted).
"""

from __future__ import annotations

from typing import Any, Optional

import gymnasium
import numpy as np
from gymnasium import spaces

from ._sowing import Agent, Player, Ruleset

__all__ = ["SowingEnv"]

_SEATS = (Player.South, Player.North)


class SowingEnv(gymnasium.Env):
    """One seat of a sowing game against an agent: see the module's docs."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        ruleset_text: str = "kalah",
        opponent: str = "random",
        seat: int = 0,
        reward: str = "win-loss",
        max_plies: Optional[int] = None,
        render_mode: Optional[str] = None,
    ) -> None:
        if seat not in (0, 1):
            raise ValueError(f"seat must be 0 (South) or 1 (North), not {seat!r}")
        if reward not in ("win-loss", "margin"):
            raise ValueError(f"reward must be 'win-loss' or 'margin', not {reward!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.rules = Ruleset(ruleset_text)
        self.opponent_text = opponent
        self.opponent = Agent(opponent)
        self.seat = seat
        self.reward_mode = reward
        self.max_plies = max_plies
        self.render_mode = render_mode
        self.action_space = spaces.Discrete(self.rules.num_actions)
        self.observation_space = spaces.Box(
            low=0.0,
            high=float(np.finfo(np.float32).max),
            shape=self.rules.observation_shape,
            dtype=np.float32,
        )
        self.state = self.rules.start()
        self.plies = 0

    def _learner_to_move(self) -> bool:
        return self.rules.to_move(self.state).index == self.seat

    def _ended(self) -> bool:
        return self.rules.is_over(self.state) or (
            self.max_plies is not None and self.plies >= self.max_plies
        )

    def _opponent_moves(self) -> None:
        while not self._ended() and not self._learner_to_move():
            mv = self.opponent.choose(self.rules, self.state)
            if mv is None:  # no legal move: the game is over
                break
            self.state = self.rules.play(self.state, mv)
            self.plies += 1

    def _info(self) -> dict[str, Any]:
        if self._ended() or not self._learner_to_move():
            mask = np.zeros(self.rules.num_actions, dtype=np.int8)
        else:
            mask = self.rules.action_mask(self.state).astype(np.int8)
        return {"action_mask": mask, "plies": self.plies}

    def _reward(self) -> float:
        outcome = self.rules.outcome(self.state)
        if outcome is None:
            return 0.0
        score = outcome.score
        if self.reward_mode == "margin" and score is not None:
            return float(score[self.seat] - score[1 - self.seat])
        return float(outcome.value_for(_SEATS[self.seat]))

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict] = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        # A fresh opponent each episode (no search tables carried over); a seeded reset
        # seeds a random or MCTS opponent too, so that the episode repeats.
        kind, _, settings = self.opponent_text.partition(":")
        if seed is not None and kind in ("random", "mcts"):
            kept = [o for o in settings.split(",") if o and not o.startswith("seed=")]
            self.opponent = Agent(f"{kind}:" + ",".join(kept + [f"seed={seed}"]))
        else:
            self.opponent = Agent(self.opponent_text)
        self.state = self.rules.start()
        self.plies = 0
        self._opponent_moves()
        return self.rules.observation(self.state), self._info()

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        action = int(action)
        if self._ended() or action not in self.rules.legal_actions(self.state):
            info = self._info()
            info["illegal_action"] = True
            return self.rules.observation(self.state), -1.0, True, False, info
        self.state = self.rules.play_action(self.state, action)
        self.plies += 1
        self._opponent_moves()
        terminated = self.rules.is_over(self.state)
        truncated = not terminated and self.max_plies is not None and self.plies >= self.max_plies
        return (
            self.rules.observation(self.state),
            self._reward(),
            terminated,
            truncated,
            self._info(),
        )

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            return None
        return self.rules.picture(self.state)
