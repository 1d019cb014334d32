//! The game at a real table in steps a person follows (`table::instructions`): the AI's
//! decisions name the labels on the bases and the squares, with the rules' exact odds;
//! counters are placed square by square and flipped when the rules reveal them; and "the
//! table differs" (`table::correction`): corrections made through the rules' `Editor`,
//! refused with the reason, recorded in the log and the saved game, and replayed.

use std::collections::HashMap;

use mars_attacks::rules::odds;
use mars_attacks::rules::state::{Event, ShotResult};
use mars_attacks::rules::{Action, BySide, ModelId, Side, Square};
use mars_attacks::sim::state_text;
use mars_attacks::table::correction::{Correction, CorrectionRefused};
use mars_attacks::table::describe::base_label;
use mars_attacks::table::forecast::percent;
use mars_attacks::table::instructions::{StepKind, board_steps, decision_instruction};
use mars_attacks::table::rolls::Roller;
use mars_attacks::table::session::Session;
use mars_attacks::table::setup::Controller;

use super::common::{Place, game, m, play, scratch_dir, small_scenario, sq};
use super::table_companion::{ai, drive, session};

/// Two Soldiers and two Martians on an open board, the Martians to act.
fn open_board() -> mars_attacks::rules::GameState {
    let s = small_scenario(
        &[],
        &[
            Place(Side::Humans, "soldier", "d2"),
            Place(Side::Humans, "soldier", "e2"),
            Place(Side::Martians, "martian", "d5"),
            Place(Side::Martians, "martian", "a8"),
        ],
    );
    let mut g = game(&s);
    g.edit().turn(Side::Martians);
    g
}

/// The AI's decisions name the models by the labels on their bases (their profile and
/// number) and the squares they stand on and go to; a shot gives the rules' dice and
/// exact odds.
#[test]
fn the_ais_decisions_name_the_models_and_squares() {
    let mut g = open_board();
    assert_eq!(base_label(&g, m(1)), "Soldier 1");
    assert_eq!(base_label(&g, m(2)), "Soldier 2");
    assert_eq!(base_label(&g, m(3)), "Martian 1");
    assert_eq!(base_label(&g, m(4)), "Martian 2");
    let say = |g: &mars_attacks::rules::GameState, a: &str| {
        decision_instruction(g, &a.parse::<Action>().unwrap(), Side::Martians).unwrap()
    };
    assert_eq!(say(&g, "activate m3"), "Martian 1 (d5): it acts now");
    play(&mut g, &["activate m3"]);
    assert_eq!(say(&g, "move d4"), "Martian 1 (d5): move to d4");
    // d5 to d2: range 3, nothing between, a clear shot of 4 dice at the Martian's 4+
    // against the Soldier's 3 Survive dice at 6+, no armour (R15).
    let o = odds::shoot(4, 4, 3, 6, 0);
    assert_eq!(
        say(&g, "shoot m1"),
        format!(
            "Martian 1 (d5): shoot Soldier 1 (d2): clear shot, 4 dice at 4+ against 3 Survive \
             dice at 6+: kill {}, miss {}",
            percent(o.kill),
            percent(o.miss)
        )
    );
    play(&mut g, &["aim"]);
    let o = odds::shoot(5, 4, 3, 6, 0);
    assert!(
        say(&g, "shoot m2").starts_with(&format!(
            "Martian 1 (d5): shoot Soldier 2 (e2): clear shot, 5 dice at 4+ against 3 Survive \
             dice at 6+: kill {}",
            percent(o.kill)
        )),
        "{}",
        say(&g, "shoot m2")
    );
    // A charge names the enemies in the square.
    let mut g = open_board();
    g.edit().place(m(3), sq("d3"));
    play(&mut g, &["activate m3"]);
    assert_eq!(
        say(&g, "move d2"),
        "Martian 1 (d3): charge into d2 and Fight (Soldier 1 there)"
    );
    // No card on a response window is never a step: it would tell that the AI held one.
    assert_eq!(
        decision_instruction(&g, &Action::Respond(None), Side::Martians),
        None
    );
}

