//! The game at a real table (`table::companion`): dice typed from the table drive a whole
//! game exactly as the same dice drawn would; bad dice are refused with the reason and
//! nothing applied; the saved game records the dice typed and the corrections of the
//! table, and replays record for record.

use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};

use mars_attacks::rules::state::Event;
use mars_attacks::rules::{Action, BySide, GameRng, GameState, Side};
use mars_attacks::sim::state_text;
use mars_attacks::table::companion::{DiceError, DiceProgress, TableRoll};
use mars_attacks::table::instructions::TableStep;
use mars_attacks::table::rolls::{DiceInputError, RollAsk, Roller};
use mars_attacks::table::session::{Session, Step};
use mars_attacks::table::setup::{Controller, GameSetup};

use super::child::root;
use super::common::scratch_dir;

/// A game of Scenario 1 (seed `seed`) with these controllers.
pub(crate) fn session(seed: u64, humans: Controller, martians: Controller) -> Session {
    let setup = GameSetup {
        scenario_path: root().join("scenarios/whos-there.toml"),
        seed,
        dice_seed: None,
        controllers: BySide::new(humans, martians),
    };
    let mut s = Session::new(setup).unwrap();
    s.ai_delay = Duration::ZERO;
    s
}

pub(crate) fn ai(spec: &str) -> Controller {
    Controller::Ai(spec.parse().unwrap())
}

/// A person's decision: one of the legal ones, picked by a hash of the game's length (so
/// the same position gets the same decision in every game that reaches it).
fn person(s: &Session, seed: u64) -> Action {
    let legal = s.legal();
    let mut x = seed ^ (s.history().len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x ^= x >> 29;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^= x >> 32;
    legal[(x % legal.len() as u64) as usize]
}

/// Every roll's faces in `events`, in order.
pub(crate) fn faces_of(events: &[Event]) -> Vec<Vec<u8>> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Roll { faces, .. } | Event::EffectRoll { faces, .. } => Some(faces.clone()),
            Event::RattleTest { roll, .. } => Some(vec![*roll]),
            _ => None,
        })
        .collect()
}

fn rolls_in(history: &[Step]) -> usize {
    history.iter().map(|s| faces_of(&s.events).len()).sum()
}

/// What the table is asked, counted.
#[derive(Default, Debug)]
pub(crate) struct Asked {
    pub rolls: usize,
    pub extra_dice: usize,
    pub ai_decisions_waiting: usize,
    pub table_steps: Vec<TableStep>,
    /// The positions where the AI was to decide, in order.
    pub ai_positions: Vec<GameState>,
}

