"""OpenSpiel games of every game and switch: ``sowing.openspiel.register()``.

After ``register()``, ``pyspiel.load_game("sowing_kalah")``, ``"sowing_toguz"`` and
``"sowing_tsoro"`` are Python games of OpenSpiel, with the ruleset text as the game
parameter ``rules`` (``pyspiel.load_game("sowing_kalah", {"rules": "kalah:pie"})``), so that
OpenSpiel's own algorithms (MCTS, alpha-beta, CFR, ...) run on every game and switch.
OpenSpiel's game strings split parameters at ``,`` and ``=``, so there the switches are
joined by ``;`` and their values follow ``:`` (``"sowing_kalah(rules=kalah:pits:4;seeds:3)"``);
both forms are read::

    import pyspiel
    from sowing.openspiel import register
    register()
    game = pyspiel.load_game("sowing_toguz", {"rules": "toguz:bestemshe"})
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])

- Actions are the ruleset's action indices (``Ruleset.num_actions``, ``action_to_move``);
  the action strings are the game's notation.
- A player may move several times in a row (Kalah's extra turns, Tsoro's decisions within a
  turn): ``current_player()`` then stays on him.
- Returns are +1 / -1 / 0 at the end (zero-sum, terminal rewards). The optional parameter
  ``max_plies`` (default 0: none) ends a game as a draw after that many plies; OpenSpiel's
  ``max_game_length`` is that limit, or else a generous bound (``_MAX_LENGTH``) that random
  games stay well under.
- The observation tensor is ``Ruleset.observation`` (seen from the player to move, for
  either player: the games are of perfect information and the same for both seats); the
  observation string is the position text.
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np

from ._sowing import GAMES as _GAMES
from ._sowing import Ruleset

__all__ = ["register", "GAMES"]

#: The games ``register`` adds, one for each game of the crate: OpenSpiel short name
#: (``sowing_<game>``), default ruleset text.
GAMES = {f"sowing_{game}": game for game in _GAMES}

#: ``max_game_length`` without a ``max_plies`` limit, per game; 1000 (OpenSpiel's own
#: ``oware`` limit) for a game not named here.
_MAX_LENGTH = {"kalah": 1000, "toguz": 2000, "tsoro": 20000}

_registered = False


def _to_game_string(text: str) -> str:
    """Ruleset text in the form OpenSpiel's game strings can hold: `;` for `,`, `:` for `=`."""
    return text.replace(",", ";").replace("=", ":")


def _from_game_string(text: str) -> str:
    """Ruleset text from either form (the inverse of `_to_game_string`)."""
    game, sep, switches = text.partition(":")
    return game + sep + switches.replace(";", ",").replace(":", "=")


def register() -> None:
    """Registers ``sowing_<game>`` for each of the crate's games (``sowing_kalah``,
    ``sowing_toguz``, ``sowing_tsoro``, ``sowing_oware``) with ``pyspiel`` (once; later calls
    do nothing)."""
    global _registered
    if _registered:
        return
    import pyspiel

    for short_name, default in GAMES.items():
        game_type = _game_type(pyspiel, short_name, default)
        pyspiel.register_game(game_type, _game_class(pyspiel, game_type, default))
    _registered = True


def _game_type(pyspiel: Any, short_name: str, default: str) -> Any:
    return pyspiel.GameType(
        short_name=short_name,
        long_name=f"sowing: {Ruleset(default).game}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"rules": default, "max_plies": 0},
    )


def _game_class(pyspiel: Any, game_type: Any, default: str) -> type:
    game_name = Ruleset(default).game

    class Game(pyspiel.Game):
        """A sowing ruleset as an OpenSpiel game (see ``sowing.openspiel``)."""

        def __init__(self, params: Optional[dict] = None) -> None:
            params = dict(params or {})
            rules = Ruleset(_from_game_string(str(params.get("rules", default))))
            if rules.game != game_name:
                raise ValueError(
                    f"{game_type.short_name} plays {game_name}, not {rules.game} ({rules})"
                )
            max_plies = int(params.get("max_plies", 0))
            if max_plies < 0:
                raise ValueError(f"max_plies must be 0 (none) or more, not {max_plies}")
            info = pyspiel.GameInfo(
                num_distinct_actions=rules.num_actions,
                max_chance_outcomes=0,
                num_players=2,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=0.0,
                max_game_length=max_plies or _MAX_LENGTH.get(game_name, 1000),
            )
            text = _to_game_string(str(rules))
            super().__init__(game_type, info, {"rules": text, "max_plies": max_plies})
            self._rules = rules
            self.max_plies = max_plies

        @property
        def rules(self) -> Ruleset:
            """The sowing Ruleset."""
            return self._rules

        def new_initial_state(self) -> "State":
            return State(self)

        def make_py_observer(
            self, iig_obs_type: Any = None, params: Optional[dict] = None
        ) -> Any:
            if iig_obs_type is None or (
                iig_obs_type.public_info and not iig_obs_type.perfect_recall
            ):
                return Observer(self.rules, params)
            from open_spiel.python.observation import IIGObserverForPublicInfoGame

            return IIGObserverForPublicInfoGame(iig_obs_type, params)

    class State(pyspiel.State):
        """A position of a sowing game as an OpenSpiel state."""

        def __init__(self, game: Game) -> None:
            super().__init__(game)
            # Immutable values: OpenSpiel's ``clone`` (a deep copy) shares them, and its
            # serialization pickles them as their text.
            self._rules = game.rules
            self._state = game.rules.start()
            self._max_plies = game.max_plies
            self._plies = 0

        @property
        def position(self) -> Any:
            """The sowing State."""
            return self._state

        def _over(self) -> bool:
            rules = self._rules
            return rules.is_over(self._state) or (
                self._max_plies > 0 and self._plies >= self._max_plies
            )

        def current_player(self) -> int:
            if self._over():
                return pyspiel.PlayerId.TERMINAL
            return self._rules.to_move(self._state).index

        def _legal_actions(self, player: int) -> list:
            return self._rules.legal_actions(self._state)

        def _apply_action(self, action: int) -> None:
            rules = self._rules
            self._state = rules.play_action(self._state, action)
            self._plies += 1

        def _action_to_string(self, player: int, action: int) -> str:
            rules = self._rules
            return str(rules.action_to_move(self._state, action))

        def is_terminal(self) -> bool:
            return self._over()

        def returns(self) -> list:
            outcome = self._rules.outcome(self._state)
            if outcome is None or outcome.winner is None:
                return [0.0, 0.0]
            south = 1.0 if outcome.winner.index == 0 else -1.0
            return [south, -south]

        def __str__(self) -> str:
            return str(self._state)

    return Game


class Observer:
    """The observation tensor (``Ruleset.observation``) and string (the position text)."""

    def __init__(self, rules: Ruleset, params: Optional[dict]) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.tensor = np.zeros(rules.observation_shape, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: Any, player: int) -> None:
        rules = state._rules
        self.tensor[:] = rules.observation(state.position)

    def string_from(self, state: Any, player: int) -> str:
        return str(state.position)
