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
- ``max_plies=N`` truncates a game after N plies (both players' counted); None (the
  default) is no limit; 0 or less is refused (SowingError).
- Seeding follows Gymnasium: ``reset(seed=N)`` seeds the environment's generator
  (``self.np_random``), which later ``reset()`` calls carry on; a random or MCTS opponent
  draws its seed from it at every reset, so that a seeded sequence of episodes repeats and
  the episodes differ from each other. A ``seed=N`` in the opponent text seeds the
  generator when the first reset is not seeded (a ``reset(seed=...)`` wins over it).
- ``render_mode``: ``"ansi"`` returns the terminal picture (text), ``"rgb_array"`` the SVG
  picture (``Ruleset.picture_svg``) as pixels, a uint8 array (height, width, 3), for
  Gymnasium's ``RecordVideo``; ``"human"`` shows the picture at every reset and step (in
  Jupyter as SVG, else printed as text).

Importing this module registers one Gymnasium id per game of ``sowing.GAMES``:
``sowing/Kalah-v0``, ``sowing/Toguz-v0``, ``sowing/Tsoro-v0``, ``sowing/Oware-v0``, each
taking the keyword arguments of :class:`SowingEnv` (``ruleset_text`` a ruleset of that
game)::

    import gymnasium
    import sowing.gymnasium
    env = gymnasium.make("sowing/Kalah-v0", ruleset_text="kalah:pits=4,seeds=3",
                         opponent="alphabeta:depth=2", seat=1, render_mode="rgb_array")

