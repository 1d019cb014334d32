//! Shared helpers for the rules tests: small scenarios drawn in code, and dice that roll
//! what the test says.
#![allow(dead_code)]

pub mod scenario_files;

use std::collections::VecDeque;
use std::sync::Arc;

use rules::cards::{Card, core_deck};
use rules::scenario::{
    CounterSetup, EndsGame, Entry, ModelSetup, Scenario, SideSetup, Start, VpAwards,
};
use rules::scenario_file::core_profiles;
use rules::state::{Event, Test};
use rules::{
    Action, Bitboard, BySide, Deck, Edge, GameState, Map, ModelId, Side, Square, WallKind, Walls,
};

pub fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

/// The set of the squares named.
pub fn squares(names: &[&str]) -> Bitboard {
    names.iter().map(|s| sq(s)).collect()
}

pub fn m(n: u8) -> ModelId {
    ModelId(n - 1)
}

/// The card `side` holds whose own half is `half` (the first in deck order), as `side`
/// names it in actions (R19).
pub fn held(g: &GameState, side: Side, half: &str) -> Card {
    g.hand(side)
        .find_map(|(c, _)| c.card(side).filter(|c| c.half.slug() == half))
        .unwrap_or_else(|| panic!("the {side} hold no {half}"))
}

/// A model for `small_scenario`: side, profile key, start square.
pub struct Place<'a>(pub Side, pub &'a str, pub &'a str);

/// The VP awards of Scenario 1 for `side`.
pub fn scenario1_vp() -> VpAwards {
    VpAwards {
        shoot_kill: 1,
        fight_kill: 2,
        counter: 1,
        counters_free: 1,
        exit: 0,
        objective: 0,
    }
}

/// A scenario on a map with these walls (`("c3", Edge::North, WallKind::High)`), models
/// fixed on their squares in the order given (m1, m2, ...), no counters, Humans first,
/// Scenario 1's VP awards and target 8.
pub fn small_scenario(walls: &[(&str, Edge, WallKind)], models: &[Place]) -> Arc<Scenario> {
    let mut w = Walls::default();
    for (s, e, k) in walls {
        assert!(w.set(sq(s), *e, *k), "wall on the board edge");
    }
    let profiles = core_profiles();
    let idx = |key: &str| profiles.iter().position(|p| p.key == key).unwrap();
    let models = models
        .iter()
        .map(|Place(side, key, at)| ModelSetup {
            side: *side,
            profile: idx(key),
            start: Start::At(sq(at)),
            kill_vp: None,
            exit_vp: None,
            wave: 0,
            ends_game: EndsGame::default(),
            may_exit: true,
        })
        .collect();
    let side = SideSetup {
        deployment: Bitboard::EMPTY,
        entry: Vec::new(),
        exit: None,
        vp: scenario1_vp(),
        vp_target: None,
        hold: Vec::new(),
        survive_to: None,
    };
    Arc::new(Scenario {
        name: "test".into(),
        description: String::new(),
        map: Arc::new(Map::new(w, Bitboard::EMPTY)),
        profiles,
        models,
        sides: BySide::new(side.clone(), side),
        first_turn: Side::Humans,
        deploy_order: vec![],
        counters: CounterSetup::default(),
        vp_target: 8,
        round_limit: None,
        // No cards unless a test asks for them (`with_cards`).
        deck: Arc::new(Deck::empty()),
        hand_size: 0,
    })
}

/// The same scenario played with the core deck (R19) and hands of `hand_size`.
pub fn with_cards(s: &Arc<Scenario>, hand_size: u8) -> Arc<Scenario> {
    let mut s = (**s).clone();
    s.deck = core_deck();
    s.hand_size = hand_size;
    Arc::new(s)
}

/// Like `small_scenario` but the Humans' models start off the board and enter across
/// the south edge in Round 1 (as in Scenario 1).
pub fn with_entry(s: &Arc<Scenario>, humans_enter: bool) -> Arc<Scenario> {
    let mut s = (**s).clone();
    if humans_enter {
        for m in &mut s.models {
            if m.side == Side::Humans {
                m.start = Start::Enter;
            }
        }
        s.sides[Side::Humans].entry = vec![Entry::whole_edge(Edge::South, 1)];
    }
    Arc::new(s)
}