/// Plays `s` until it is over or has `limit` decisions: a person's decisions by
/// [`person`], the AI's by ticking, every table step confirmed, and each roll asked for
/// typed as `dice` gives its faces (given the ask and the number of rolls made before it in
/// the game): the ask's dice first, then each 8's extra die as it is asked for (R14).
pub(crate) fn drive(
    s: &mut Session,
    seed: u64,
    limit: usize,
    mut dice: impl FnMut(&RollAsk, usize) -> Vec<u8>,
) -> Asked {
    let mut asked = Asked::default();
    let mut seen = None;
    let start = Instant::now();
    while !s.state().is_over() && s.history().len() < limit {
        assert!(
            start.elapsed() < Duration::from_secs(300),
            "the game moves on"
        );
        if let Some(p) = s.awaiting_dice() {
            let Some(ask) = p.ask().cloned() else {
                s.confirm_dice().unwrap();
                continue;
            };
            if p.instruction.is_some() {
                asked.ai_decisions_waiting += 1;
            }
            let made = rolls_in(s.history()) + p.rolls().len();
            let faces = dice(&ask, made);
            assert_eq!(faces.len(), ask.faces_needed(&faces), "{ask:?} {faces:?}");
            asked.rolls += 1;
            let first = if ask.rattle { 1 } else { usize::from(ask.dice) };
            let mut typed = first;
            let text = |f: &[u8]| {
                f.iter()
                    .map(|x| x.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            let mut progress = s.enter_dice(&text(&faces[..first])).unwrap();
            while let DiceProgress::ExtraDice(n) = progress {
                asked.extra_dice += n;
                assert!(faces[..typed].contains(&8), "an extra die only for an 8");
                progress = s.enter_dice(&text(&faces[typed..typed + n])).unwrap();
                typed += n;
            }
            assert_eq!(typed, faces.len());
            continue;
        }
        if let Some(step) = s.confirm_table_step() {
            asked.table_steps.push(step);
            continue;
        }
        if let Some(side) = s.state().to_move()
            && !s.controller(side).is_human()
            && seen != Some(s.history().len())
        {
            seen = Some(s.history().len());
            asked.ai_positions.push(s.state().clone());
        }
        if s.human_to_move().is_some() {
            let a = person(s, seed);
            s.play(a).unwrap();
            continue;
        }
        s.tick();
        std::thread::sleep(Duration::from_micros(200));
    }
    asked
}

/// The decisions of two games are the same, record for record: the decision, who made
/// it, whether it drew, and every event it caused. (Its words name the models as each
/// table does: by number on the screen, by the bases at a real table.)
pub(crate) fn assert_same_records(a: &[Step], b: &[Step]) {
    assert_eq!(a.len(), b.len(), "as many decisions");
    for (i, (x, y)) in a.iter().zip(b).enumerate() {
        assert_eq!(
            (x.action, x.by, x.random),
            (y.action, y.by, y.random),
            "decision {}",
            i + 1
        );
        assert_eq!(x.events, y.events, "decision {}: its events", i + 1);
    }
}

/// A whole game driven by dice typed from the table is the game the same dice drawn give,
/// record for record, with the AI deciding for its side (its decisions wait for their
/// dice) and windows answered at the table; then with the AI's dice rolled by the program
/// while the person types theirs. Each ends the same, and the companion games' saves load
/// and replay record for record.
#[test]
fn a_game_driven_by_typed_dice_is_the_game_those_dice_drawn_give() {
    let cases = [
        // A person against the AI, every die from the table, played to 120 decisions.
        (
            3u64,
            Controller::Human,
            ai("random"),
            BySide::new(Roller::Table, Roller::Table),
            120usize,
        ),
        // The AI against itself (both sides' decisions wait for dice), to the end.
        (
            8,
            ai("random"),
            ai("greedy"),
            BySide::new(Roller::Table, Roller::Table),
            10_000,
        ),
        // Two people at the table: the Humans' dice typed, the Martians' drawn.
        (
            5,
            Controller::Human,
            Controller::Human,
            BySide::new(Roller::Table, Roller::Program),
            10_000,
        ),
    ];
    let dir = scratch_dir("companion-typed");
    for (n, (seed, humans, martians, rollers, limit)) in cases.into_iter().enumerate() {
        let mut drawn = session(seed, humans, martians);
        let none = drive(&mut drawn, seed, limit, |_, _| panic!("no dice are asked"));
        assert_eq!(none.rolls, 0);
        // The game on the screen, saved where the drive stopped (mid-game or over) and
        // loaded: the same game, past the windows answered after its last decision.
        let path = dir.join(format!("drawn{n}.json"));
        drawn.save_to(&path).unwrap();
        let loaded = Session::load(&path).unwrap();
        assert_same_records(drawn.history(), loaded.history());
        assert_eq!(
            state_text(loaded.state()),
            state_text(drawn.state()),
            "case {n}"
        );
        let rolled: Vec<Vec<u8>> = drawn
            .history()
            .iter()
            .flat_map(|s| faces_of(&s.events))
            .collect();
        assert!(rolled.len() > 20, "case {n}: {} rolls", rolled.len());

        let mut typed = session(seed, humans, martians);
        typed.set_companion(rollers);
        let asked = drive(&mut typed, seed, limit, |ask, made| {
            assert_eq!(
                rollers[ask.side],
                Roller::Table,
                "only a side the table rolls for is asked"
            );
            rolled[made].clone()
        });
        assert_same_records(drawn.history(), typed.history());
        assert_eq!(state_text(typed.state()), state_text(drawn.state()));
        assert_eq!(typed.state().outcome(), drawn.state().outcome());
        // Every roll was asked for once, or drawn where the program rolls.
        let record: Vec<&TableRoll> = typed
            .companion()
            .unwrap()
            .all_rolls()
            .iter()
            .flatten()
            .collect();
        assert_eq!(record.len(), rolled.len(), "case {n}");
        let typed_rolls = record
            .iter()
            .filter(|r| matches!(r, TableRoll::Typed(_)))
            .count();
        assert_eq!(typed_rolls, asked.rolls, "case {n}");
        if rollers == BySide::new(Roller::Table, Roller::Table) {
            assert_eq!(typed_rolls, rolled.len(), "case {n}");
        } else {
            assert!(0 < typed_rolls && typed_rolls < rolled.len(), "case {n}");
        }
        if n == 1 {
            assert!(
                asked.ai_decisions_waiting > 0,
                "the AI's decisions waited for dice"
            );
        }
        // Saved, loaded and replayed: the same game.
        let path = dir.join(format!("game{n}.json"));
        typed.save_to(&path).unwrap();
        let loaded = Session::load(&path).unwrap();
        assert_same_records(typed.history(), loaded.history());
        assert_eq!(state_text(loaded.state()), state_text(typed.state()));
        let mut replay = Session::load_replay(&path).unwrap();
        replay.replay_to(typed.history().len());
        assert_same_records(typed.history(), replay.history());
        assert_eq!(state_text(replay.state()), state_text(typed.state()));
        assert_eq!(
            replay.save_json(),
            typed.save_json(),
            "a replay saves the whole game"
        );
    }
}

/// The person's own dice, from a generator of their own (not the game's): the game follows
/// the faces typed, every roll event shows them, and the saved game loads and replays to
/// the same game record for record.
#[test]
fn a_game_follows_the_dice_typed_and_replays_from_its_save() {
    let mut table_dice = GameRng::seed_from_u64(2027);
    let mut typed_in_order: Vec<Vec<u8>> = Vec::new();
    let mut s = session(12, Controller::Human, ai("random"));
    s.set_companion(BySide::new(Roller::Table, Roller::Table));
    let asked = drive(&mut s, 12, 10_000, |ask, made| {
        assert_eq!(made, typed_in_order.len(), "rolls are asked in order");
        let mut faces = Vec::new();
        let mut left = if ask.rattle { 1 } else { ask.dice };
        while left > 0 {
            left -= 1;
            let f = table_dice.random_range(1..=8u8);
            faces.push(f);
            if f == 8 && !ask.rattle {
                left += 1;
            }
        }
        typed_in_order.push(faces.clone());
        faces
    });
    assert!(s.state().is_over());
    assert!(asked.rolls > 20 && asked.extra_dice > 0, "{asked:?}");
    let rolled: Vec<Vec<u8>> = s
        .history()
        .iter()
        .flat_map(|st| faces_of(&st.events))
        .collect();
    assert_eq!(rolled, typed_in_order, "every roll is the one typed");
    let dir = scratch_dir("companion-replay");
    let path = dir.join("table.json");
    s.save_to(&path).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("\"companion\""), "{text}");
    assert!(text.contains("\"dice\""), "{text}");
    let loaded = Session::load(&path).unwrap();
    assert_same_records(s.history(), loaded.history());
    assert_eq!(state_text(loaded.state()), state_text(s.state()));
    let mut replay = Session::load_replay(&path).unwrap();
    for pos in 1..=s.history().len() {
        replay.replay_to(pos);
    }
    assert_same_records(s.history(), replay.history());
    // A typed roll changed in the file no longer fits: the load says which decision.
    let save: serde_json::Value = serde_json::from_str(&text).unwrap();
    let (number, rolls) = save["dice"]
        .as_object()
        .unwrap()
        .iter()
        .find(|(_, r)| {
            r.as_array()
                .unwrap()
                .iter()
                .any(|x| x.as_array().is_some_and(|f| f.len() >= 3))
        })
        .map(|(k, r)| (k.clone(), r.clone()))
        .unwrap();
    let mut broken = save.clone();
    let mut changed = rolls.clone();
    let first = changed
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|x| x.as_array().is_some_and(|f| f.len() >= 3))
        .unwrap();
    first.as_array_mut().unwrap().pop();
    broken["dice"][&number] = changed;
    std::fs::write(&path, serde_json::to_string(&broken).unwrap()).unwrap();
    let e = Session::load(&path)
        .err()
        .expect("a roll short of a face does not load");
    assert!(
        e.to_string().starts_with(&format!("decision {number}: ")),
        "{e}"
    );
}