/// What the rules did that the table must show: a counter flipped (with its kind), a
/// model dead, a model laid down; the faces of the rolls the program made, and none of the
/// person's own.
#[test]
fn the_table_is_told_what_the_rules_did() {
    let g = open_board();
    let events = vec![
        Event::Revealed(sq("e4"), mars_attacks::rules::state::CounterKind::Critter),
        Event::Revealed(
            sq("b4"),
            mars_attacks::rules::state::CounterKind::AlienSecret,
        ),
        Event::Roll {
            model: m(3),
            test: mars_attacks::rules::state::Test::Shoot,
            dice: 4,
            value: 4,
            faces: vec![6, 2, 4, 1],
            successes: 2,
            bonus: 0,
        },
        Event::Roll {
            model: m(1),
            test: mars_attacks::rules::state::Test::Survive,
            dice: 3,
            value: 6,
            faces: vec![1, 2, 3],
            successes: 0,
            bonus: 0,
        },
        Event::Shot {
            shooter: m(3),
            target: m(1),
            los: mars_attacks::rules::map::Los::Clear,
            result: ShotResult::Kill,
        },
        Event::Killed {
            model: m(1),
            by: Side::Martians,
            vp: 1,
        },
        Event::RattleTest {
            model: m(2),
            roll: 3,
            rattled: true,
        },
    ];
    use mars_attacks::table::companion::TableRoll;
    let rolls = [
        TableRoll::Program,
        TableRoll::Typed(vec![1, 2, 3]),
        TableRoll::Program,
    ];
    let steps: Vec<(StepKind, String)> = board_steps(&g, &events, &rolls);
    let texts: Vec<&str> = steps.iter().map(|(_, t)| t.as_str()).collect();
    assert_eq!(
        texts,
        [
            "flip the counter on e4: a Critter",
            "flip the counter on b4: an Alien Secret",
            "the program rolled for Martian 1 (d5): 6 2 4 1",
            "Soldier 1 (d2): dead, take it off the table",
            "the program rolled for Soldier 2 (e2)'s Rattle test: 3",
            "Soldier 2 (e2): Rattled, lay it down (R17)",
        ]
    );
}

/// Where each model stands, followed through a game's events.
fn follow(squares: &mut HashMap<ModelId, Square>, events: &[Event]) {
    for e in events {
        match *e {
            Event::Deployed(m, s) | Event::Reinforced(m, s) | Event::BugSnatched(m, s) => {
                squares.insert(m, s);
            }
            Event::Moved { model, to, .. } => {
                squares.insert(model, to);
            }
            Event::Killed { model, .. } | Event::Exited(model, _) => {
                squares.remove(&model);
            }
            _ => {}
        }
    }
}

