//! Player specifications as text (`random`, `greedy`, `flat`, `flat:normal`, `pimc:hard`,
//! `mcts`, `mcts:hard`, `mcts:2000`, `oracle:2000`) and the factory that turns one into a
//! player, so the command line, matches and the GUI all make players the same way.
//!
//! `oracle` is not a fair player: it is the `mcts` search run on the true state, so it sees
//! the other side's hand (see [`ai::oracle`]). It exists as a yardstick for `duel`, to
//! measure what hidden information is worth and how far the fair search is from a ceiling.
//! It must never be offered as an opponent: whatever lets a person pick a player (the
//! table's dialogs, `play --level`) must accept only [`PlayerSpec::is_fair`] specs, or
//! list [`Kind::FAIR`], never [`Kind::ALL`].

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use ai::{Budget, FlatMc, IsMcts, IsMctsConfig, Oracle, Pimc, Player, Puct, RandomPlayer, Recipe};

use super::exec::{BotId, ExecBot, ExecPlayer, Kept};
use super::game::{Heuristics, Skirmish};
use super::greedy::Greedy;
pub use super::tuning::Tuning;

/// A player made by [`PlayerSpec::build`]: any search or baseline, movable to a worker
/// thread.
pub type BoxedPlayer = Box<dyn Player<Skirmish> + Send>;

/// The kinds of player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Uniformly random among the legal actions.
    Random,
    /// The scripted player of [`super::greedy`].
    Greedy,
    /// Flat Monte Carlo ([`ai::FlatMc`]).
    Flat,
    /// Determinized UCT ([`ai::Pimc`]).
    Pimc,
    /// Information Set MCTS ([`ai::IsMcts`]).
    Mcts,
    /// **Not fair**: the `mcts` search on the true state, seeing the other side's hand
    /// ([`ai::Oracle`]). A yardstick for matches between programs; never an opponent for a
    /// person (see the [module documentation](self)).
    Oracle,
    /// A program playing through the bot protocol (`exec:COMMAND`, [`super::exec`]): told
    /// only what its side may see.
    Exec,
}

impl Kind {
    /// Every kind, in the order the help lists them, `oracle` included. Anything offered to a
    /// person lists [`Kind::FAIR`] instead.
    pub const ALL: [Kind; 6] = [
        Kind::Random,
        Kind::Greedy,
        Kind::Flat,
        Kind::Pimc,
        Kind::Mcts,
        Kind::Oracle,
    ];

    /// The kinds that decide only from what their side may see: all but `oracle`.
    pub const FAIR: [Kind; 5] = [
        Kind::Random,
        Kind::Greedy,
        Kind::Flat,
        Kind::Pimc,
        Kind::Mcts,
    ];

    /// Does this kind decide only from what its side may see? False only for `oracle`.
    pub const fn is_fair(self) -> bool {
        !matches!(self, Kind::Oracle)
    }

    /// The name in a spec.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Random => "random",
            Kind::Greedy => "greedy",
            Kind::Flat => "flat",
            Kind::Pimc => "pimc",
            Kind::Mcts => "mcts",
            Kind::Oracle => "oracle",
            Kind::Exec => "exec",
        }
    }

    /// Does this kind search (and so take a level or an iteration count)?
    pub const fn searches(self) -> bool {
        matches!(self, Kind::Flat | Kind::Pimc | Kind::Mcts | Kind::Oracle)
    }
}

/// The levels of the AI's ladder (`beginner` to `expert`; the skirmish's rungs are
/// [`LADDER`]).
pub use ai::Level;

pub use super::ladder::LADDER;

/// How hard a search thinks: a level, or a fixed number of iterations (rollouts for
/// `flat`), in the grammar of every game's specs.
pub use ai::spec::Effort;

/// A player, as text: a kind, and for the searching kinds a level or an iteration count
/// (`normal` when omitted). Made only by parsing or [`PlayerSpec::search`], so that a spec
/// holds an effort exactly when its kind searches and a program exactly when it is `exec`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlayerSpec {
    /// What plays.
    kind: Kind,
    /// How hard it thinks; `None` for `random`, `greedy` and programs.
    effort: Option<Effort>,
    /// Search settings changed from the defaults (`mcts:1000:prior=1.5`), for tree
    /// searches (`mcts`, `pimc`, `oracle`).
    tuning: Tuning,
    /// The program of an `exec` player.
    exec: Option<BotId>,
}

