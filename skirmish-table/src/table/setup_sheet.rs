//! The set-up sheet: a scenario's set-up on one printable A4 page, for a game played on a
//! real table with real miniatures (docs/companion.md). The page shows the map drawn large
//! (every wall, blocked square, deployment zone, hold zone, entry and exit edge, from the
//! same [`MapPicture`] as `docs/scenarios/*.svg`), the board's coordinates a-h and 1-8 on
//! its four edges, each deployment zone labelled with the models deployed there, each fixed
//! start square with the models starting on it, and the list of every model of each side
//! with the label to write on its base ([`base_label_of`]: `Soldier 2`, `Martian 3`), its
//! profile, where it starts and whether it is a key model (P28).
//!
//! For a particular game ([`SetupSheet::of_game`]) the page also marks the squares where
//! the game's seeded generator placed the face-down counters, and never which counter is
//! which (R24: a counter's identity is the program's until the rules reveal it), and says
//! where the arrivals drawn at set-up come on (P33). For the scenario alone
//! ([`SetupSheet::of_scenario`]) it says that the counters are placed at random when the
//! game starts, in the counters' zone if the scenario has one.
//!
//! What the sheet says is built here; [`page`] draws it.

mod page;

use rules::action::ModelId;
use rules::bitboard::{Bitboard, zone_text};
use rules::scenario::{EndsGame, MAX_MODELS, Scenario, Start};
use rules::state::Event;
use rules::{Edge, GameState, Side, Square};
use skirmish_ai::shelf::MapPicture;
use skirmish_ai::shelf::picture::{distinct, or_list};

use super::describe::{BaseLabel, base_label_of, side_title};

/// Everything the set-up sheet says about a scenario, or about one game of it.
#[derive(Clone, Debug, PartialEq)]
pub struct SetupSheet {
    /// The scenario's name, the page's title.
    pub title: String,
    /// Who takes the first Turn and how the game is won, in words.
    pub how_it_is_won: String,
    /// Who deploys when, in words; `None` when no side deploys.
    pub deploy_order: Option<String>,
    /// The seed of the game the sheet shows, if it shows one.
    pub seed: Option<u64>,
    /// The map: walls, blocked squares, zones, edges, hold zones.
    pub picture: MapPicture,
    /// Every model of both sides, in the scenario's order.
    pub models: Vec<ModelEntry>,
    /// Each deployment zone with the models deployed in it.
    pub zones: Vec<ZoneLabel>,
    /// Each fixed start square with the models starting on it.
    pub fixed: Vec<FixedLabel>,
    /// What comes on or leaves by each edge, with the models' labels.
    pub edges: Vec<EdgeLabel>,
    /// Where the face-down counters go.
    pub counters: CounterMarks,
}

/// One model on the sheet: the label to write on its base and what to know to set it up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModelEntry {
    pub side: Side,
    pub label: BaseLabel,
    /// Its profile's name (`US Army Soldier`).
    pub profile: String,
    /// Where it starts, in words: `deploys in a1-h2`, `starts on d4`, `comes on across
    /// the east edge in Round 1`.
    pub start: String,
    /// What its death or its leaving does, for a key model (P28).
    pub key: Option<String>,
    /// It may not leave by its side's exit edge (P30).
    pub held: bool,
}

/// A side's deployment zone and the models its player deploys there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZoneLabel {
    pub side: Side,
    pub zone: Bitboard,
    pub models: Vec<BaseLabel>,
}

impl ZoneLabel {
    /// `Humans deploy: Soldier 1-4, Sergeant`.
    pub fn text(&self) -> String {
        format!(
            "{} deploy: {}",
            side_title(self.side),
            label_ranges(&self.models)
        )
    }
}

/// Models of one side fixed on one square by the scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FixedLabel {
    pub side: Side,
    pub square: Square,
    pub models: Vec<BaseLabel>,
}

/// An edge where one side's models come on (R6) or leave, in words with the models'
/// labels: `Martians come on, Round 1: Martian 1-5`, `Humans leave here: only Soldier 5-6
/// and Professor Kessler` (P30).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EdgeLabel {
    pub side: Side,
    pub edge: Edge,
    /// An exit (else an entry).
    pub leave: bool,
    pub text: String,
}

/// Where the face-down counters go (R24).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CounterMarks {
    /// The scenario has none.
    None,
    /// The scenario alone: the counters are placed at random squares when a game starts.
    AtRandom {
        /// How many are placed.
        placed: u8,
        /// What they are drawn from, in words (`5 Critters and 5 Alien Secrets`).
        pool: String,
        /// The squares they are placed in, when the scenario limits them.
        zone: Option<Bitboard>,
    },
    /// A game: the squares its generator chose, in the order it placed them. Which counter
    /// is which is not known to anyone until the rules reveal it.
    Placed { pool: String, squares: Vec<Square> },
}

