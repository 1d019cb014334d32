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
    @staticmethod
    def from_snapshot(game: str, snapshot: str, seed: int = 0) -> "Game":
        """The position a `decide` message's `snapshot` holds, in the game its `game`
        message describes (JSON text of the message or of its `game` field); the other
        hand dealt and the dice rolled from `seed`. Raises EngineError (field `game` or
        `snapshot`)."""
    def game_info(self) -> str:
        """The scenario as the `game` message's `game` field, as JSON text."""
    def snapshot(self, side: str) -> str:
        """The position as `side` sees it, as a `decide` message's snapshot text."""
    @staticmethod
    def legal_many(games: Sequence["Game"]) -> List[List[str]]:
        """The legal actions of each game, in order."""
    @staticmethod
    def apply_many(
        games: Sequence["Game"], actions: Sequence[str], seeds: Optional[Sequence[int]] = None
    ) -> None:
        """Plays `actions[i]` in `games[i]`; all are checked first, and an illegal one
        raises EngineError (field `actions`, naming its game) with no game changed."""
    def evaluate(self, side: str) -> float:
        """The shipped evaluation's chance that `side` wins (the search's leaf value); 1 or
        0 once the game is decided. It reads the whole position held: `determinize` a copy
        to judge as a side sees it."""
    def rollout(self, policy: str = "random", seed: int = 0, until: str = "game") -> Optional[str]:
        """Plays this game by `random`, `greedy`, `softmax` (over greedy's scores at the
        search's rollout temperature, 0.2) or `softmax:T` for both sides until the end of
        the `game` or of the `turn`; how the game ended, or None when it goes on."""
    def rollouts(self, seeds: Sequence[int], policy: str = "random") -> List[str]:
        """A copy played to its end for each seed, this game unchanged; how each ended."""

    def choose(self, policy: str = "greedy", seed: int = 0) -> Optional[str]:
        """The action the policy (as `rollout` names them) would play now; None once the
        game is over."""
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