/// The forms a spec may take, for error messages and help.
pub const SPEC_FORMS: &str = "random, greedy, or flat, pimc, mcts or oracle (mcts seeing the \
                              hidden cards, for measurements only) optionally followed by \
                              :beginner, :easy, :normal, :hard, :expert or :N iterations (e.g. mcts, \
                              mcts:hard, \
                              pimc:normal, mcts:2000), and for mcts, pimc and oracle by search \
                              settings (mcts:1000:prior=1.5,c=0.3,horizon=10,widening=16); \
                              or a program playing through the bot protocol, \
                              exec:COMMAND or exec[dir=PATH,limit=SECONDS]:COMMAND";

/// The largest iteration count a searching player may be given (`mcts:N`): about a
/// minute a decision on one core, a hundred times the `hard` level's budget.
pub const MAX_ITERATIONS: u64 = 10_000_000;

/// A spec that does not parse: the text and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a player: {reason}; valid players are {SPEC_FORMS}")]
pub struct SpecError {
    /// The text given.
    pub text: String,
    /// What is wrong with it.
    pub reason: String,
}

impl FromStr for PlayerSpec {
    type Err = SpecError;

    fn from_str(s: &str) -> Result<PlayerSpec, SpecError> {
        // Shown escaped: a control character typed or loaded must not act on a terminal.
        let err = |reason: String| SpecError {
            text: s.escape_debug().to_string(),
            reason,
        };
        if s.chars().any(char::is_control) {
            return Err(err("it contains a control character".into()));
        }
        let trimmed = s.trim();
        if let Some(rest) = trimmed
            .get(..4)
            .filter(|p| p.eq_ignore_ascii_case("exec"))
            .map(|_| &trimmed[4..])
        {
            // The command keeps its case and its colons.
            let bot = ExecBot::parse(rest).map_err(|e| err(e.to_string()))?;
            return Ok(PlayerSpec {
                kind: Kind::Exec,
                effort: None,
                tuning: Tuning::default(),
                exec: Some(BotId::of(bot)),
            });
        }
        let parts = ai::SpecParts::of(s);
        let name = parts.kind.as_str();
        let kind = Kind::ALL
            .into_iter()
            .find(|k| k.name() == name)
            .ok_or_else(|| err(format!("unknown kind `{name}`")))?;
        let effort = match (kind.searches(), parts.effort.as_deref()) {
            (false, None) => None,
            (false, Some(a)) => {
                return Err(err(format!("`{}` takes no level, got `{a}`", kind.name())));
            }
            (true, _) => Some(
                parts
                    .effort()
                    .map_err(|e| err(e.to_string()))?
                    .unwrap_or(Effort::Level(Level::Normal)),
            ),
        };
        let settings = parts.settings.as_deref();
        let tuning = match settings {
            None => Tuning::default(),
            Some(_) if !matches!(kind, Kind::Mcts | Kind::Pimc | Kind::Oracle) => {
                return Err(err(format!(
                    "`{}` takes no search settings (only mcts, pimc and oracle do)",
                    kind.name()
                )));
            }
            Some(t) => Tuning::parse(t).map_err(|e| err(e.to_string()))?,
        };
        Ok(PlayerSpec {
            kind,
            effort,
            tuning,
            exec: None,
        })
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(bot) = self.exec {
            return write!(f, "{}", bot.bot());
        }
        f.write_str(self.kind.name())?;
        match self.effort {
            None => Ok(()),
            Some(Effort::Level(l)) => write!(f, ":{}", l.name()),
            Some(Effort::Iterations(n)) => write!(f, ":{n}"),
        }?;
        if self.tuning.is_default() {
            Ok(())
        } else {
            write!(f, ":{}", self.tuning)
        }
    }
}

/// Rollout decisions after leaving the tree before the evaluation scores the position.
pub const HORIZON: u32 = 20;

