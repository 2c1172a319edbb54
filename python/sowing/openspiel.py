"""OpenSpiel games of every game and switch: ``sowing.openspiel.register()``.

After ``register()``, ``pyspiel.load_game("sowing_kalah")``, ``"sowing_toguz"``,
``"sowing_tsoro"``, ``"sowing_oware"`` and ``"sowing_mancala"`` (any described game,
catalogue names included: ``{"rules": "ayoayo"}``) are Python games of OpenSpiel, with the ruleset
text as the game parameter ``rules`` (``pyspiel.load_game("sowing_kalah", {"rules":
"kalah:pie"})``), so that OpenSpiel's own algorithms (MCTS, alpha-beta, CFR, ...) run on
every game and switch. OpenSpiel's game strings split parameters at ``,`` and ``=``, so there
the switches are joined by ``;`` and their values follow ``:``
(``"sowing_kalah(rules=kalah:pits:4;seeds:3)"``); both forms are read::

    import pyspiel
    from sowing.openspiel import register
    register()
    game = pyspiel.load_game("sowing_toguz", {"rules": "toguz:bestemshe"})
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    state.undo_action(0, state.history()[-1])        # back to the start
    later = game.new_initial_state("5S,5S,5S,5S,5S/1S,6S,6S,6S,6S 0 0 N 1")  # position text

- Actions are the ruleset's action indices (``Ruleset.num_actions``, ``action_to_move``);
  the action strings are the game's notation.
- A player may move several times in a row (Kalah's extra turns, Tsoro's decisions within a
  turn): ``current_player()`` then stays on him.
- Returns are +1 / -1 / 0 at the end (zero-sum, terminal rewards).
- The parameter ``max_plies`` is OpenSpiel's ``max_game_length`` and is enforced: a game
  ends as a draw (returns 0, 0) after that many plies, counted from the state's start. It
  defaults to a generous bound that each game states in its Rust encoding and that random
  games stay well under (``DEFAULT_MAX_PLIES``, read from the native ``PLY_LIMITS``; Kalah's
  is 1000, the bound of OpenSpiel's own ``oware``). OpenSpiel's game parameters are ints and
  its algorithms need a finite ``max_game_length``, so there is no "no limit" here: leaving
  the parameter out is the sentinel for the game's bound; 0 or less is refused (SowingError).
- ``game.new_initial_state(text)`` starts from a position: ``text`` is position text as
  ``str(state.position)`` writes it and ``Ruleset.parse_position`` reads it (PositionError
  for text that is no position of the ruleset).
- ``state.undo_action(player, action)`` takes back the last action (ValueError if it was not
  that player's that action). OpenSpiel's bridge to Python games has no undo hook, so the
  state keeps its own record of actions: ``history()``, ``history_str()``,
  ``full_history()``, ``move_number()`` and ``is_initial_state()`` read it from Python (C++
  code that reads the history of a state after an undo, such as ``serialize()``'s first
  lines, still sees the undone actions there; the position and what Python reads are right).
- Games and states pickle (``multiprocessing`` sends them): a game as its game string, a
  state as its game, start position and actions, registered again in the receiving process.
- The observation tensor is ``Ruleset.observation`` (seen from the player to move, for
  either player: the games are of perfect information and the same for both seats); the
  observation string is the position text.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Optional

import numpy as np
import pyspiel

from ._sowing import GAMES as _GAMES, PLY_LIMITS as _PLY_LIMITS, SowingError
from ._sowing import Ruleset, State

__all__ = [
    "register",
    "GAMES",
    "GAME_CLASSES",
    "DEFAULT_MAX_PLIES",
    "SowingGame",
    "SowingState",
    "Observer",
]

#: The games ``register`` adds, one for each game of the crate: OpenSpiel short name
#: (``sowing_<game>``), default ruleset text.
GAMES = {f"sowing_{game}": game for game in _GAMES}

#: ``max_plies`` (OpenSpiel's ``max_game_length``) when the parameter is left out, per game:
#: the ply limit each game states in its own encoding (the native ``PLY_LIMITS``).
DEFAULT_MAX_PLIES = dict(_PLY_LIMITS)

_registered = False


def _to_game_string(text: str) -> str:
    """Ruleset text in the form OpenSpiel's game strings can hold: `;` for `,`, `:` for `=`."""
    return text.replace(",", ";").replace("=", ":")


def _from_game_string(text: str) -> str:
    """Ruleset text from either form (the inverse of `_to_game_string`)."""
    game, sep, switches = text.partition(":")
    return game + sep + switches.replace(";", ",").replace(":", "=")


def _default_max_plies(game: str) -> int:
    return DEFAULT_MAX_PLIES[game]