/// A whole game against the AI at a real table: the counters are placed square by square
/// as the rules placed them; every AI decision is a step naming its model by label and the
/// square it stands on (followed independently through the game's events), and where it
/// goes or whom it shoots; every counter the rules reveal is a "flip" step on its square
/// with its kind, in order.
#[test]
fn a_game_at_the_table_in_steps() {
    let mut s = session(17, Controller::Human, ai("random"));
    s.set_companion(BySide::new(Roller::Table, Roller::Program));
    let counters: Vec<Square> = s
        .setup_events()
        .iter()
        .filter_map(|e| match e {
            Event::CounterPlaced(sq) => Some(*sq),
            _ => None,
        })
        .collect();
    assert_eq!(counters.len(), 8);
    let mut faces = 0u64;
    let asked = drive(&mut s, 17, 400, |ask, _| {
        // The person's dice: 1 to 7 in turn (no 8, so no extra dice).
        let n = if ask.rattle { 1 } else { ask.dice };
        (0..n)
            .map(|_| {
                faces += 1;
                (faces % 7) as u8 + 1
            })
            .collect()
    });
    let steps = &asked.table_steps;
    // The set-up: a note, then each counter on its square, in the order placed.
    let setup: Vec<&str> = steps
        .iter()
        .filter(|t| t.at.is_none())
        .map(|t| t.text.as_str())
        .collect();
    let expected: Vec<String> = counters
        .iter()
        .map(|c| format!("put a counter face down on {c}"))
        .collect();
    assert_eq!(
        &setup[1..],
        expected.iter().map(|x| x.as_str()).collect::<Vec<_>>()
    );
    let mut where_: HashMap<ModelId, Square> = HashMap::new();
    follow(&mut where_, s.setup_events());
    let label = |id: ModelId| base_label(s.state(), id);
    let (mut checked, mut flips) = (0, 0);
    for (i, step) in s.history().iter().enumerate() {
        let shown: Vec<&str> = steps
            .iter()
            .filter(|t| t.at == Some(i))
            .map(|t| t.text.as_str())
            .collect();
        let decision: Vec<&str> = steps
            .iter()
            .filter(|t| t.at == Some(i) && t.kind == StepKind::Decision)
            .map(|t| t.text.as_str())
            .collect();
        if step.by == Side::Martians && step.action != Action::Respond(None) {
            assert_eq!(decision.len(), 1, "decision {}: {shown:?}", i + 1);
            let text = decision[0];
            let at = |id: ModelId| format!("{} ({})", label(id), where_[&id]);
            match step.action {
                Action::Activate(id) => {
                    assert_eq!(text, format!("{}: it acts now", at(id)));
                    checked += 1;
                }
                Action::Deploy(to) => {
                    let Some(Event::Deployed(id, _)) = step.events.first() else {
                        panic!("{:?}", step.events)
                    };
                    assert_eq!(text, format!("The Martians: put {} on {to}", label(*id)));
                    checked += 1;
                }
                Action::Move(to) => {
                    let mover = step.events.iter().find_map(|e| match e {
                        Event::Moved { model, .. } => Some(*model),
                        _ => None,
                    });
                    if let Some(id) = mover
                        && text.contains(": move to ")
                    {
                        assert_eq!(text, format!("{}: move to {to}", at(id)));
                        checked += 1;
                    }
                }
                Action::Shoot(target) => {
                    assert!(
                        text.contains(&format!(": shoot {}: ", at(target))),
                        "decision {}: {text}",
                        i + 1
                    );
                    assert!(text.contains(" kill "), "{text}");
                    checked += 1;
                }
                _ => {}
            }
        } else {
            assert!(decision.is_empty(), "decision {}: {decision:?}", i + 1);
        }
        // Every counter revealed is flipped on its square, with its kind.
        let revealed: Vec<String> = step
            .events
            .iter()
            .filter_map(|e| match e {
                Event::Revealed(sq, k) => {
                    let article = if k.name().starts_with('A') { "an" } else { "a" };
                    Some(format!("flip the counter on {sq}: {article} {}", k.name()))
                }
                _ => None,
            })
            .collect();
        let flipped: Vec<String> = shown
            .iter()
            .filter(|t| t.starts_with("flip the counter"))
            .map(|t| t.to_string())
            .collect();
        assert_eq!(flipped, revealed, "decision {}", i + 1);
        flips += flipped.len();
        follow(&mut where_, &step.events);
    }
    assert!(checked > 20, "{checked} AI decisions checked");
    assert!(flips > 0, "counters flipped");
}