impl SetupSheet {
    /// The sheet of `scenario` alone: the counters, if any, are said to be placed at random
    /// when the game starts.
    pub fn of_scenario(scenario: &Scenario) -> SetupSheet {
        SetupSheet::build(scenario, None)
    }

    /// The sheet of the game `g` at its start, set up with `setup_events` (the events of
    /// its set-up, as [`super::instructions::setup_steps`] reads them) from `seed`: the
    /// counters are marked on the squares the game placed them on, the arrivals drawn at
    /// set-up are said (P33).
    pub fn of_game(g: &GameState, setup_events: &[Event], seed: u64) -> SetupSheet {
        SetupSheet::build(g.scenario(), Some((g, setup_events, seed)))
    }

    fn build(sc: &Scenario, game: Option<(&GameState, &[Event], u64)>) -> SetupSheet {
        let mut picture = MapPicture::of(sc);
        if game.is_some() {
            // A game's counters are marked on their squares: the zone they were placed in
            // says nothing more.
            picture.counter_zone = None;
        }
        let n = sc.models.len().min(MAX_MODELS);
        let labels: Vec<BaseLabel> = (0..n).filter_map(|i| base_label_of(sc, i)).collect();
        let state = game.map(|(g, _, _)| g);
        let mut models = Vec::new();
        let mut fixed: Vec<FixedLabel> = Vec::new();
        for (i, (m, label)) in sc.models.iter().zip(&labels).enumerate() {
            models.push(ModelEntry {
                side: m.side,
                label: label.clone(),
                profile: sc
                    .profiles
                    .get(m.profile)
                    .map_or_else(String::new, |p| p.name.clone()),
                start: start_words(sc, i, state),
                key: m.ends_game.is_key().then(|| key_words(m.ends_game)),
                held: !m.may_exit && sc.sides[m.side].exit.is_some(),
            });
            if let Start::At(square) = m.start {
                match fixed
                    .iter_mut()
                    .find(|f| f.square == square && f.side == m.side)
                {
                    Some(f) => f.models.push(label.clone()),
                    None => fixed.push(FixedLabel {
                        side: m.side,
                        square,
                        models: vec![label.clone()],
                    }),
                }
            }
        }
        let zones = picture
            .zones
            .iter()
            .map(|&(side, zone)| ZoneLabel {
                side,
                zone,
                models: sc
                    .models
                    .iter()
                    .zip(&labels)
                    .filter(|(m, _)| m.side == side && m.start == Start::Deploy)
                    .map(|(_, l)| l.clone())
                    .collect(),
            })
            .collect();
        let c = sc.counters;
        let counters = match game {
            _ if c.placed == 0 => CounterMarks::None,
            None => CounterMarks::AtRandom {
                placed: c.placed,
                pool: pool_words(c.critters, c.secrets, c.objectives),
                zone: c.zone,
            },
            Some((_, events, _)) => CounterMarks::Placed {
                pool: pool_words(c.critters, c.secrets, c.objectives),
                squares: events
                    .iter()
                    .filter_map(|e| match *e {
                        Event::CounterPlaced(sq) => Some(sq),
                        _ => None,
                    })
                    .collect(),
            },
        };
        let edges = edge_labels(sc, &labels);
        SetupSheet {
            title: sc.name.clone(),
            how_it_is_won: sentence(&skirmish_ai::shelf::docs::how_it_is_won(sc)),
            deploy_order: deploy_order(sc),
            seed: game.map(|(_, _, seed)| seed),
            picture,
            models,
            zones,
            fixed,
            edges,
            counters,
        }
    }

    /// The page as a standalone SVG document: A4 portrait (210 mm by 297 mm), drawn to
    /// print in black and white.
    pub fn to_svg(&self) -> String {
        page::svg(self)
    }
}

/// `text` as a sentence: its first letter a capital, a full stop at its end.
fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    let mut out: String = match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    };
    if !out.ends_with('.') {
        out.push('.');
    }
    out
}

/// The counters' pool in words: `5 Critters and 5 Alien Secrets`.
fn pool_words(critters: u8, secrets: u8, objectives: u8) -> String {
    let kinds: Vec<String> = [
        (critters, "Critter"),
        (secrets, "Alien Secret"),
        (objectives, "neutral objective"),
    ]
    .iter()
    .filter(|(n, _)| *n > 0)
    .map(|&(n, what)| {
        if n == 1 {
            format!("1 {what}")
        } else {
            format!("{n} {what}s")
        }
    })
    .collect();
    and_list(&kinds)
}