/// The tree search settings of `mcts` and `pimc` for a budget. The tree is kept between
/// decisions (`reuse`): at `mcts:easy` that won 0.548 [0.500, 0.595] over 416 games on the
/// eight shipped scenarios (seeds 13 and 14), and at fixed iterations it plays level
/// (0.502 at 1,000, 0.513 at 3,000, 416 games each).
///
/// Leaves are scored at the end of the Turn after the one under way (`leaf_turns: 2`): the
/// rollout finishes the mover's Turn and plays the other side's reply, so a move is judged
/// after what it exposes the side to. Against one Turn, on the eight shipped scenarios
/// (`arena --scenario scenarios/*.toml --players mcts:N:leaf=2 mcts:N --games 26 --seed S`):
/// 0.563 [0.514, 0.609] at 1,000 iterations (416 games, seeds 501 and 502) and 0.632
/// [0.565, 0.695] at 3,000 (seed 503). An iteration costs about twice as much, and at equal
/// time (3,000 against 6,600 iterations, 10,000 against 22,000) it scored 0.540 [0.485,
/// 0.595] over 312 games (seeds 504 and 505). Against `greedy` at 1,000 iterations it
/// scores 0.712 where one Turn scored 0.62 (seed 201). Three Turns (with a horizon of 40,
/// so that the cap does not cut them) scored 0.466 [0.400, 0.534] against two at 3,000
/// iterations (seed 503), and two Turns with a horizon of 40 0.486 against 20 at 1,000
/// (seed 502): the cap seldom cuts two Turns.
pub fn search_config(budget: Budget) -> IsMctsConfig {
    IsMctsConfig {
        budget,
        exploration: 0.2,
        horizon: HORIZON,
        prior_weight: 0.5,
        threads: 1,
        max_nodes: 2_000_000,
        widening: WIDENING,
        puct: Some(PUCT),
        leaf_turns: 2,
        chance_nodes: true,
        reuse: true,
        tree_turns: 0,
        time_cap: None,
        choice_temperature: 0.0,
    }
}

/// PUCT's constants (`c`, `tau`, `fpu` in a spec). Measured at 1,000 iterations against
/// `greedy` on the eight shipped scenarios (208 games, seed 11), one change at a time
/// from these: temperature 0.2 and 1 scored 0.654 and 0.683 against 0.726, c 0.5 and 2
/// 0.697 and 0.663, first-play urgency 0 and 0.3 0.618 and 0.642. With leaves a Turn
/// later (`leaf_turns: 2`), c 0.5 against 1 head to head at the same budget: 0.469 at
/// 1,000 iterations, 0.560 at 3,000 (416 games), 0.361 at 10,000 (104 games); c 2 0.495 at
/// 3,000 and 0.500 at 10,000 (104 games): no c does better at every budget, so it stays 1.
pub const PUCT: Puct = Puct {
    c: 1.0,
    temperature: 0.5,
    fpu: 0.1,
    parent_visits: false,
};

/// Nodes with more legal actions than this are widened progressively (see
/// [`IsMctsConfig::widening`]): a Support set called at a chosen square and direction
/// offers 256 ways, which would otherwise each take an iteration before any is revisited.
/// Narrower nodes (almost all) are searched as without widening.
pub const WIDENING: u32 = 32;

/// Determinizations per decision of `pimc`.
pub const PIMC_WORLDS: usize = 4;

impl PlayerSpec {
    /// A searching player of `kind` at `effort`, with the default settings; `None` when
    /// `kind` does not search.
    pub fn search(kind: Kind, effort: Effort) -> Option<PlayerSpec> {
        kind.searches().then_some(PlayerSpec {
            kind,
            effort: Some(effort),
            tuning: Tuning::default(),
            exec: None,
        })
    }

    /// This player with another effort, if it searches (else as it is).
    pub fn with_effort(self, effort: Effort) -> PlayerSpec {
        if self.kind.searches() {
            PlayerSpec {
                effort: Some(effort),
                ..self
            }
        } else {
            self
        }
    }

    /// What plays.
    pub const fn kind(&self) -> Kind {
        self.kind
    }

    /// How hard it thinks: `Some` exactly when its kind searches.
    pub const fn effort(&self) -> Option<Effort> {
        self.effort
    }