/// "The table differs": a model moved, a counter put down and taken away, a model laid
/// down, each through the rules' Editor and in the log; refused with the reason, and
/// nothing changed, while a model acts, onto an enemy, or when nothing differs; saved,
/// loaded and replayed at the same point; undo never goes back past one.
#[test]
fn the_table_differs_corrections_are_made_logged_saved_and_replayed() {
    let mut s = session(23, Controller::Human, Controller::Human);
    // On the screen there is no table to match.
    assert!(matches!(
        s.correct_table(Correction::Counter(sq("a1"))),
        Err(CorrectionRefused::NotNow(_))
    ));
    s.set_companion(BySide::new(Roller::Program, Roller::Program));
    drive(&mut s, 23, 30, |_, _| unreachable!("the program rolls"));
    // Play on to a Turn's start with both sides on the board.
    while !matches!(
        s.state().phase(),
        mars_attacks::rules::state::Phase::TurnStart
    ) || s.state().models_left(Side::Humans) == 0
    {
        while s.confirm_table_step().is_some() {}
        let a = s.legal()[0];
        s.play(a).unwrap();
        while s.awaiting_dice().is_some() {
            s.confirm_dice().unwrap();
        }
    }
    while s.confirm_table_step().is_some() {}
    let g = s.state().clone();
    let soldier = (0..g.models().len())
        .map(|i| ModelId(i as u8))
        .find(|id| g.model(*id).side == Side::Humans && g.model(*id).square().is_some())
        .unwrap();
    let martian = (0..g.models().len())
        .map(|i| ModelId(i as u8))
        .find(|id| g.model(*id).side == Side::Martians && g.model(*id).square().is_some())
        .unwrap();
    let from = g.model(soldier).square().unwrap();
    let free = Square::all()
        .find(|q| {
            g.models_in(*q).next().is_none()
                && !g.hidden_counters().contains(*q)
                && !g.map().blockers().contains(*q)
                && *q != from
        })
        .unwrap();
    let before = state_text(s.state());
    let refused = |s: &mut Session, c: Correction| {
        let e = s.correct_table(c).unwrap_err();
        assert_eq!(state_text(s.state()), before, "{c}: nothing changed");
        e
    };
    assert!(matches!(
        refused(&mut s, Correction::Place(soldier, from)),
        CorrectionRefused::Nothing(_)
    ));
    let e = refused(
        &mut s,
        Correction::Place(soldier, g.model(martian).square().unwrap()),
    );
    assert!(e.to_string().contains("holds an enemy"), "{e}");
    assert!(matches!(
        refused(&mut s, Correction::Place(ModelId(60), free)),
        CorrectionRefused::NoModel(_)
    ));
    assert!(matches!(
        refused(&mut s, Correction::NoCounter(free)),
        CorrectionRefused::Nothing(_)
    ));
    // Made: the model stands on the square the table shows, and the log says so.
    let decisions = s.history().len();
    s.correct_table(Correction::Place(soldier, free)).unwrap();
    assert_eq!(s.state().model(soldier).square(), Some(free));
    let (at, text) = s.corrections_log().last().unwrap().clone();
    assert_eq!(at, decisions);
    assert_eq!(
        text,
        format!(
            "{} ({from}) put on {free} to match the table",
            base_label(&g, soldier)
        )
    );
    s.correct_table(Correction::Rattled(martian, true)).unwrap();
    assert!(s.state().model(martian).rattled);
    s.state().check_invariants().unwrap();
    assert_eq!(
        s.undo_depth(),
        None,
        "undo never goes back past a correction"
    );
    // While a model acts, the table is not corrected.
    let activate = s
        .legal()
        .into_iter()
        .find(|a| matches!(a, Action::Activate(_)))
        .unwrap();
    s.play(activate).unwrap();
    let acting = state_text(s.state());
    let e = s
        .correct_table(Correction::Rattled(martian, false))
        .unwrap_err();
    assert!(matches!(e, CorrectionRefused::NotNow(_)), "{e}");
    assert_eq!(state_text(s.state()), acting);
    // Saved with the game and made again at the same point when loaded or replayed.
    drive(&mut s, 23, decisions + 25, |_, _| unreachable!());
    let dir = scratch_dir("companion-corrections");
    let path = dir.join("corrected.json");
    s.save_to(&path).unwrap();
    let json = std::fs::read_to_string(&path).unwrap();
    assert!(
        json.contains(&format!("\"change\": \"place {soldier} {free}\"")),
        "{json}"
    );
    assert!(
        json.contains(&format!("\"change\": \"rattled {martian}\"")),
        "{json}"
    );
    let loaded = Session::load(&path).unwrap();
    assert_eq!(state_text(loaded.state()), state_text(s.state()));
    assert_eq!(loaded.corrections_log(), s.corrections_log());
    let mut replay = Session::load_replay(&path).unwrap();
    replay.replay_to(decisions);
    assert_eq!(replay.state().model(soldier).square(), Some(free));
    replay.replay_to(s.history().len());
    // A replay shows no empty response window (there is no hand to keep hidden): at its
    // end it stands past any the game was saved waiting in, as the game does once they are
    // answered (the program rolls here, so their dice are the same).
    while s.state().is_empty_window() {
        while s.confirm_table_step().is_some() {}
        s.play(Action::Respond(None)).unwrap();
        while s.awaiting_dice().is_some() {
            s.confirm_dice().unwrap();
        }
    }
    assert_eq!(state_text(replay.state()), state_text(s.state()));
    // A correction the file changed so that it no longer fits is refused on loading.
    let broken = json.replace(
        &format!("\"change\": \"place {soldier} {free}\""),
        &format!("\"change\": \"place {soldier} {from}\""),
    );
    std::fs::write(&path, broken).unwrap();
    let e = Session::load(&path)
        .err()
        .expect("a correction that does not fit");
    assert!(
        e.to_string()
            .starts_with(&format!("decision {decisions}: the correction ")),
        "{e}"
    );
}