/// Stands a game at the first Shoot roll of the person's models, the person's dice typed
/// (all 1s until then) and the AI's drawn.
fn at_first_roll(seed: u64) -> Session {
    let mut s = session(seed, Controller::Human, ai("random"));
    s.set_companion(BySide::new(Roller::Table, Roller::Program));
    let start = Instant::now();
    loop {
        assert!(start.elapsed() < Duration::from_secs(60));
        assert!(!s.state().is_over());
        if let Some(p) = s.awaiting_dice() {
            match p.ask() {
                Some(ask) if ask.why.contains(" shooting at ") => break,
                Some(ask) => {
                    let ones = vec!["1"; usize::from(ask.dice.max(1))].join(" ");
                    s.enter_dice(&ones).unwrap();
                }
                None => s.confirm_dice().unwrap(),
            }
            continue;
        }
        if s.confirm_table_step().is_some() {
            continue;
        }
        if s.human_to_move().is_some() {
            // Shoot whenever the person may, to come to dice soon.
            let legal = s.legal();
            let a = legal
                .iter()
                .find(|a| matches!(a, Action::Shoot(_)))
                .copied()
                .unwrap_or_else(|| person(&s, seed));
            s.play(a).unwrap();
        } else {
            s.tick();
            std::thread::sleep(Duration::from_micros(200));
        }
    }
    s
}

