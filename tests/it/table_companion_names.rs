//! A game at a real table names each model one way, by the label on its base: the
//! decisions, the log's events, the question waiting and the result never say `m3`,
//! while the same game at the program's own table names models by number (the control).

use mars_attacks::rules::model_names::ModelNames;
use mars_attacks::rules::{BySide, GameState};
use mars_attacks::sim::describe_named;
use mars_attacks::table::describe::phase_text;
use mars_attacks::table::rolls::Roller;
use mars_attacks::table::session::Session;
use mars_attacks::table::setup::Controller;
use mars_attacks::table::victory::victory_lines;

use super::table_companion::{ai, drive, session};

/// The words of a whole game as the table shows them with `names`: each decision, each
/// event it caused, and the question the game waits on after it.
fn words(s: &Session, names: ModelNames) -> Vec<String> {
    let g: &GameState = s.state();
    let mut out = Vec::new();
    for step in s.history() {
        out.push(step.text.clone());
        out.extend(step.events.iter().map(|e| describe_named(g, e, names)));
    }
    out.push(phase_text(g, names));
    out.extend(victory_lines(g, names));
    out
}

/// A model's number in running text: `m` and digits, standing alone as a word.
fn names_a_number(text: &str) -> bool {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .any(|w| w.len() > 1 && w.starts_with('m') && w[1..].chars().all(|c| c.is_ascii_digit()))
}

#[test]
fn a_game_at_a_real_table_names_every_model_by_its_base() {
    let mut s = session(17, Controller::Human, ai("random"));
    assert_eq!(s.names(), ModelNames::Numbers);
    s.set_companion(BySide::new(Roller::Program, Roller::Program));
    assert_eq!(s.names(), ModelNames::Bases);
    let mut faces = 0u64;
    drive(&mut s, 17, 160, |ask, _| {
        let n = if ask.rattle { 1 } else { ask.dice };
        (0..n)
            .map(|_| {
                faces += 1;
                (faces % 7) as u8 + 1
            })
            .collect()
    });
    assert!(
        s.history().len() >= 60,
        "a long game: {}",
        s.history().len()
    );
    let shown = words(&s, s.names());
    let numbered: Vec<&String> = shown.iter().filter(|t| names_a_number(t)).collect();
    assert!(numbered.is_empty(), "named by number: {numbered:?}");
    // The bases' labels are there instead: a Soldier and a Martian are named.
    assert!(shown.iter().any(|t| t.contains("Soldier ")), "{shown:?}");
    assert!(shown.iter().any(|t| t.contains("Martian ")), "{shown:?}");
    // The control: the same game's events in the program's own names say `m3`.
    let by_number = words(&s, ModelNames::Numbers);
    assert!(by_number.iter().skip(1).any(|t| names_a_number(t)));
}

/// The rolls already in say whose roll each is, which, its faces and who rolled it; a
/// roll the program made shows the faces it rolled.
#[test]
fn the_rolls_in_say_whose_which_and_who_rolled_them() {
    use mars_attacks::rules::ModelId;
    use mars_attacks::rules::state::{Event, Test};
    use mars_attacks::table::companion::TableRoll;
    use mars_attacks::table::rolls::rolls_in;

    let s = session(17, Controller::Human, ai("random"));
    let g = s.state();
    let roll = |model: u8, test: Test, faces: Vec<u8>| Event::Roll {
        model: ModelId(model),
        test,
        dice: faces.len() as u8,
        value: 5,
        successes: faces.iter().filter(|f| **f >= 5).count() as u8,
        faces,
        bonus: 0,
    };
    let events = [
        roll(0, Test::Shoot, vec![3, 5, 7]),
        Event::Aimed(ModelId(0)),
        roll(7, Test::Survive, vec![2, 6]),
    ];
    let shooter = mars_attacks::table::describe::label_at(g, ModelId(0));
    let target = mars_attacks::table::describe::label_at(g, ModelId(7));
    let lines = rolls_in(
        g,
        &events,
        &[TableRoll::Typed(vec![3, 5, 7]), TableRoll::Program],
    );
    assert_eq!(
        lines,
        [
            format!("{shooter}'s Shoot roll: 3 5 7, typed at the table"),
            format!("{target}'s Survive roll: 2 6, rolled by the program"),
        ]
    );
}

/// A roll that changes nothing on the table still gets its result line: a miss, a
/// Survive that holds, a Fight in which nobody is hurt.
#[test]
fn a_miss_gets_its_result_line() {
    use mars_attacks::rules::ModelId;
    use mars_attacks::rules::action::Defence;
    use mars_attacks::rules::map::Los;
    use mars_attacks::rules::state::{Event, ShotResult};
    use mars_attacks::table::describe::base_label;
    use mars_attacks::table::instructions::board_steps;

    let s = session(17, Controller::Human, ai("random"));
    let g = s.state();
    let (soldier, martian) = (ModelId(0), ModelId(7));
    let (a, b) = (base_label(g, soldier), base_label(g, martian));
    let texts = |e: Event| -> Vec<String> {
        board_steps(g, &[e], &[])
            .into_iter()
            .map(|(_, t)| t)
            .collect()
    };
    assert_eq!(
        texts(Event::Shot {
            shooter: soldier,
            target: martian,
            los: Los::Clear,
            result: ShotResult::Miss,
        }),
        [format!("{a}'s shot at {b}: missed")]
    );
    assert_eq!(
        texts(Event::Fought {
            attacker: martian,
            defender: soldier,
            defence: Defence::Survive,
            killed: None,
        }),
        [format!("{a} survives")]
    );
    assert_eq!(
        texts(Event::Fought {
            attacker: martian,
            defender: soldier,
            defence: Defence::Fight,
            killed: None,
        }),
        [format!("{b} and {a}: nobody is hurt, both stay")]
    );
}