``gymnasium.make("sowing.gymnasium:sowing/Kalah-v0")`` imports the module itself (Gymnasium
1.0 and newer read no plugin entry points, so there is no registration without an import).
"""

from __future__ import annotations

from typing import Any, Optional

import gymnasium
import numpy as np
from gymnasium import spaces

from . import _common
from ._sowing import CATALOGUE, GAMES, Agent, Player, Ruleset, SowingError

__all__ = ["SowingEnv", "ENV_IDS", "CATALOGUE_ENV_IDS", "register_envs"]

#: The Gymnasium id of each game of ``sowing.GAMES``: ``{"kalah": "sowing/Kalah-v0", ...}``.
ENV_IDS = {game: f"sowing/{game.capitalize()}-v0" for game in GAMES}

#: The Gymnasium id of each game of the catalogue of described games (``sowing.CATALOGUE``),
#: each a ``sowing/Mancala-v0`` with its ruleset text: ``{"ayoayo": "sowing/Ayoayo-v0", ...}``.
CATALOGUE_ENV_IDS = {name: f"sowing/{name.capitalize()}-v0" for name in CATALOGUE}

#: The agents that take a seed, which a reset draws from the environment's generator.
_SEEDED_AGENTS = ("random", "mcts")

_SEATS = (Player.South, Player.North)


class SowingEnv(gymnasium.Env):
    """One seat of a sowing game against an agent: see the module's docs."""

    metadata = {"render_modes": _common.RENDER_MODES, "render_fps": _common.RENDER_FPS}

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
            raise SowingError(f"seat must be 0 (South) or 1 (North), not {seat!r}")
        if reward not in ("win-loss", "margin"):
            raise SowingError(f"reward must be 'win-loss' or 'margin', not {reward!r}")
        self.render_mode = _common.check_render_mode(render_mode)
        self.max_plies = _common.check_max_plies(max_plies)
        self.rules = Ruleset(ruleset_text)
        self.opponent_text = opponent
        self.opponent = Agent(opponent)
        # The opponent's text with every setting written, but its seed (drawn at each reset).
        kind, _, settings = self.opponent.name.partition(":")
        options = [o for o in settings.split(",") if o]
        self._opponent_kind = kind
        self._opponent_options = [o for o in options if not o.startswith("seed=")]
        # A seed written in the opponent text seeds the generator if no reset does.
        written = {o.partition("=")[0].strip() for o in opponent.partition(":")[2].split(",")}
        self._opponent_seed: Optional[int] = None
        if kind in _SEEDED_AGENTS and "seed" in written:
            self._opponent_seed = int(dict(o.split("=", 1) for o in options)["seed"])
        self.seat = seat
        self.reward_mode = reward
        self.action_space = spaces.Discrete(self.rules.num_actions)
        self.observation_space = spaces.Box(
            low=0.0,
            high=float(np.finfo(np.float32).max),
            shape=self.rules.observation_shape,
            dtype=np.float32,
        )
        self.state = self.rules.start()
        self.plies = 0
        self._repetitions = _common.Repetitions(self.rules)
        self._repetitions.start(self.state)

    def _learner_to_move(self) -> bool:
        return self.rules.to_move(self.state).index == self.seat

    def _over(self) -> bool:
        """Over by the rules, or by a repeated position (Oware)."""
        return self.rules.is_over(self.state) or self._repetitions.outcome is not None

    def _ended(self) -> bool:
        return self._over() or (
            self.max_plies is not None and self.plies >= self.max_plies
        )

    def _opponent_moves(self) -> None:
        while not self._ended() and not self._learner_to_move():
            mv = self.opponent.choose(self.rules, self.state)
            if mv is None:  # no legal move: the game is over
                break
            self.state = self.rules.play(self.state, mv)
            self.plies += 1
            self._repetitions.reach(self.state)

    def _info(self) -> dict[str, Any]:
        if self._ended() or not self._learner_to_move():
            mask = np.zeros(self.rules.num_actions, dtype=np.int8)
        else:
            mask = self.rules.action_mask(self.state).astype(np.int8)
        return {"action_mask": mask, "plies": self.plies}

    def _reward(self) -> float:
        outcome = self._repetitions.outcome or self.rules.outcome(self.state)
        if outcome is None:
            return 0.0
        score = outcome.score
        if self.reward_mode == "margin" and score is not None:
            return float(score[self.seat] - score[1 - self.seat])
        return float(outcome.value_for(_SEATS[self.seat]))

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict] = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        if seed is None and self._np_random is None:
            seed = self._opponent_seed  # the opponent text's, if it has one
        super().reset(seed=seed)
        # A fresh opponent each episode (no search tables carried over). A random or MCTS
        # opponent draws its seed from the environment's generator (seeded by the first
        # seeded reset, carried on after it): seeded episodes repeat, the next ones differ.
        if self._opponent_kind in _SEEDED_AGENTS:
            drawn = int(self.np_random.integers(0, 2**63, dtype=np.int64))
            settings = ",".join(self._opponent_options + [f"seed={drawn}"])
            self.opponent = Agent(f"{self._opponent_kind}:{settings}")
        else:
            self.opponent = Agent(self.opponent_text)
        self.state = self.rules.start()
        self.plies = 0
        self._repetitions.start(self.state)
        self._opponent_moves()
        if self.render_mode == "human":
            self.render()
        return self.rules.observation(self.state), self._info()

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        action = _common.check_action(action)
        if self._ended() or action not in self.rules.legal_actions(self.state):
            info = self._info()
            info["illegal_action"] = True
            return self.rules.observation(self.state), -1.0, True, False, info
        self.state = self.rules.play_action(self.state, action)
        self.plies += 1
        self._repetitions.reach(self.state)
        self._opponent_moves()
        terminated = self._over()
        truncated = not terminated and self.max_plies is not None and self.plies >= self.max_plies
        if self.render_mode == "human":
            self.render()
        return (
            self.rules.observation(self.state),
            self._reward(),
            terminated,
            truncated,
            self._info(),
        )

    def render(self) -> Any:
        """The position in the render mode: text (``"ansi"``), pixels (``"rgb_array"``, uint8
        (height, width, 3)), or shown (``"human"``: None returned); None without a mode."""
        return _common.render(self.rules, self.state, self.render_mode)


def _make_env(game: str, ruleset_text: Optional[str] = None, **kwargs: Any) -> SowingEnv:
    """The entry point of the registered ids: a SowingEnv of a ruleset of ``game``."""
    text = game if ruleset_text is None else ruleset_text
    rules = Ruleset(text)
    if rules.game != game:
        raise SowingError(f"{ENV_IDS[game]} plays {game}, not {rules.game} ({rules})")
    return SowingEnv(text, **kwargs)


def register_envs() -> None:
    """Registers ``ENV_IDS`` and ``CATALOGUE_ENV_IDS`` with Gymnasium (done when this module
    is imported; again does nothing)."""
    for game, env_id in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point="sowing.gymnasium:_make_env",
                kwargs={"game": game},
            )
    for name, env_id in CATALOGUE_ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point="sowing.gymnasium:_make_env",
                kwargs={"game": "mancala", "ruleset_text": name},
            )


register_envs()