/// Bad dice are refused with the reason, and nothing is applied or taken: the position,
/// the decisions, the roll asked for and the faces typed so far stay as they were. A roll
/// typed can be taken back before the decision is applied, and the decision cannot be
/// applied before its last roll.
#[test]
fn bad_dice_are_refused_with_the_reason_and_nothing_applied() {
    let mut s = at_first_roll(4);
    let p = s.awaiting_dice().unwrap().clone();
    let ask = p.ask().unwrap().clone();
    assert_eq!(ask.side, Side::Humans);
    assert!(
        ask.text()
            .starts_with(&format!("roll {} D8 for ", ask.dice)),
        "{}",
        ask.text()
    );
    assert!(ask.text().contains(" shooting at "), "{}", ask.text());
    let n = usize::from(ask.dice);
    let before = (state_text(s.state()), s.history().len());
    let unchanged = |s: &Session| {
        assert_eq!((state_text(s.state()), s.history().len()), before);
        let q = s.awaiting_dice().unwrap();
        assert_eq!(q.ask(), Some(&ask));
        assert!(q.typed_so_far().is_empty());
        assert_eq!(q.rolls(), p.rolls());
    };
    let ones = |k: usize| vec!["1"; k].join(" ");
    let cases: Vec<(String, DiceInputError)> = vec![
        (String::new(), DiceInputError::Empty),
        ("6 x 2".into(), DiceInputError::NotAFace("x".into())),
        (
            format!("{} 9", ones(n - 1)),
            DiceInputError::NotAFace("9".into()),
        ),
        (
            format!("{} 0", ones(n - 1)),
            DiceInputError::NotAFace("0".into()),
        ),
        (
            ones(n - 1),
            DiceInputError::TooFew {
                asked: n,
                typed: n - 1,
            },
        ),
        (
            ones(n + 1),
            DiceInputError::TooMany {
                asked: n,
                eights: 0,
                typed: n + 1,
            },
        ),
        (
            format!("8 {}", ones(n + 1)),
            DiceInputError::TooMany {
                asked: n,
                eights: 1,
                typed: n + 2,
            },
        ),
    ];
    for (text, why) in cases {
        assert_eq!(
            s.enter_dice(&text),
            Err(DiceError::Input(why.clone())),
            "`{text}`"
        );
        unchanged(&s);
    }
    assert_eq!(
        DiceError::Input(DiceInputError::TooFew { asked: 4, typed: 3 }).to_string(),
        "4 dice to type, 3 typed: type a face for every die rolled"
    );
    assert_eq!(
        DiceError::Input(DiceInputError::TooMany {
            asked: 4,
            eights: 1,
            typed: 6
        })
        .to_string(),
        "4 dice to type and 1 more for the 8s among them (R14), but 6 typed: a die is added \
         only for an 8"
    );
    // Nothing is decided while the dice wait, and the decision is not applied early.
    assert_eq!(
        s.play(s.legal()[0]),
        Err(mars_attacks::table::error::PlayError::AwaitingDice)
    );
    assert!(matches!(s.confirm_dice(), Err(DiceError::StillRolling(_))));
    unchanged(&s);
    // An 8 asks for its extra die (R14); the faces so far can be taken back.
    let with_eight = format!("8 {}", ones(n - 1));
    assert_eq!(s.enter_dice(&with_eight), Ok(DiceProgress::ExtraDice(1)));
    let q = s.awaiting_dice().unwrap();
    assert_eq!(q.typed_so_far().len(), n);
    assert!(
        q.prompt().unwrap().contains("roll 1 more D8"),
        "{:?}",
        q.prompt()
    );
    assert_eq!(
        s.enter_dice("1 2"),
        Err(DiceError::Input(DiceInputError::TooMany {
            asked: 1,
            eights: 0,
            typed: 2
        }))
    );
    assert!(s.take_back_roll());
    unchanged(&s);
    // A whole roll typed, then taken back: asked again, nothing applied.
    let progress = s.enter_dice(&ones(n)).unwrap();
    assert_ne!(progress, DiceProgress::ExtraDice(1));
    assert!(s.take_back_roll());
    unchanged(&s);
    // Settled with all 1s (a miss), the decision applies; its Shoot roll is the one typed.
    let mut progress = s.enter_dice(&ones(n)).unwrap();
    while progress == DiceProgress::NextRoll {
        let k = s.awaiting_dice().unwrap().ask().unwrap().dice;
        progress = s.enter_dice(&ones(usize::from(k))).unwrap();
    }
    assert_eq!(progress, DiceProgress::Settled);
    s.confirm_dice().unwrap();
    assert!(s.awaiting_dice().is_none());
    let step = s.history().last().unwrap();
    let shot = faces_of(&step.events);
    assert_eq!(shot[0], vec![1; n]);
    // Nothing waits now.
    assert_eq!(s.enter_dice("1"), Err(DiceError::NothingWaiting));
}

