"""What the framework wrappers (``sowing.gymnasium``, ``sowing.pettingzoo``,
``sowing.openspiel``) share: the meaning of ``max_plies``, the render modes, and the
repetition rule of a game that has one; and the pools of ``analyze_many`` and
``selfplay_many``."""

from __future__ import annotations

import operator
import os
from typing import Any, Callable, Optional, TypeVar

import numpy as np
import numpy.typing as npt

from ._sowing import Outcome, Ruleset, SowingError, State, svg_to_rgb

#: The render modes of the Gymnasium and PettingZoo environments: ``"ansi"`` the terminal
#: picture (text), ``"rgb_array"`` the SVG picture as pixels (a uint8 array (H, W, 3)),
#: ``"human"`` the SVG picture shown in Jupyter (IPython.display), else the text printed.
RENDER_MODES = ["ansi", "rgb_array", "human"]

#: Frames a second for ``"human"`` and for video recorders (Gymnasium's ``RecordVideo``).
RENDER_FPS = 4

MAX_PLIES_ERROR = "max_plies must be at least 1, or None for no limit"


def check_max_plies(max_plies: Optional[int]) -> Optional[int]:
    """``max_plies`` checked: None (no limit) or an int of at least 1 (SowingError for 0 or
    less, TypeError for a value that is not an int)."""
    if max_plies is None:
        return None
    if isinstance(max_plies, bool):
        raise TypeError(f"{MAX_PLIES_ERROR}, not {max_plies!r}")
    try:
        value = operator.index(max_plies)
    except TypeError:
        raise TypeError(f"{MAX_PLIES_ERROR}, not {max_plies!r}") from None
    if value < 1:
        raise SowingError(f"{MAX_PLIES_ERROR}, not {value}")
    return value


def check_action(action: Any) -> int:
    """``action`` as an int: any Python or numpy integer (TypeError for a float, a bool, NaN
    or anything else, as :meth:`Ruleset.play_action` does: ``int(2.7)`` would play 2)."""
    if isinstance(action, (bool, np.bool_)):
        raise TypeError(f"an action is an int, not {action!r}")
    try:
        return operator.index(action)
    except TypeError:
        raise TypeError(f"an action is an int, not {action!r}") from None


def check_render_mode(render_mode: Optional[str]) -> Optional[str]:
    """``render_mode`` checked: None or one of ``RENDER_MODES`` (SowingError)."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        modes = ", ".join(repr(m) for m in RENDER_MODES)
        raise SowingError(f"render_mode must be None or one of {modes}, not {render_mode!r}")
    return render_mode


def rgb_frame(rules: Ruleset, state: State) -> npt.NDArray[np.uint8]:
    """The position's SVG picture as pixels: uint8, (height, width, 3)."""
    return svg_to_rgb(rules.picture_svg(state))


def _in_jupyter() -> bool:
    try:
        from IPython import get_ipython  # type: ignore[attr-defined]
    except ImportError:
        return False
    shell: Any = get_ipython()
    return shell is not None and "IPKernelApp" in getattr(shell, "config", {})


def show(rules: Ruleset, state: State) -> None:
    """``render_mode="human"``: the SVG picture in Jupyter (replacing the last one shown),
    else the terminal picture printed."""
    if _in_jupyter():
        from IPython.display import SVG, clear_output, display

        clear_output(wait=True)
        display(SVG(rules.picture_svg(state)))
    else:
        print(rules.picture(state))


def render(rules: Ruleset, state: State, render_mode: Optional[str]) -> Any:
    """What ``render()`` returns in each mode: None (no mode, or ``"human"``, which shows the
    picture), the text (``"ansi"``) or the pixels (``"rgb_array"``)."""
    if render_mode == "ansi":
        return rules.picture(state)
    if render_mode == "rgb_array":
        return rgb_frame(rules, state)
    if render_mode == "human":
        show(rules, state)
    return None


class Repetitions:
    """The positions of one game, for a game whose rules end it when a position repeats
    (Oware: same board, same player to move; each side then takes the seeds on its side).
    A state holds no history, so the environment keeps it here: ``reach`` each position as
    it is reached, and ``outcome`` is the game's outcome once one repeats (None before, and
    always for a game without the rule)."""

    def __init__(self, rules: Ruleset) -> None:
        self._rules = rules
        self._seen: set[State] = set()
        self.outcome: Optional[Outcome] = None

    def start(self, state: State) -> None:
        """A new game from ``state``."""
        self._seen.clear()
        self.outcome = None
        self.reach(state)

    def reach(self, state: State) -> None:
        """``state`` was reached: the game ends if it repeats one of the game's positions."""
        position = self._rules.repetition_position(state)
        if position is None or self.outcome is not None:
            return
        if position in self._seen:
            self.outcome = self._rules.repetition_outcome(state)
        else:
            self._seen.add(position)


_J = TypeVar("_J")
_R = TypeVar("_R")


def check_pool(executor: Any, max_workers: Any) -> Optional[int]:
    """``max_workers`` checked (an int of at least 1, or None), after ``executor`` (None, or
    anything with a ``map(function, iterable)``): TypeError, SowingError."""
    if executor is not None and not callable(getattr(executor, "map", None)):
        raise TypeError(
            f"executor must have a map(function, iterable) method, not {type(executor).__name__}"
        )
    if max_workers is None:
        return None
    if isinstance(max_workers, bool):
        raise TypeError(f"max_workers must be an int, not {max_workers!r}")
    max_workers = operator.index(max_workers)
    if max_workers < 1:
        raise SowingError(f"max_workers must be at least 1, or None, not {max_workers}")
    return int(max_workers)


def pool_map(
    function: Callable[[_J], _R], jobs: list[_J], executor: Any, max_workers: Optional[int]
) -> list[_R]:
    """``function`` of each job, in order: on ``executor`` (left open) when given, else on a
    local ``ProcessPoolExecutor`` of ``max_workers`` processes (default: every core; no more
    than the jobs), or in this process for a single job."""
    if executor is not None:
        return list(executor.map(function, jobs))
    if len(jobs) == 1:
        return [function(jobs[0])]
    from concurrent.futures import ProcessPoolExecutor

    workers = min(max_workers or os.cpu_count() or 1, max(1, len(jobs)))
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(function, jobs))