/// "a, b and c".
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// Each entry edge with the models coming on by it (every edge it may be drawn, P33), and
/// each exit with the models that may leave by it (P30), in words.
fn edge_labels(sc: &Scenario, labels: &[BaseLabel]) -> Vec<EdgeLabel> {
    let mut out = Vec::new();
    for side in Side::BOTH {
        let setup = &sc.sides[side];
        let of = |keep: &dyn Fn(&rules::scenario::ModelSetup) -> bool| -> Vec<BaseLabel> {
            sc.models
                .iter()
                .zip(labels)
                .filter(|(m, _)| m.side == side && keep(m))
                .map(|(_, l)| l.clone())
                .collect()
        };
        for (wave, entry) in setup.entry.iter().enumerate() {
            let coming = of(&|m| m.start == Start::Enter && usize::from(m.wave) == wave);
            if coming.is_empty() {
                continue;
            }
            for mark in skirmish_ai::shelf::picture::entry_marks(side, entry) {
                out.push(EdgeLabel {
                    side,
                    edge: mark.edge,
                    leave: false,
                    text: format!("{}: {}", mark.label, label_ranges(&coming)),
                });
            }
        }
        if let Some(edge) = setup.exit {
            let all = of(&|_| true);
            let may = of(&|m| m.may_exit);
            let who = if may.len() == all.len() {
                String::new()
            } else if may.is_empty() {
                " (but no model may)".to_string()
            } else {
                format!(": only {}", label_ranges(&may))
            };
            out.push(EdgeLabel {
                side,
                edge,
                leave: true,
                text: format!("{} leave here{who}", side_title(side)),
            });
        }
    }
    out
}

/// Who deploys when: `The Martians deploy first, all their models; then the Humans.`
fn deploy_order(sc: &Scenario) -> Option<String> {
    let deploying: Vec<Side> = sc
        .deploy_order
        .iter()
        .copied()
        .filter(|&s| {
            sc.models
                .iter()
                .any(|m| m.side == s && m.start == Start::Deploy)
        })
        .collect();
    match deploying.as_slice() {
        [] => None,
        [one] => Some(format!(
            "The {} deploy before the first Turn.",
            side_title(*one)
        )),
        [first, then, ..] => Some(format!(
            "The {} deploy first, all their models; then the {}.",
            side_title(*first),
            side_title(*then)
        )),
    }
}

/// Where model `i` of `sc` starts, in words; in `game`, with the arrivals drawn so far.
fn start_words(sc: &Scenario, i: usize, game: Option<&GameState>) -> String {
    let m = &sc.models[i];
    match m.start {
        Start::Deploy => format!("deploys in {}", zone_text(sc.sides[m.side].deployment)),
        Start::At(sq) => format!("starts on {sq}"),
        Start::Enter => {
            let Some(e) = sc.entry_of(i) else {
                return "comes on across an edge".to_string();
            };
            let drawn_now = game.and_then(|g| g.arrival_of(ModelId(i as u8)));
            let (round, edge) = match drawn_now {
                Some(a) => (a.round, a.edge),
                None => (
                    Some(e.round).filter(|_| e.rounds.is_empty()),
                    Some(e.edge).filter(|_| e.edges.is_empty()),
                ),
            };
            let across = match edge {
                Some(edge) if !e.edges.is_empty() => {
                    format!("across the {edge} edge (drawn at set-up)")
                }
                Some(edge) if e.squares != edge.board_squares() => {
                    format!("across the {edge} edge at {}", zone_text(e.squares))
                }
                Some(edge) => format!("across the {edge} edge"),
                None => format!("across the {} edge", edges_or(e.edges.as_slice())),
            };
            let when = match round {
                Some(r) => format!(
                    "{}{}",
                    if r == 1 {
                        "in Round 1".to_string()
                    } else {
                        format!("from Round {r}")
                    },
                    if e.rounds.is_empty() { "" } else { " (drawn)" }
                ),
                None => format!(
                    "from Round {}",
                    or_list(distinct(e.rounds.as_slice()).iter().map(u16::to_string))
                ),
            };
            let draw = if round.is_none() || edge.is_none() {
                format!(", drawn at the start of Round {}", e.round)
            } else {
                String::new()
            };
            format!("comes on {across} {when}{draw}")
        }
    }
}

/// What a key model's death or leaving does (P28), in words.
fn key_words(ends: EndsGame) -> String {
    let side = |s: Side| side_title(s);
    match (ends.dies, ends.exits) {
        (Some(d), Some(x)) => format!(
            "key model: the {} win at once if it dies, the {} if it gets away",
            side(d),
            side(x)
        ),
        (Some(d), None) => format!("key model: the {} win at once if it dies", side(d)),
        (None, Some(x)) => format!("key model: the {} win at once if it gets away", side(x)),
        (None, None) => String::new(),
    }
}