    /// Search settings changed from the defaults.
    pub const fn tuning(&self) -> &Tuning {
        &self.tuning
    }

    /// The program of an `exec` player: `Some` exactly when its kind is `exec`.
    pub const fn exec(&self) -> Option<BotId> {
        self.exec
    }

    /// Does this player decide only from what its side may see? False for `oracle`, which
    /// must never be offered to a person as an opponent.
    pub const fn is_fair(&self) -> bool {
        self.kind.is_fair()
    }

    /// The search budget, if this player searches: a level's iterations ([`LADDER`]), or
    /// the count given.
    pub fn budget(&self) -> Option<Budget> {
        self.recipe().map(|r| Budget::Iterations(r.iterations))
    }

    /// How it searches, if it does: its level's recipe, or the iterations given with the
    /// default settings.
    pub fn recipe(&self) -> Option<Recipe<Tuning>> {
        self.effort.and_then(|e| LADDER.recipe(e, Tuning::NONE))
    }

    /// The same search at no fewer than `iterations` a decision: itself when it searches
    /// as many, else `iterations` with the settings it searches with
    /// ([`PlayerSpec::effective_tuning`]); a player that does not search is itself.
    pub fn searching_at_least(&self, iterations: u64) -> PlayerSpec {
        match self.recipe() {
            Some(r) if r.iterations < iterations => PlayerSpec {
                effort: Some(Effort::Iterations(iterations)),
                tuning: self.effective_tuning(),
                ..*self
            },
            _ => *self,
        }
    }

    /// The settings it searches with: its level's, with the spec's own on top
    /// (`mcts:hard:c=0.5`).
    pub fn effective_tuning(&self) -> Tuning {
        match self.recipe() {
            Some(r) => r.settings.overlaid(self.tuning),
            None => self.tuning,
        }
    }

    /// The search settings for a tree search of this player: [`search_config`], its
    /// level's iterations, guard and temperature, and the settings it is given.
    fn tree_config(&self, threads: usize) -> IsMctsConfig {
        let base = search_config(Budget::Iterations(1));
        // Every skirmish level searches: no rung of its ladder is another player.
        let config = match self.effort.map(|e| LADDER.plays(e, base)) {
            Some(ai::Plays::Search(config)) => config,
            _ => base,
        };
        IsMctsConfig {
            threads: threads.max(1),
            ..self.effective_tuning().apply(config)
        }
    }

    /// Makes the player, searching on one thread.
    pub fn build(&self) -> BoxedPlayer {
        self.build_with_threads(1)
    }

    /// Makes the player for a game of a run whose programs are kept between games
    /// (`duel`, `arena`): a program that asked for `new_game` plays on in the process it
    /// played the run's last game in. Other players are as [`PlayerSpec::build`] makes
    /// them.
    pub fn build_kept(&self, kept: &Arc<Kept>) -> BoxedPlayer {
        match (self.kind, self.exec) {
            (Kind::Exec, Some(id)) => Box::new(ExecPlayer::kept(id, kept.clone())),
            _ => self.build(),
        }
    }

    /// Makes the player; `mcts` and `oracle` grow one tree per thread (root parallelism) on
    /// `threads` threads. Every player decides a forced move (one legal action) at once.
    pub fn build_with_threads(&self, threads: usize) -> BoxedPlayer {
        let player = self.build_search(threads);
        let tuning = self.effective_tuning();
        if tuning.changes_heuristics() {
            let heuristics = tuning.apply_heuristics(Heuristics::default());
            return Box::new(WithHeuristics {
                inner: player,
                heuristics,
            });
        }
        player
    }

    fn build_search(&self, threads: usize) -> BoxedPlayer {
        let budget = self.budget().unwrap_or(Budget::Iterations(1));
        match self.kind {
            Kind::Random => Box::new(RandomPlayer::new()),
            Kind::Greedy => Box::new(Greedy::new()),
            Kind::Flat => Box::new(FlatMc::new(budget, HORIZON)),
            Kind::Pimc => Box::new(Pimc::new(PIMC_WORLDS, self.tree_config(1))),
            Kind::Mcts => Box::new(IsMcts::new(self.tree_config(threads))),
            Kind::Oracle => Box::new(Oracle::new(self.tree_config(threads))),
            Kind::Exec => match self.exec {
                Some(id) => Box::new(ExecPlayer::new(id)),
                None => Box::new(RandomPlayer::new()),
            },
        }
    }
}