/// A person's decision waiting for dice (a card played on a test, or none, closing its
/// last response window) can be withdrawn, nothing of it applied, and the person decides
/// again; the answer to an empty window shown at the table and the AI's decisions cannot.
#[test]
fn a_persons_decision_waiting_for_dice_can_be_withdrawn() {
    let mut s = session(6, Controller::Human, Controller::Human);
    s.set_companion(BySide::new(Roller::Table, Roller::Table));
    let (mut withdrawn, mut kept) = (0, 0);
    let start = Instant::now();
    while (withdrawn < 3 || kept == 0) && !s.state().is_over() {
        assert!(start.elapsed() < Duration::from_secs(120));
        if let Some(p) = s.awaiting_dice() {
            if p.rolls().is_empty() && p.typed_so_far().is_empty() {
                let before = (state_text(s.state()), s.history().len());
                match p.action() {
                    Some(a) => {
                        s.withdraw_decision().unwrap();
                        assert!(s.awaiting_dice().is_none());
                        assert_eq!((state_text(s.state()), s.history().len()), before);
                        assert!(s.human_to_move().is_some(), "the person decides again");
                        s.play(a).unwrap();
                        withdrawn += 1;
                    }
                    None => {
                        assert_eq!(s.withdraw_decision(), Err(DiceError::NotYours));
                        kept += 1;
                    }
                }
            }
            let p = s.awaiting_dice().unwrap();
            match p.ask() {
                Some(ask) => {
                    let ones = vec!["1"; usize::from(ask.dice.max(1))].join(" ");
                    s.enter_dice(&ones).unwrap();
                }
                None => s.confirm_dice().unwrap(),
            }
            continue;
        }
        if s.confirm_table_step().is_some() {
            continue;
        }
        let a = person(&s, 6);
        s.play(a).unwrap();
    }
    assert!(withdrawn >= 3, "decisions withdrawn: {withdrawn}");
    assert!(kept > 0);
}

/// Old saves (no table record) still read and write byte for byte.
#[test]
fn a_save_of_a_game_on_the_screen_is_written_as_before() {
    let dir = scratch_dir("companion-old-save");
    let path = dir.join("old.json");
    let mut s = session(7, Controller::Human, Controller::Human);
    drive(&mut s, 7, 40, |_, _| unreachable!());
    s.save_to(&path).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    for key in ["\"companion\"", "\"dice\"", "\"corrections\""] {
        assert!(!text.contains(key), "{key} in {text}");
    }
    let again = Session::load(&path).unwrap();
    assert!(again.companion().is_none());
    assert_eq!(again.save_json() + "\n", text);
}

/// A game begun on the screen goes on at a real table: the rolls made before are
/// recorded as the program's, those after are typed, and the save loads and replays.
#[test]
fn a_game_begun_on_the_screen_goes_on_at_the_table() {
    let mut s = session(9, Controller::Human, ai("random"));
    drive(&mut s, 9, 80, |_, _| {
        unreachable!("no dice asked on the screen")
    });
    let before: usize = s
        .history()
        .iter()
        .map(|st| faces_of(&st.events).len())
        .sum();
    assert!(before > 0, "rolls on the screen");
    s.set_companion(BySide::new(Roller::Table, Roller::Table));
    let asked = drive(&mut s, 9, 160, |ask, made| {
        let n = if ask.rattle { 1 } else { usize::from(ask.dice) };
        (0..n).map(|i| ((made + i) % 7) as u8 + 1).collect()
    });
    assert!(asked.rolls > 0);
    let record = s.companion().unwrap().all_rolls();
    let program = record[..80]
        .iter()
        .flatten()
        .filter(|r| **r == TableRoll::Program)
        .count();
    assert_eq!(program, before);
    let dir = scratch_dir("companion-late");
    let path = dir.join("late.json");
    s.save_to(&path).unwrap();
    let loaded = Session::load(&path).unwrap();
    assert_same_records(s.history(), loaded.history());
    let mut replay = Session::load_replay(&path).unwrap();
    replay.replay_to(s.history().len());
    assert_same_records(s.history(), replay.history());
}