/// `north, east or west`.
fn edges_or(edges: &[Edge]) -> String {
    or_list(distinct(edges).iter().map(Edge::to_string))
}

/// Labels with runs of one name's numbers shortened: `Soldier 1-4, Sergeant, Soldier 6`.
pub fn label_ranges(labels: &[BaseLabel]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < labels.len() {
        let first = &labels[i];
        let mut j = i;
        while let (Some(a), Some(next)) = (labels[j].number, labels.get(j + 1))
            && next.name == first.name
            && next.number == Some(a + 1)
        {
            j += 1;
        }
        parts.push(match (first.number, labels[j].number) {
            (Some(a), Some(b)) if j > i => format!("{} {a}-{b}", first.name),
            _ => first.to_string(),
        });
        i = j + 1;
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn label(name: &str, number: Option<usize>) -> BaseLabel {
        BaseLabel {
            name: name.to_string(),
            number,
        }
    }

    #[test]
    fn runs_of_numbers_are_shortened_and_the_rest_named() {
        let labels = [
            label("Soldier", Some(1)),
            label("Soldier", Some(2)),
            label("Soldier", Some(3)),
            label("Sergeant", None),
            label("Soldier", Some(5)),
            label("Martian", Some(6)),
            label("Martian", Some(7)),
        ];
        assert_eq!(
            label_ranges(&labels),
            "Soldier 1-3, Sergeant, Soldier 5, Martian 6-7"
        );
        assert_eq!(label_ranges(&[]), "");
        assert_eq!(label_ranges(&labels[3..4]), "Sergeant");
    }

    /// Humans on part of the west edge from Round 2 (P32); Martians by the east or the west
    /// edge, drawn at set-up (P33), and 2 more in Round 2, 3 or 4, drawn then.
    const ARRIVALS: &str = r#"
name = "Arrivals"
first_turn = "humans"
[map]
walls = []
[humans]
models = [{ profile = "soldier", count = 2, start = "enter" }]
entry = { edge = "west", squares = "a1-a4", round = 2 }
[martians]
models = [
  { profile = "martian", count = 2, start = "enter" },
  { profile = "martian", count = 2, start = "enter", wave = 2 },
]
entry = [{ edges = ["east", "west"], round = 1 }, { edge = "north", rounds = [2, 3, 4] }]
"#;

    #[test]
    fn arrivals_are_said_with_their_edge_part_and_what_is_drawn_when() {
        let sc = rules::scenario_file::parse_scenario("arrivals.toml", ARRIVALS)
            .unwrap_or_else(|e| panic!("{e:?}"))
            .scenario;
        let starts = |sheet: &SetupSheet| -> Vec<String> {
            sheet.models.iter().map(|m| m.start.clone()).collect()
        };
        let alone = SetupSheet::of_scenario(&sc);
        assert_eq!(
            starts(&alone),
            [
                "comes on across the west edge at a1-a4 from Round 2",
                "comes on across the west edge at a1-a4 from Round 2",
                "comes on across the east or west edge in Round 1, drawn at the start of Round 1",
                "comes on across the east or west edge in Round 1, drawn at the start of Round 1",
                "comes on across the north edge from Round 2, 3 or 4, drawn at the start of \
                 Round 2",
                "comes on across the north edge from Round 2, 3 or 4, drawn at the start of \
                 Round 2",
            ]
        );
        // A game: the edge drawn at set-up is known to both sides (P33), the Round drawn
        // in Round 2 is not yet.
        let sc = std::sync::Arc::new(sc);
        let mut events = Vec::new();
        let g = GameState::new_logged(sc.clone(), &mut rules::rng_from_seed(5), &mut events);
        let drawn = g.arrival_of(ModelId(2)).and_then(|a| a.edge).unwrap();
        let game = SetupSheet::of_game(&g, &events, 5);
        let said = starts(&game);
        assert_eq!(said[..2], starts(&alone)[..2]);
        assert_eq!(
            said[2],
            format!("comes on across the {drawn} edge (drawn at set-up) in Round 1")
        );
        assert_eq!(said[4], starts(&alone)[4]);
        assert_eq!(game.seed, Some(5));
        // Each edge a Martian may come on by is labelled with the models coming on there.
        let texts: Vec<&str> = game.edges.iter().map(|e| e.text.as_str()).collect();
        assert!(
            texts.contains(&"Humans come on at a1-a4, from Round 2: Soldier 1-2"),
            "{texts:?}"
        );
        assert!(
            texts
                .iter()
                .any(|t| t.starts_with("Martians come on here or across the")
                    && t.ends_with(": Martian 1-2")),
            "{texts:?}"
        );
    }
}