/// One face-down counter is taken away to match the table while counters revealed earlier
/// lie face up: the others stay as they are, face up and face down, and no identity is
/// spent (R24: the identities not yet revealed stay with the counters still hidden).
#[test]
fn one_face_down_counter_is_taken_away_beside_face_up_ones() {
    use mars_attacks::rules::state::{CounterKind, Phase};
    let face_up = |g: &mars_attacks::rules::GameState| {
        [
            CounterKind::Critter,
            CounterKind::AlienSecret,
            CounterKind::Objective,
        ]
        .into_iter()
        .map(|k| g.face_up_counters(k).count())
        .sum::<usize>()
    };
    // Games at a real table, each played on until a counter lies face up at a Turn's start
    // with another still face down.
    let found = (1..40u64).find_map(|seed| {
        let mut s = session(seed, Controller::Human, Controller::Human);
        s.set_companion(BySide::new(Roller::Program, Roller::Program));
        for limit in (10..400).step_by(10) {
            drive(&mut s, seed, limit, |_, _| {
                unreachable!("the program rolls")
            });
            while s.confirm_table_step().is_some() {}
            let g = s.state();
            if g.is_over() {
                return None;
            }
            if matches!(g.phase(), Phase::TurnStart | Phase::AfterFirst)
                && face_up(g) > 0
                && !g.hidden_counters().is_empty()
            {
                return Some(s);
            }
        }
        None
    });
    let mut s = found.expect("some game turns a counter face up");
    let before = s.state().clone();
    let gone = before.hidden_counters().iter().next().unwrap();
    s.correct_table(Correction::NoCounter(gone)).unwrap();
    let after = s.state();
    assert_eq!(
        after.hidden_counters(),
        before.hidden_counters().without(gone)
    );
    assert_eq!(face_up(after), face_up(&before));
    assert_eq!(after.counter_pool(), before.counter_pool());
    after.check_invariants().unwrap();
    assert_eq!(
        s.corrections_log().last().unwrap().1,
        format!("the face-down counter on {gone} taken away to match the table")
    );
}
