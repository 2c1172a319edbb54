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
- ``state()`` is the global state (PettingZoo's ``AECEnv.state``, for centralised
  training): the observation seen from the player to move followed by two entries, 1.0 for
  the player to move (South's then North's), float32 of shape ``state_space.shape``
  (``observation_shape[0] + 2``). The sowing position is ``position`` (``raw_env``).
- ``max_plies=N`` truncates a game after N plies; None (the default) is no limit; 0 or less
  is refused (SowingError).
- ``render()``: ``render_mode="ansi"`` returns the terminal picture (text),
  ``"rgb_array"`` the SVG picture as pixels (a uint8 array (height, width, 3)), ``"human"``
  shows it (in Jupyter as SVG, else printed as text) after every reset and step.
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from . import _common
from ._sowing import Player, Ruleset, SowingError, State

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

    metadata = {
        "render_modes": _common.RENDER_MODES,
        "render_fps": _common.RENDER_FPS,
        "name": "sowing_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        ruleset_text: str = "kalah",
        render_mode: Optional[str] = None,
        reward: str = "win-loss",
        max_plies: Optional[int] = None,
    ) -> None:
        super().__init__()
        self.render_mode = _common.check_render_mode(render_mode)
        if reward not in ("win-loss", "margin"):
            raise SowingError(f"reward must be 'win-loss' or 'margin', not {reward!r}")
        self.max_plies = _common.check_max_plies(max_plies)
        self.rules = Ruleset(ruleset_text)
        self.reward_mode = reward
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
        self.state_space = spaces.Box(
            low=0.0, high=np.inf, shape=(shape[0] + 2,), dtype=np.float32
        )
        self.position: State = self.rules.start()
        self._repetitions = _common.Repetitions(self.rules)
        self._repetitions.start(self.position)
        self.plies = 0
        self._reset_books()

    def _reset_books(self) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.rules.to_move(self.position).index]

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        obs = self.rules.observation(self.position)
        mover = self.possible_agents[self.rules.to_move(self.position).index]
        if agent == mover and not self._over():
            mask = self.rules.action_mask(self.position).astype(np.int8)
        else:
            mask = np.zeros(self.rules.num_actions, dtype=np.int8)
        return {"observation": obs, "action_mask": mask}

    def state(self) -> np.ndarray:
        """The global state: the observation seen from the player to move, then 1.0 for the
        player to move (South's entry, North's)."""
        to_move = np.zeros(2, dtype=np.float32)
        to_move[self.rules.to_move(self.position).index] = 1.0
        return np.concatenate([self.rules.observation(self.position), to_move])

    def _over(self) -> bool:
        """Over by the rules, or by a repeated position (Oware)."""
        return self.rules.is_over(self.position) or self._repetitions.outcome is not None

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        self.position = self.rules.start()
        self._repetitions.start(self.position)
        self.plies = 0
        self._reset_books()
        if self.render_mode == "human":
            self.render()

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise TypeError(f"{agent} is still playing: step needs an action, not None")
        self._cumulative_rewards[agent] = 0
        self.position = self.rules.play_action(self.position, _common.check_action(action))
        self.plies += 1
        self._repetitions.reach(self.position)
        self.rewards = {a: 0 for a in self.agents}
        outcome = self._repetitions.outcome or self.rules.outcome(self.position)
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
        self.agent_selection = self.possible_agents[self.rules.to_move(self.position).index]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Any:
        """The position in the render mode: text (``"ansi"``), pixels (``"rgb_array"``, uint8
        (height, width, 3)), or shown (``"human"``: None returned); None without a mode."""
        return _common.render(self.rules, self.position, self.render_mode)

    def close(self) -> None:
        pass