def register() -> None:
    """Registers ``sowing_<game>`` for each of the crate's games (``sowing_kalah``,
    ``sowing_toguz``, ``sowing_tsoro``, ``sowing_oware``, and ``sowing_mancala``: any
    described game, ``{"rules": "ayoayo"}``) with ``pyspiel`` (once; later calls do
    nothing).

    The ruleset text is the game parameter ``rules``. In a game string OpenSpiel splits
    parameters at ``,`` and ``=``, so there the switches' ``,`` are written ``;`` and their
    ``=`` are written ``:``: ``pyspiel.load_game("sowing_kalah(rules=kalah:pits:4;seeds:3)")``.
    The dict form takes the text as it is: ``pyspiel.load_game("sowing_kalah", {"rules":
    "kalah:pits=4,seeds=3"})``. Both forms are read."""
    global _registered
    if _registered:
        return
    for cls in GAME_CLASSES.values():
        pyspiel.register_game(cls.game_type, cls)
    _registered = True


def _game_type(short_name: str, default: str) -> Any:
    game = Ruleset(default).game
    return pyspiel.GameType(
        short_name=short_name,
        long_name=f"sowing: {game}",
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
        parameter_specification={"rules": default, "max_plies": _default_max_plies(game)},
    )


def _load_game(game_string: str) -> Any:
    """A game from its game string, the games registered first (what unpickling calls)."""
    register()
    return pyspiel.load_game(game_string)


def _load_state(game: Any, start: Optional[str], actions: list[int]) -> Any:
    """A state from its game, start position text (None: the game's start) and actions
    (what unpickling calls)."""
    state = game.new_initial_state(start)
    for action in actions:
        state.apply_action(action)
    return state


class SowingGame(pyspiel.Game):
    """A sowing ruleset as an OpenSpiel game (see ``sowing.openspiel``), made by
    ``pyspiel.load_game("sowing_<game>", params)``: an instance of the game's subclass in
    ``GAME_CLASSES`` (``KalahGame``, ``ToguzGame``, ...)."""

    #: The OpenSpiel game type and the default ruleset text, set by each game's subclass.
    game_type: Any = None
    default: str = ""

    def __init__(self, params: Optional[dict] = None) -> None:
        game_type, default = self.game_type, self.default
        if game_type is None:
            raise TypeError("SowingGame is made through a game's subclass (GAME_CLASSES)")
        params = dict(params or {})
        game_name = Ruleset(default).game
        rules = Ruleset(_from_game_string(str(params.get("rules", default))))
        if rules.game != game_name:
            raise SowingError(
                f"{game_type.short_name} plays {game_name}, not {rules.game} ({rules})"
            )
        max_plies = int(params.get("max_plies", _default_max_plies(game_name)))
        if max_plies < 1:
            raise SowingError(
                f"max_plies must be at least 1, not {max_plies} (OpenSpiel needs a bound on "
                f"a game's length: leave max_plies out for {game_name}'s default, "
                f"{_default_max_plies(game_name)})"
            )
        info = pyspiel.GameInfo(
            num_distinct_actions=rules.num_actions,
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=max_plies,
        )
        text = _to_game_string(str(rules))
        super().__init__(game_type, info, {"rules": text, "max_plies": max_plies})
        self._rules = rules
        self.max_plies = max_plies

    def __reduce__(self) -> Any:
        return (_load_game, (str(self),))

    @property
    def rules(self) -> Ruleset:
        """The sowing Ruleset."""
        return self._rules

    def new_initial_state(self, position: Optional[str] = None) -> SowingState:
        """The start of a game: the ruleset's start, or the position ``position`` (position
        text, as ``str(state.position)`` writes it)."""
        return SowingState(self, position)

    def make_py_observer(self, iig_obs_type: Any = None, params: Optional[dict] = None) -> Any:
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return Observer(self.rules, params)
        from open_spiel.python.observation import IIGObserverForPublicInfoGame

        return IIGObserverForPublicInfoGame(iig_obs_type, params)


def _game_class(short_name: str, default: str) -> type[SowingGame]:
    name = f"{Ruleset(default).game.capitalize()}Game"
    return type(
        name,
        (SowingGame,),
        {
            "__module__": __name__,
            "__qualname__": name,
            "__doc__": f"``{short_name}``: see :class:`SowingGame`.",
            "game_type": _game_type(short_name, default),
            "default": default,
        },
    )


#: The game class of each short name: module-level classes (``KalahGame``, ``ToguzGame``,
#: ``TsoroGame``, ``OwareGame``), which ``register`` hands to ``pyspiel.register_game``.
GAME_CLASSES = {short: _game_class(short, default) for short, default in GAMES.items()}
globals().update({cls.__name__: cls for cls in GAME_CLASSES.values()})


class PlayerAction(NamedTuple):
    """An entry of ``SowingState.full_history()``: who played which action."""

    player: int
    action: int


class _Trail:
    """The actions a state was played through, each with the position before it: a shared,
    immutable stack (a copied state shares it; an undo steps back to its parent)."""

    __slots__ = ("before", "player", "action", "parent", "length")

    def __init__(self, before: State, player: int, action: int, parent: Optional[_Trail]):
        self.before = before
        self.player = player
        self.action = action
        self.parent = parent
        self.length: int = 1 + (parent.length if parent else 0)

    def entries(self) -> list[_Trail]:
        out = []
        node: Optional[_Trail] = self
        while node is not None:
            out.append(node)
            node = node.parent
        out.reverse()
        return out

    # Immutable: copies share it (OpenSpiel's clone deep-copies a state's attributes).
    def __copy__(self) -> _Trail:
        return self

    def __deepcopy__(self, memo: Any) -> _Trail:
        return self

    def __reduce__(self) -> Any:
        # Flat, not nested: a long game's chain would pass the recursion limit.
        return (_trail_from, ([(n.before, n.player, n.action) for n in self.entries()],))