/// A game of `scenario` with no counters, as set up (counters need a generator; these
/// scenarios place none).
/// A scenario of a test's own, read from its `text` as the file `file`; a text the loader
/// refuses fails the test with the loader's diagnostics.
pub fn parsed(file: &str, text: &str) -> rules::scenario_file::Loaded {
    rules::scenario_file::parse_scenario(file, text).unwrap_or_else(|problems| {
        let lines: Vec<String> = problems.iter().map(ToString::to_string).collect();
        panic!("{}", lines.join("\n"))
    })
}

pub fn game(scenario: &Arc<Scenario>) -> GameState {
    let mut rng = rules::rng_from_seed(0);
    GameState::new(scenario.clone(), &mut rng)
}

/// A generator that rolls the faces a test lists. Each `next_u64` serves one test's dice
/// (three bits a face, as `D8Stream` reads them); `next_u32` serves a raw draw. A copy
/// rolls the same faces from where the original stands.
#[derive(Clone)]
pub struct Dice {
    words: VecDeque<u64>,
}

impl Dice {
    /// One entry per test (or per Rattle-test batch), each the faces in rolling order.
    pub fn new(tests: &[&[u8]]) -> Dice {
        Dice {
            words: tests
                .iter()
                .map(|faces| {
                    assert!(faces.len() <= 21);
                    faces.iter().enumerate().fold(0u64, |w, (i, f)| {
                        assert!((1..=8).contains(f));
                        w | ((*f as u64 - 1) << (3 * i))
                    })
                })
                .collect(),
        }
    }
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }
}

impl rand::RngCore for Dice {
    fn next_u32(&mut self) -> u32 {
        self.next_u64() as u32
    }
    fn next_u64(&mut self) -> u64 {
        self.words
            .pop_front()
            .expect("the test rolled more dice than it scripted")
    }
    fn fill_bytes(&mut self, dst: &mut [u8]) {
        for chunk in dst.chunks_mut(8) {
            let w = self.next_u64().to_le_bytes();
            chunk.copy_from_slice(&w[..chunk.len()]);
        }
    }
}

/// The legal actions now, as text, sorted.
pub fn legal(g: &GameState) -> Vec<String> {
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    let mut s: Vec<String> = v.iter().map(|a| a.to_string()).collect();
    s.sort();
    s
}

/// Play actions given as text, each with no dice needed.
pub fn play(g: &mut GameState, actions: &[&str]) {
    let mut no_dice = Dice::new(&[]);
    for a in actions {
        let action: Action = a.parse().unwrap();
        g.play(action, &mut no_dice)
            .unwrap_or_else(|e| panic!("{e}"));
    }
}

/// Play `action` with these dice, returning its events; the state must stay sound.
pub fn events(g: &mut GameState, action: &str, dice: &mut Dice) -> Vec<Event> {
    let mut e = Vec::new();
    g.play_logged(action.parse().unwrap(), dice, &mut e)
        .unwrap_or_else(|e| panic!("{e}"));
    g.check_invariants().unwrap();
    e
}

/// The tests rolled, as (test, dice, value, successes), model and card rolls alike.
pub fn rolls(ev: &[Event]) -> Vec<(Test, u8, u8, u8)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Roll {
                test,
                dice,
                value,
                successes,
                ..
            } => Some((*test, *dice, *value, *successes)),
            Event::EffectRoll {
                test,
                dice,
                value,
                successes,
                ..
            } => Some((*test, *dice, *value, *successes)),
            _ => None,
        })
        .collect()
}

