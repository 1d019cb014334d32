"""`Engine`: a `mars-attacks serve` process and its requests as methods."""

import json
import os
import queue
import shutil
import signal
import subprocess
import threading

#: How long a request waits for its answer, in seconds, unless the engine is given another.
DEFAULT_TIMEOUT = 60.0

#: The longest answer line read, in bytes (a scenario's `game` message is about 100 KB).
MAX_ANSWER_BYTES = 64 << 20


class EngineError(Exception):
    """Anything that goes wrong with the engine: an error answer (what is wrong, `error`,
    the request's `field` at fault if one is, and the request's `line` number in the
    session), or the engine not answering in time, answering something that is not one
    JSON line, or not running. It is the one exception the package raises."""

    def __init__(self, answer):
        self.answer = answer
        self.error = answer.get("error", "")
        self.field = answer.get("field")
        self.line = answer.get("line")
        where = f" (field `{self.field}`)" if self.field else ""
        super().__init__(f"{self.error}{where}")


def find_program():
    """The `mars-attacks` program: $MARS_ATTACKS, else `mars-attacks` on the PATH."""
    program = os.environ.get("MARS_ATTACKS") or shutil.which("mars-attacks")
    if not program:
        raise EngineError({"error": "no mars-attacks program: set MARS_ATTACKS to its path "
                                    "or put it on the PATH"})
    return program


class Requests:
    """The requests of `serve` as methods, over `request(dict) -> dict`: `Engine` sends
    them to a `mars-attacks serve` process, `InProcessEngine` to the engine in-process."""

    def request(self, request):
        raise NotImplementedError

    @staticmethod
    def _line(request):
        """The request as one line of JSON."""
        try:
            return json.dumps(request, separators=(",", ":"))
        except (TypeError, ValueError) as e:
            raise EngineError({"error": f"the request is not JSON: {e}"}) from None

    def _answered(self, answer):
        """The answer, or `EngineError` for an error answer; the static games it names
        are remembered by fingerprint."""
        if answer.get("type") == "error":
            raise EngineError(answer)
        if "fingerprint" in answer:
            self._known.add(answer["fingerprint"])
        return answer

    @staticmethod
    def _with(request, **fields):
        request.update({k: v for k, v in fields.items() if v is not None})
        return request

    # ----- the requests ------------------------------------------------------------------

    def load(self, scenario=None, seed=None, save=None, snapshot=None, game=None,
             fingerprint=None, decide=None, dice_seed=None, state=None):
        """Loads a position: a new game of a `scenario` file from `seed`; a `save`d game
        at its end; or a decision's `snapshot` (or the whole `decide` message holding
        one) with its scenario given as `game` (the game message's), `fingerprint` or
        `scenario`, the other hand dealt from `seed`. The static game is sent once: after
        that, its fingerprint stands for it."""
        if game is not None and fingerprint is None and game.get("fingerprint") in self._known:
            fingerprint, game = game["fingerprint"], None
        return self.request(self._with(
            {"type": "load"}, scenario=scenario, seed=seed, save=save, snapshot=snapshot,
            game=game, fingerprint=fingerprint, decide=decide, dice_seed=dice_seed,
            state=state))

    def load_decision(self, decide, game, seed=0, state=None):
        """Loads the position of a `decide` message (sent with "snapshot": true) of the
        game whose `game` message is `game`, the other hand dealt from `seed`."""
        return self.load(decide=decide, game=game, seed=seed, state=state)

    def legal(self, annotate=False, state=None):
        """The legal actions (`legal`), and their `annotations` when asked."""
        return self.request(self._with(
            {"type": "legal"}, annotate=annotate or None, state=state))

    def apply(self, action, seed=None, dice=None, side=None, state=None, into=None):
        """Plays `action`: its chance from `seed`, or the `dice` given (a list of rolls,
        each the list of its faces), or else the position's own generator. The result
        replaces the position, or goes `into` another. `side` hides what it may not see
        in the events."""
        return self.request(self._with(
            {"type": "apply", "action": action}, seed=seed, dice=dice, side=side,
            state=state, into=into))

    def determinize(self, side, seed, state=None, into=None):
        """Deals afresh, from `seed`, what `side` cannot see (the other hand)."""
        return self.request(self._with(
            {"type": "determinize", "side": side, "seed": seed}, state=state, into=into))

    def odds(self, action=None, shoot=None, fight=None, state=None):
        """The annotation of a legal `action`, or the odds of a Shoot test (`shoot`: dice,
        value, survive_dice, survive, armour) or a Fight (`fight`: dice, value,
        defender_dice, defend, defender_fights)."""
        return self.request(self._with(
            {"type": "odds"}, action=action, shoot=shoot, fight=fight, state=state))

    def state(self, side=None, annotate=False, snapshot=False, state=None):
        """The position as a decide message shows it to `side` (the side to move if
        none): the answer's `decide`."""
        return self.request(self._with(
            {"type": "state"}, side=side, annotate=annotate or None,
            snapshot=snapshot or None, state=state))

    def copy(self, into, state=None):
        """Copies a position to the name `into`."""
        return self.request(self._with({"type": "copy", "into": into}, state=state))

    def drop(self, state):
        """Forgets a position."""
        return self.request({"type": "drop", "state": state})