def _trail_from(entries: list[tuple[State, int, int]]) -> Optional[_Trail]:
    trail = None
    for before, player, action in entries:
        trail = _Trail(before, player, action, trail)
    return trail


class SowingState(pyspiel.State):
    """A position of a sowing game as an OpenSpiel state; ``position`` is the sowing State."""

    def __init__(self, game: SowingGame, position: Optional[str] = None) -> None:
        super().__init__(game)
        # Immutable values: OpenSpiel's ``clone`` (a deep copy) shares them.
        self._rules = game.rules
        if position is None:
            self._state = game.rules.start()
        elif isinstance(position, str):
            self._state = game.rules.parse_position(position)
        else:
            raise TypeError(
                f"new_initial_state takes position text (str) or nothing, not {position!r}"
            )
        self._start: Optional[str] = position
        self._max_plies = game.max_plies
        self._trail: Optional[_Trail] = None
        # (the trail it was found for, the outcome of a repetition there or None)
        self._repeat: tuple[Optional[_Trail], Any] = (None, None)

    def __reduce__(self) -> Any:
        return (_load_state, (self.get_game(), self._start, self.history()))

    @property
    def position(self) -> Any:
        """The sowing State."""
        return self._state

    def _plies(self) -> int:
        return self._trail.length if self._trail else 0

    def _repeated(self) -> Any:
        """The outcome of a repeated position (Oware: the game ends when the position
        repeats one of its game, each side taking the seeds on its side), or None."""
        trail, outcome = self._repeat
        if trail is self._trail:
            return outcome
        outcome = None
        rules = self._rules
        position = rules.repetition_position(self._state)
        if position is not None and not rules.is_over(self._state):
            # Only positions since the last capture can repeat: the same stores.
            stores = self._state.stores
            node = self._trail
            while node is not None and node.before.stores == stores:
                if rules.repetition_position(node.before) == position:
                    outcome = rules.repetition_outcome(self._state)
                    break
                node = node.parent
        self._repeat = (self._trail, outcome)
        return outcome

    def _over(self) -> bool:
        return (
            self._rules.is_over(self._state)
            or self._plies() >= self._max_plies
            or self._repeated() is not None
        )

    def current_player(self) -> int:
        if self._over():
            return pyspiel.PlayerId.TERMINAL
        return self._rules.to_move(self._state).index

    def _legal_actions(self, player: int) -> list:
        return self._rules.legal_actions(self._state)

    def _apply_action(self, action: int) -> None:
        if self._plies() >= self._max_plies:
            raise SowingError(f"the game is over: it has reached max_plies ({self._max_plies})")
        if self._repeated() is not None:
            raise SowingError("the game is over: its position repeats an earlier one")
        rules = self._rules
        player = rules.to_move(self._state).index
        after = rules.play_action(self._state, action)
        self._trail = _Trail(self._state, player, action, self._trail)
        self._state = after

    def undo_action(self, player: int, action: int) -> None:
        """Takes back the last action, which ``player`` played (ValueError otherwise)."""
        last = self._trail
        if last is None:
            raise SowingError("undo_action: no action has been played in this state")
        if (last.player, last.action) != (player, action):
            raise SowingError(
                f"undo_action: the last action is player {last.player}'s {last.action}, "
                f"not player {player}'s {action}"
            )
        self._state = last.before
        self._trail = last.parent

    def history(self) -> list[int]:
        return [n.action for n in self._trail.entries()] if self._trail else []

    def full_history(self) -> list[PlayerAction]:
        if self._trail is None:
            return []
        return [PlayerAction(n.player, n.action) for n in self._trail.entries()]

    def history_str(self) -> str:
        return ", ".join(str(a) for a in self.history())

    def move_number(self) -> int:
        return self._plies()

    def is_initial_state(self) -> bool:
        return self._trail is None

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self._rules.action_to_move(self._state, action))

    def is_terminal(self) -> bool:
        return self._over()

    def returns(self) -> list:
        outcome = self._repeated() or self._rules.outcome(self._state)
        if outcome is None or outcome.winner is None:
            return [0.0, 0.0]
        south = 1.0 if outcome.winner.index == 0 else -1.0
        return [south, -south]

    def __str__(self) -> str:
        return str(self._state)


class Observer:
    """The observation tensor (``Ruleset.observation``) and string (the position text)."""

    def __init__(self, rules: Ruleset, params: Optional[dict]) -> None:
        if params:
            raise SowingError(f"observation parameters are not supported: {params}")
        self.tensor = np.zeros(rules.observation_shape, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: Any, player: int) -> None:
        rules = state._rules
        self.tensor[:] = rules.observation(state.position)

    def string_from(self, state: Any, player: int) -> str:
        return str(state.position)