/// Every scenario shipped in `scenarios/`, by path, loaded (a test fails if one does not).
pub fn shipped_scenarios() -> Vec<(String, Arc<Scenario>)> {
    let dir = scenario_files::root().join("scenarios");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("scenarios/ exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    paths.sort();
    let out: Vec<_> = paths
        .into_iter()
        .map(|p| {
            let loaded = rules::scenario_file::load_scenario(&p).unwrap_or_else(|errs| {
                let text: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
                panic!("{} does not load:\n{}", p.display(), text.join("\n"))
            });
            (p.display().to_string(), Arc::new(loaded.scenario))
        })
        .collect();
    assert!(!out.is_empty(), "no scenarios shipped");
    out
}

// ----- card positions ----------------------------------------------------------------

/// A card half of the core deck, by its slug.
pub fn card(slug: &str) -> rules::CardId {
    slug.parse().unwrap()
}

/// A game of these models with the core deck and hands of `hand_size`, both hands
/// emptied back into the deck, Humans to play.
pub fn setup(models: &[Place], hand_size: u8) -> GameState {
    setup_walls(&[], models, hand_size)
}

pub fn setup_walls(walls: &[(&str, Edge, WallKind)], models: &[Place], hand_size: u8) -> GameState {
    let s = with_cards(&small_scenario(walls, models), hand_size);
    let mut g = game(&s);
    g.edit()
        .clear_hand(Side::Humans)
        .clear_hand(Side::Martians)
        .turn(Side::Humans);
    g
}

/// The prefix of every scratch folder the tests make in the system's temporary folder.
const SCRATCH_PREFIX: &str = "mars-attacks-test-";

/// A scratch folder for a test, `mars-attacks-test-<name>-<pid>` in the system's temporary
/// folder (`name` may hold `/` for a folder inside it), made empty.
///
/// A test cannot always remove its folder when it ends (a window or a child process may
/// still hold it), so the first scratch folder a test run makes removes those of earlier
/// runs whose process is gone: each run leaves at most its own behind, however many runs
/// there were.
pub fn scratch_dir(name: &str) -> std::path::PathBuf {
    static SWEPT: std::sync::Once = std::sync::Once::new();
    SWEPT.call_once(remove_stale_scratch);
    let (first, rest) = name.split_once('/').unwrap_or((name, ""));
    let mut dir =
        std::env::temp_dir().join(format!("{SCRATCH_PREFIX}{first}-{}", std::process::id()));
    if !rest.is_empty() {
        dir = dir.join(rest);
    }
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Removes the scratch folders of test runs that have ended: those whose name ends in the
/// id of a process that no longer exists. A folder of a run still going (another checkout's
/// tests, say) is left alone.
fn remove_stale_scratch() {
    let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        let Some(rest) = name.strip_prefix(SCRATCH_PREFIX) else {
            continue;
        };
        let Some(pid) = rest.rsplit('-').next().and_then(|p| p.parse::<u32>().ok()) else {
            continue;
        };
        let alive = std::path::Path::new("/proc").join(pid.to_string()).exists();
        if pid != std::process::id() && !alive {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// A scratch folder of its own for a test ([`scratch_dir`]), removed when dropped.
pub struct TempDir(pub std::path::PathBuf);

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        TempDir(scratch_dir(name))
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// What a side does when it only passes the time: end the model's action or the Turn, else
/// activate a model, else the first legal action.
pub fn idle_action(legal: &[Action]) -> Action {
    [Action::Done, Action::EndTurn]
        .into_iter()
        .chain(
            legal
                .iter()
                .copied()
                .filter(|a| matches!(a, Action::Activate(_))),
        )
        .find(|a| legal.contains(a))
        .unwrap_or(legal[0])
}

/// Plays the Round out with `dice`, each side only passing the time ([`idle_action`]);
/// returns what happened.
pub fn end_the_round_with(g: &mut GameState, dice: &mut rules::GameRng) -> Vec<Event> {
    let round = g.round();
    let mut legal = Vec::new();
    let mut e = Vec::new();
    while g.round() == round && !g.is_over() {
        g.legal_actions(&mut legal);
        let a = idle_action(&legal);
        g.play_logged(a, dice, &mut e).unwrap();
    }
    e
}

/// The cells of one row of a Markdown table, trimmed, without the outer bars. Cells are
/// parted by ` | `, so a bar inside a code span without spaces stays in its cell.
pub fn markdown_cells(line: &str) -> Vec<String> {
    line.trim()
        .trim_matches('|')
        .split(" | ")
        .map(|c| c.trim().to_string())
        .collect()
}