class Engine(Requests):
    """The rules as a forward model: one `mars-attacks serve` process, its positions kept
    by name (`main` unless a method is given `state=`).

    Each method sends one request and returns the engine's answer as a dict; an error
    answer raises `EngineError`, and no position is changed by it. A request waits at
    most `timeout` seconds for its answer, and an answer may be at most
    `max_answer_bytes` long; past either, the engine is stopped and `EngineError` raised
    (this request's and every later one's).
    """

    def __init__(self, program=None, timeout=DEFAULT_TIMEOUT, max_answer_bytes=MAX_ANSWER_BYTES):
        self.program = program or find_program()
        self.timeout = timeout
        self.max_answer_bytes = max_answer_bytes
        try:
            # A session of its own, so that stopping it stops whatever it started too.
            self._process = subprocess.Popen(
                [self.program, "serve"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                start_new_session=(os.name == "posix"),
            )
        except OSError as e:
            raise EngineError({"error": f"cannot start {self.program}: {e}"}) from None
        self._answers = queue.Queue()
        self._reader = threading.Thread(target=self._read_answers, daemon=True)
        self._reader.start()
        self._broken = None  # why the engine can take no more requests
        self._known = set()  # fingerprints of the scenarios the engine has seen

    # ----- the process ----------------------------------------------------------------

    def _read_answers(self):
        """Reads the engine's answer lines as they come (on a thread of its own, so that
        a request can stop waiting): each line, or `None` at the end of the output, or an
        `EngineError` for a line longer than the cap."""
        out = self._process.stdout
        while True:
            try:
                line = out.readline(self.max_answer_bytes + 1)
            except (OSError, ValueError):
                line = b""
            if not line:
                self._answers.put(None)
                return
            if len(line) > self.max_answer_bytes:
                self._answers.put(EngineError({
                    "error": f"the engine's answer is longer than {self.max_answer_bytes} "
                             "bytes"}))
                return
            self._answers.put(line)

    def close(self):
        """Ends the engine's process."""
        if self._process.poll() is None:
            try:
                self._process.stdin.close()
            except OSError:
                pass
            try:
                self._process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self._kill()
        for pipe in (self._process.stdin, self._process.stdout):
            try:
                pipe.close()
            except OSError:
                pass

    def _stop(self, why):
        """Stops the engine after a fault that leaves it out of step with its answers."""
        self._broken = why
        self._kill()
        raise EngineError({"error": why})

    def _kill(self):
        """Kills the engine and anything it started (its process group)."""
        try:
            if os.name == "posix":
                os.killpg(self._process.pid, signal.SIGKILL)
            else:
                self._process.kill()
        except OSError:
            pass
        self._process.wait()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def request(self, request):
        """Sends one request (a dict with a `type`) and returns its answer."""
        if self._broken:
            raise EngineError({"error": f"the engine was stopped: {self._broken}"})
        line = self._line(request)
        try:
            self._process.stdin.write(line.encode("utf-8") + b"\n")
            self._process.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise EngineError({"error": "the engine has exited"}) from None
        try:
            answer = self._answers.get(timeout=self.timeout)
        except queue.Empty:
            self._stop(f"the engine did not answer within {self.timeout} s")
        if answer is None:
            self._broken = "the engine has exited"
            raise EngineError({"error": "the engine has exited"})
        if isinstance(answer, EngineError):
            self._stop(answer.error)
        try:
            answer = json.loads(answer)
        except ValueError as e:
            self._stop(f"the engine's answer is not JSON: {e}")
        if not isinstance(answer, dict):
            self._stop("the engine's answer is not a JSON object")
        return self._answered(answer)


class InProcessEngine(Requests):
    """The same requests as `Engine`, answered by the engine in-process (the package's
    native module, `mars_attacks._native`, built with maturin): no program is started. A request
    still costs its JSON (about half what a pipe to `serve` costs); `Game` is the fast
    way in. Raises `EngineError` as `Engine` does."""

    def __init__(self):
        from . import _native

        self._server = _native.Server()
        self._known = set()

    def request(self, request):
        """Answers one request (a dict with a `type`)."""
        return self._answered(json.loads(self._server.request(self._line(request))))

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False
