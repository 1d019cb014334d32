"""Type stubs of mars_attacks._native, the engine in-process (python-engine, PyO3)."""

from typing import List, Optional, Sequence

class Game:
    """One skirmish position with its dice, for search and learning."""

    def __init__(self, scenario: str, seed: int = 0) -> None:
        """A new game of the scenario file, set up and rolled from `seed`; a file that does
        not load raises EngineError (field `scenario`)."""
    def legal(self) -> List[str]:
        """The legal actions, as the bot protocol writes them (`move c4`, `shoot m3`)."""
    def apply(self, action: str, seed: Optional[int] = None) -> None:
        """Plays `action`, its chance from `seed` or else the game's own dice; an action
        that does not parse or is not legal raises EngineError (field `action`) and changes
        nothing."""
    def copy(self) -> "Game":
        """An independent copy: the position and its dice."""
    @property
    def to_move(self) -> Optional[str]:
        """`humans` or `martians`, or None once the game is over."""
    @property
    def is_over(self) -> bool: ...
    @property
    def result(self) -> Optional[str]:
        """`humans`, `martians` or `draw`; None while the game goes on."""
    @property
    def turn(self) -> int:
        """The Turns started so far."""
    @property
    def turn_player(self) -> str:
        """The side whose Turn it is."""
    @property
    def round(self) -> int: ...
    def vp(self, side: str) -> int:
        """A side's VP (`humans` or `martians`; another name raises, field `side`)."""
    def rollout(self, policy: str = "random", seed: int = 0, until: str = "game") -> Optional[str]:
        """Plays this game by `random` or `greedy` for both sides until the end of the
        `game` or of the `turn`; how the game ended, or None when it goes on."""
    def rollouts(self, seeds: Sequence[int], policy: str = "random") -> List[str]:
        """A copy played to its end for each seed, this game unchanged; how each ended."""

    def choose(self, policy: str = "greedy", seed: int = 0) -> Optional[str]:
        """The action `random` or `greedy` would play now; None once the game is over."""
    def determinize(self, side: str, seed: int) -> None:
        """Deals afresh what `side` cannot see (the other hand)."""
    def observation(self, side: str) -> List[float]:
        """The position as `side` may see it: `observation_size()` numbers."""
    @staticmethod
    def observation_size() -> int: ...
    def action_space(self) -> List[str]:
        """The fixed action space in words: every decision naming no card, then the card
        slots (`card decision 1`, ...), which hold the card decisions legal now."""
    def action_name(self, index: int) -> Optional[str]:
        """What the action numbered `index` plays now; None for an empty card slot."""
    def action_mask(self) -> List[bool]:
        """Which actions of the action space are legal now."""
    def legal_indices(self) -> List[int]: ...
    def action_index(self, action: str) -> int: ...
    def apply_index(self, index: int, seed: Optional[int] = None) -> None:
        """Plays the action numbered `index` in the action space."""

class Server:
    """Every request of `mars-attacks serve`, answered in-process."""

    def __init__(self) -> None: ...
    def request(self, request: str) -> str:
        """The JSON answer to one JSON request, as serve answers the same line."""
