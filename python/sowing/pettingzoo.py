"""PettingZoo environments of every game and switch: ``sowing.pettingzoo.env(ruleset_text)``.

An :class:`pettingzoo.AECEnv` for two agents, ``"player_0"`` (South, who moves first) and
``"player_1"`` (North), in the style of PettingZoo's classic board games::

    from sowing.pettingzoo import env
    e = env("kalah", render_mode="ansi")
    e.reset(seed=0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else int(obs["action_mask"].nonzero()[0][0])
        e.step(action)

- Observations are ``{"observation": ..., "action_mask": ...}``: the ruleset's encoding
  (``Ruleset.observation``, float32, seen from the player to move; the fields of each game
  are documented in the Rust crate's ``sowing::encode``) and an int8 mask of
  ``Ruleset.num_actions`` legal actions. The agent not to move sees the same board with an
  all-zero mask.
- Actions are the ruleset's action indices (``Ruleset.action_to_move``). In Kalah and Tsoro
  a player may move several times in a row (an extra turn, a head decision, bonus takes):
  ``agent_selection`` then stays on him.
- Rewards are 0 until the end, then +1 / -1 / 0 (``reward="margin"``: the final score
  difference, in the games that keep a score). An illegal action ends the game with -1 for
  the agent that played it (PettingZoo's ``TerminateIllegalWrapper``).
- ``max_plies=N`` truncates a game after N plies; ``render_mode="ansi"`` returns the
  terminal picture from ``render()``.
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ._sowing import Player, Ruleset

_SEATS = (Player.South, Player.North)

__all__ = ["env", "raw_env"]


def env(
    ruleset_text: str = "kalah",
    render_mode: Optional[str] = None,
    reward: str = "win-loss",
    max_plies: Optional[int] = None,
) -> AECEnv:
    """The game of ``ruleset_text`` as a PettingZoo AEC environment, with PettingZoo's usual
    wrappers (illegal actions end the game with -1, actions out of range raise, the API
    order is enforced)."""
    e: AECEnv = raw_env(ruleset_text, render_mode=render_mode, reward=reward, max_plies=max_plies)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


class raw_env(AECEnv):
    """The unwrapped environment: see the module's docs."""

    metadata = {"render_modes": ["ansi"], "name": "sowing_v0", "is_parallelizable": False}

    def __init__(
        self,
        ruleset_text: str = "kalah",
        render_mode: Optional[str] = None,
        reward: str = "win-loss",
        max_plies: Optional[int] = None,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        if reward not in ("win-loss", "margin"):
            raise ValueError(f"reward must be 'win-loss' or 'margin', not {reward!r}")
        self.rules = Ruleset(ruleset_text)
        self.render_mode = render_mode
        self.reward_mode = reward
        self.max_plies = max_plies
        self.possible_agents = ["player_0", "player_1"]
        self.agents = self.possible_agents[:]
        n = self.rules.num_actions
        shape = self.rules.observation_shape
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(low=0.0, high=np.inf, shape=shape, dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(n,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.state = self.rules.start()
        self.plies = 0
        self._reset_books()

    def _reset_books(self) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.rules.to_move(self.state).index]

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        obs = self.rules.observation(self.state)
        mover = self.possible_agents[self.rules.to_move(self.state).index]
        if agent == mover and not self.rules.is_over(self.state):
            mask = self.rules.action_mask(self.state).astype(np.int8)
        else:
            mask = np.zeros(self.rules.num_actions, dtype=np.int8)
        return {"observation": obs, "action_mask": mask}

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        self.state = self.rules.start()
        self.plies = 0
        self._reset_books()

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is still playing: step needs an action, not None")
        self._cumulative_rewards[agent] = 0
        self.state = self.rules.play_action(self.state, int(action))
        self.plies += 1
        self.rewards = {a: 0 for a in self.agents}
        outcome = self.rules.outcome(self.state)
        if outcome is not None:
            score = outcome.score
            for i, a in enumerate(self.possible_agents):
                if self.reward_mode == "margin" and score is not None:
                    self.rewards[a] = score[i] - score[1 - i]
                else:
                    self.rewards[a] = outcome.value_for(_SEATS[i])
            self.terminations = {a: True for a in self.agents}
        elif self.max_plies is not None and self.plies >= self.max_plies:
            self.truncations = {a: True for a in self.agents}
        self.agent_selection = self.possible_agents[self.rules.to_move(self.state).index]
        self._accumulate_rewards()

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            return None
        return self.rules.picture(self.state)

    def close(self) -> None:
        pass