/// A player that searches with heuristics of its own, whatever heuristics the game it is
/// handed carries (both players of a match share one [`Skirmish`]); for matches between
/// versions of the heuristics.
pub struct WithHeuristics {
    inner: BoxedPlayer,
    heuristics: Heuristics,
}

impl ai::Player<Skirmish> for WithHeuristics {
    fn name(&self) -> String {
        format!("{} (own heuristics)", self.inner.name())
    }

    fn choose(
        &mut self,
        game: &Skirmish,
        rng: &mut rand_chacha::ChaCha8Rng,
    ) -> Option<rules::Action> {
        // The journal goes with it, so that a search may keep its tree between decisions.
        let mut own = game.clone();
        if let Some(journal) = game.journal() {
            own = own.with_journal(journal.to_vec());
        }
        own.set_heuristics(self.heuristics);
        self.inner.choose(&own, rng)
    }

    fn last_report(&self) -> Option<&ai::SearchReport<rules::Action>> {
        self.inner.last_report()
    }
}

impl PlayerSpec {
    /// Makes the player (one thread), searching with `heuristics` instead of those of the
    /// game it is handed. The scripted `greedy` player reads only whether card actions are
    /// scored.
    pub fn build_with_heuristics(&self, heuristics: Heuristics) -> BoxedPlayer {
        match self.kind {
            Kind::Greedy => Box::new(Greedy::with_scoring(heuristics.scoring)),
            _ => Box::new(WithHeuristics {
                inner: self.build_search(1),
                heuristics: self.effective_tuning().apply_heuristics(heuristics),
            }),
        }
    }
}

/// The revision of the code of the search and its heuristics, raised by every change to
/// that code that changes what the search plays: the settings and the weights are read
/// into [`search_fingerprint`] as they are, but the code is not, so without it a record
/// made before such a change would still pass as current. Whether a change does is shown by
/// playing the record's runs at iteration budgets again (`arena ... --verify`): they give
/// their records game for game only when the search plays as it did.
///
/// 2: a Move-one card that lets a model leave this Turn is worth what leaving is worth.
/// 3: the fitted evaluation's escape term (the models that can still leave in time).
/// 4: a kill that scores no VP is worth its share of a wipe-out
/// ([`crate::bot::eval::wipe_share`]).
/// 5: an activation counts the best shot the model has after one step (`sshot`).
pub const SEARCH_REVISION: u32 = 5;

/// A fingerprint of what makes the search play as it does: the revision of its code
/// ([`SEARCH_REVISION`]), its settings, the heuristics and the evaluation's weights
/// (`data/evaluation.toml`), computed once. The strength record is dated by it
/// (`mars-attacks strength --check`); every arena record carries it.
pub fn search_fingerprint() -> String {
    static FINGERPRINT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    FINGERPRINT.get_or_init(compute_search_fingerprint).clone()
}

/// The settings that came after the first strength record, at their defaults: the levels'
/// guard and the temperature of the choice. At their defaults they change nothing the
/// search plays, so they leave the settings' text, and with it the fingerprint, as it was.
const LATER_DEFAULTS: &str = ", time_cap: None, choice_temperature: 0.0";

/// The settings' text the fingerprint reads: `config` as it prints, less
/// [`LATER_DEFAULTS`] when it has them.
fn config_fingerprint_text(config: &IsMctsConfig) -> String {
    format!("{config:?}").replacen(LATER_DEFAULTS, "", 1)
}

fn compute_search_fingerprint() -> String {
    let text = format!(
        "{}\nrevision {SEARCH_REVISION}\n{}\n{}\n{}",
        env!("CARGO_PKG_VERSION"),
        config_fingerprint_text(&search_config(Budget::Iterations(1))),
        Heuristics::default().fingerprint_text(),
        include_str!("../../../data/evaluation.toml")
    );
    format!("{:016x}", rules::fingerprint::fnv1a(text.as_bytes()))
}
