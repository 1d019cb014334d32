//! Dice rolled at a real table (the companion mode, [`super::companion`]): who rolls a
//! side's dice ([`Roller`]), what to roll next and why ([`RollAsk`], in words a person
//! follows at the table), and the faces a person typed, read and checked against that
//! ask ([`TypedRoll`]): how many dice, faces 1 to 8, and an extra die for each 8 (R14).
//! Nothing here changes a game; a refusal says what is wrong with what was typed.

use std::fmt;
use std::str::FromStr;

use rules::action::{Defence, ModelId};
use rules::state::{Event, Test, TestCtx, TestKind};
use rules::{BySide, GameState, Side};

use super::companion::TableRoll;
use super::describe::{card_name, dice_word, label_at};

/// Who rolls a side's dice in a companion game (`table` or `program` in a saved game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Roller {
    /// The person rolls them at the table and types the faces.
    Table,
    /// The program rolls them with the game's seeded generator.
    Program,
}

impl fmt::Display for Roller {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Roller::Table => "table",
            Roller::Program => "program",
        })
    }
}

/// A word that is not who rolls (`table` or `program`): the word as given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{}` is not who rolls: `table` (the person rolls and types the faces) or `program`",
    .0.escape_debug()
)]
pub struct UnknownRoller(pub String);

impl FromStr for Roller {
    type Err = UnknownRoller;
    fn from_str(s: &str) -> Result<Roller, UnknownRoller> {
        match s.trim() {
            "table" => Ok(Roller::Table),
            "program" => Ok(Roller::Program),
            other => Err(UnknownRoller(other.to_string())),
        }
    }
}

/// Who rolls at a real table: each side's dice, and the counters' squares at set-up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableRollers {
    pub dice: BySide<Roller>,
    /// Who rolls the counters' squares at set-up (R24).
    pub counters: Roller,
}

/// A roll to make at the table: who rolls, how many D8, the value each die needs, and
/// what the roll is for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RollAsk {
    /// The side whose roll it is (the model's; an attack by a card, the Bug or the cows
    /// is rolled by the other side of the model it attacks).
    pub side: Side,
    /// The dice to roll, before any 8 adds one (R14).
    pub dice: u8,
    /// The value a die succeeds on (`5` for 5+); a Rattle test Rattles on 1 to 4 (R17).
    pub value: u8,
    /// A Rattle test (one die, 1 to 4 Rattles the model, R17; an 8 adds no die).
    pub rattle: bool,
    /// What the roll is for: `Soldier 2 (b3) shoots at Martian 3 (c5): clear shot, aimed`.
    pub why: String,
    /// What a die's face means: `each 5+ hits`.
    pub success: String,
}

impl RollAsk {
    /// The ask in words: `roll 4 D8 for Soldier 2 (b3) shooting at Martian 3 (c5): clear
    /// shot, aimed; each 5+ hits, an 8 adds a die`.
    pub fn text(&self) -> String {
        let dice = if self.dice == 1 {
            "1 D8".to_string()
        } else {
            format!("{} D8", self.dice)
        };
        let eights = if self.rattle {
            ""
        } else {
            ", an 8 also adds a die (R14)"
        };
        format!("roll {dice} for {}; {}{eights}", self.why, self.success)
    }

    /// How many faces a roll of this ask has once `faces` are typed: its dice and a die
    /// for every 8 (R14; a Rattle test is one die, whatever it shows).
    pub fn faces_needed(&self, faces: &[u8]) -> usize {
        if self.rattle {
            return 1;
        }
        usize::from(self.dice) + faces.iter().filter(|f| **f == 8).count()
    }
}

/// Why faces typed for a roll are refused. Nothing is taken from what was typed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DiceInputError {
    /// No roll is asked for now.
    #[error("no roll is asked for now")]
    NothingAsked,
    /// Nothing was typed.
    #[error("type the faces rolled, e.g. `6 2 4 1`")]
    Empty,
    /// A word is not a die's face.
    #[error(
        "`{0}` is not a D8's face: type each face rolled as a number from 1 to 8, e.g. `6 2 4 1`"
    )]
    NotAFace(String),
    /// Too few faces: the dice asked for (and the extra dice owed for 8s), and how many
    /// were typed.
    #[error("{asked} {} to type, {typed} typed: type a face for every die rolled", dice_word(*asked))]
    TooFew { asked: usize, typed: usize },
    /// Too many faces for the dice asked and the 8s among them (R14).
    #[error(
        "{asked} {} to type and {eights} more for the 8s among them (R14), but {typed} typed: \
         a die is added only for an 8",
        dice_word(*asked)
    )]
    TooMany {
        asked: usize,
        eights: usize,
        typed: usize,
    },
}

/// Reads faces typed as numbers 1 to 8, separated by spaces or commas; a run of digits
/// with nothing between them is a face each (`6241` is 6, 2, 4, 1).
pub fn parse_faces(text: &str) -> Result<Vec<u8>, DiceInputError> {
    let mut out = Vec::new();
    for word in text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
    {
        if !word.chars().all(|c| c.is_ascii_digit()) {
            return Err(DiceInputError::NotAFace(word.chars().take(20).collect()));
        }
        for c in word.chars() {
            let f = c as u8 - b'0';
            if !(1..=8).contains(&f) {
                return Err(DiceInputError::NotAFace(c.to_string()));
            }
            out.push(f);
        }
        if out.len() > rules::given_dice::MAX_FACES {
            return Err(DiceInputError::NotAFace(word.chars().take(20).collect()));
        }
    }
    if out.is_empty() {
        return Err(DiceInputError::Empty);
    }
    Ok(out)
}

/// A roll being typed: the faces so far, owed their 8s' extra dice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TypedRoll {
    pub ask: RollAsk,
    pub faces: Vec<u8>,
}

impl TypedRoll {
    pub fn new(ask: RollAsk) -> TypedRoll {
        TypedRoll {
            ask,
            faces: Vec::new(),
        }
    }

    /// The dice still to type: all of the ask's at first, then one for every 8 (R14).
    pub fn owed(&self) -> usize {
        self.ask.faces_needed(&self.faces) - self.faces.len()
    }

    /// Is every die of the roll typed?
    pub fn is_complete(&self) -> bool {
        self.owed() == 0 && !self.faces.is_empty()
    }

    /// What to roll now: the ask, or the extra dice its 8s added.
    pub fn prompt(&self) -> String {
        if self.faces.is_empty() {
            return self.ask.text();
        }
        let n = self.owed();
        format!(
            "{} so far; an 8 adds a die (R14): roll {n} more D8 for {}",
            faces_text(&self.faces),
            self.ask.why
        )
    }

    /// Takes the faces typed for the dice owed: all of them, or more when 8s among them
    /// add dice (R14). Refused, and nothing taken, when too few or too many.
    pub fn take(&mut self, typed: &[u8]) -> Result<(), DiceInputError> {
        let asked = self.owed();
        if asked == 0 {
            return Err(DiceInputError::NothingAsked);
        }
        if typed.len() < asked {
            return Err(DiceInputError::TooFew {
                asked,
                typed: typed.len(),
            });
        }
        let mut all = self.faces.clone();
        all.extend_from_slice(typed);
        if all.len() > self.ask.faces_needed(&all) {
            return Err(DiceInputError::TooMany {
                asked,
                eights: if self.ask.rattle {
                    0
                } else {
                    typed.iter().filter(|f| **f == 8).count()
                },
                typed: typed.len(),
            });
        }
        self.faces = all;
        Ok(())
    }
}

/// Faces in words: `6 2 4 8 1`.
pub fn faces_text(faces: &[u8]) -> String {
    faces
        .iter()
        .map(|f| f.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// An example of what to type for `ask`: as many faces as its dice (one for a Rattle
/// test), none an 8, which would ask for one more (R14): `6 2 4` for three dice.
pub fn example_faces(ask: &RollAsk) -> String {
    const FACES: [u8; 7] = [6, 2, 4, 1, 7, 3, 5];
    let n = if ask.rattle {
        1
    } else {
        usize::from(ask.dice).max(1)
    };
    faces_text(&FACES.iter().copied().cycle().take(n).collect::<Vec<_>>())
}

/// The rolls of a decision that are in, one line each, in the order rolled: whose roll,
/// which, its faces, and who rolled it (`Soldier 2 (b3)'s Shoot roll: 3 5 7, typed at the
/// table`; `Martian 1 (c5)'s Survive roll: 2 6, rolled by the program`). `events` are the
/// decision's events so far, `rolls` what the table gave for each roll among them.
pub fn rolls_in(before: &GameState, events: &[Event], rolls: &[TableRoll]) -> Vec<String> {
    let label = |m: ModelId| label_at(before, m);
    let rolled = events.iter().filter_map(|e| match *e {
        Event::Roll {
            model,
            test,
            ref faces,
            ..
        } => Some((
            format!("{}'s {} roll", label(model), test.title()),
            faces.clone(),
        )),
        Event::EffectRoll {
            card,
            square,
            ref faces,
            ..
        } => Some((
            format!("{}'s roll on {square}", card_name(before, card)),
            faces.clone(),
        )),
        Event::RattleTest { model, roll, .. } => {
            Some((format!("{}'s Rattle test", label(model)), vec![roll]))
        }
        _ => None,
    });
    rolled
        .zip(rolls)
        .map(|((which, faces), roll)| {
            let by = match roll {
                TableRoll::Typed(_) => "typed at the table",
                TableRoll::Program => "rolled by the program",
            };
            let faces = match roll {
                TableRoll::Typed(typed) => typed.clone(),
                TableRoll::Program => faces,
            };
            if faces.is_empty() {
                format!("{which}: no dice to roll")
            } else {
                format!("{which}: {}, {by}", faces_text(&faces))
            }
        })
        .collect()
}

/// The roll `events[i]` (a `roll`, an `effect_roll` or a `rattle_test`) as an ask: `before`
/// is the game just before the decision that made it, `test` the test that waited for it
/// there (if one did).
pub fn ask_for(before: &GameState, test: Option<TestCtx>, event: &Event) -> Option<RollAsk> {
    let label = |m: ModelId| label_at(before, m);
    let side_of = |m: ModelId| before.model(m).side;
    match *event {
        Event::Roll {
            model,
            test: t,
            dice,
            value,
            bonus,
            ..
        } => {
            let (why, success) = roll_words(before, test, model, t, value, bonus);
            Some(RollAsk {
                side: side_of(model),
                dice,
                value,
                rattle: false,
                why: why.unwrap_or_else(|| format!("{}'s {} test", label(model), test_title(t))),
                success,
            })
        }
        Event::EffectRoll {
            card,
            square,
            dice,
            value,
            ..
        } => {
            let attacked = test.and_then(|t| match t.kind {
                TestKind::Area { model, .. }
                | TestKind::Bug { model, .. }
                | TestKind::Trample { model, .. } => Some(model),
                _ => None,
            });
            let (attacker, target) = match test.map(|t| t.kind) {
                Some(TestKind::Bug { .. }) => ("the Bug".to_string(), None),
                Some(TestKind::Trample { .. }) => ("the burning cows".to_string(), None),
                _ => (card_name(before, card), Some(square)),
            };
            let why = match (attacked, target) {
                (Some(m), Some(sq)) => format!("{attacker}'s attack on {sq}, at {}", label(m)),
                (Some(m), None) => format!("{attacker}'s attack on {}", label(m)),
                (None, Some(sq)) => format!("{attacker}'s attack on {sq}"),
                (None, None) => format!("{attacker}'s attack"),
            };
            Some(RollAsk {
                side: attacked.map_or(before.turn_player(), |m| side_of(m).other()),
                dice,
                value,
                rattle: false,
                why,
                success: format!("each {value}+ succeeds"),
            })
        }
        Event::RattleTest { model, .. } => Some(RollAsk {
            side: side_of(model),
            dice: 1,
            value: 5,
            rattle: true,
            why: format!(
                "{}'s Rattle test (a model was shot dead in its square)",
                label(model)
            ),
            success: "1 to 4 Rattles it: lay it down (R17)".into(),
        }),
        _ => None,
    }
}

fn test_title(t: Test) -> &'static str {
    match t {
        Test::Shoot => "Shoot",
        Test::Fight => "Fight",
        Test::Survive => "Survive",
    }
}

/// What a model's roll in `test` is for, and what its faces mean.
fn roll_words(
    g: &GameState,
    test: Option<TestCtx>,
    model: ModelId,
    t: Test,
    value: u8,
    bonus: u8,
) -> (Option<String>, String) {
    let label = |m: ModelId| label_at(g, m);
    let each = |what: &str| format!("each {value}+ {what}");
    let Some(ctx) = test else {
        return (None, each("succeeds"));
    };
    match ctx.kind {
        TestKind::Shoot {
            shooter,
            target,
            los,
            aimed,
        } => {
            let at = target.map_or("the Bug".to_string(), label);
            let sight = match los {
                rules::map::Los::Clear => "clear shot",
                _ => "seen, not a clear shot",
            };
            let aimed = if aimed { ", aimed" } else { "" };
            if model == shooter && t == Test::Shoot {
                (
                    Some(format!(
                        "{} shooting at {at}: {sight}{aimed}",
                        label(shooter)
                    )),
                    each("hits"),
                )
            } else {
                let armour = if bonus > 0 {
                    format!("; its armour adds {bonus} save (R15)")
                } else {
                    String::new()
                };
                (
                    Some(format!(
                        "{}'s Survive test against the shot of {}",
                        label(model),
                        label(shooter)
                    )),
                    format!("{}{armour}", each("saves")),
                )
            }
        }
        TestKind::Fight {
            attacker,
            defender,
            defence,
        } => {
            if model == attacker {
                let against = defender.map_or("the Bug".to_string(), label);
                (
                    Some(format!("{} fighting {against}", label(attacker))),
                    each("succeeds"),
                )
            } else {
                let how = match defence {
                    Defence::Fight => "fighting back against",
                    Defence::Survive => "trying to survive the Fight of",
                };
                (
                    Some(format!("{} {how} {}", label(model), label(attacker))),
                    each("succeeds"),
                )
            }
        }
        TestKind::Area { card, .. } => (
            Some(format!(
                "{}'s Survive test against {}",
                label(model),
                card_name(g, card)
            )),
            each("saves"),
        ),
        TestKind::Bug { defence, .. } => {
            let how = match defence {
                Defence::Fight => "fighting back against the Bug",
                Defence::Survive => "trying to survive the Bug's attack",
            };
            (Some(format!("{} {how}", label(model))), each("succeeds"))
        }
        TestKind::Trample { .. } => (
            Some(format!(
                "{} trying to survive the burning cows",
                label(model)
            )),
            each("saves"),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(dice: u8, rattle: bool) -> RollAsk {
        RollAsk {
            side: Side::Humans,
            dice,
            value: 5,
            rattle,
            why: "a test".into(),
            success: "each 5+ hits".into(),
        }
    }

    #[test]
    fn the_example_to_type_has_as_many_faces_as_the_roll() {
        for n in 1..=9u8 {
            let a = ask(n, false);
            let faces = parse_faces(&example_faces(&a)).unwrap();
            assert_eq!(faces.len(), usize::from(n));
            // No 8 in it: typed as shown, it is the whole roll (R14).
            assert_eq!(a.faces_needed(&faces), faces.len());
        }
        assert_eq!(parse_faces(&example_faces(&ask(1, true))).unwrap().len(), 1);
    }

    #[test]
    fn faces_are_read_as_numbers_one_to_eight() {
        assert_eq!(parse_faces("6 2 4 1"), Ok(vec![6, 2, 4, 1]));
        assert_eq!(parse_faces(" 6,2, 4  1 "), Ok(vec![6, 2, 4, 1]));
        assert_eq!(parse_faces("6241"), Ok(vec![6, 2, 4, 1]));
        assert_eq!(parse_faces("  "), Err(DiceInputError::Empty));
        assert_eq!(
            parse_faces("6 9 1"),
            Err(DiceInputError::NotAFace("9".into()))
        );
        assert_eq!(
            parse_faces("6 0"),
            Err(DiceInputError::NotAFace("0".into()))
        );
        assert_eq!(
            parse_faces("six"),
            Err(DiceInputError::NotAFace("six".into()))
        );
        assert_eq!(
            parse_faces("-3"),
            Err(DiceInputError::NotAFace("-3".into()))
        );
    }

    /// R14: every 8 adds a die, which may add another.
    #[test]
    fn an_eight_asks_for_its_extra_die() {
        let mut r = TypedRoll::new(ask(4, false));
        assert_eq!(r.owed(), 4);
        assert_eq!(
            r.take(&[6, 2, 4]),
            Err(DiceInputError::TooFew { asked: 4, typed: 3 })
        );
        assert_eq!(
            r.take(&[6, 2, 4, 1, 3]),
            Err(DiceInputError::TooMany {
                asked: 4,
                eights: 0,
                typed: 5
            })
        );
        assert!(r.faces.is_empty(), "nothing taken from a refusal");
        r.take(&[6, 8, 4, 1]).unwrap();
        assert!(!r.is_complete());
        assert_eq!(r.owed(), 1);
        r.take(&[8]).unwrap();
        assert_eq!(r.owed(), 1, "the extra die's 8 adds one more");
        r.take(&[3]).unwrap();
        assert!(r.is_complete());
        assert_eq!(r.faces, vec![6, 8, 4, 1, 8, 3]);
        // The extra dice may come with the first faces.
        let mut r = TypedRoll::new(ask(3, false));
        r.take(&[8, 8, 2, 5, 1]).unwrap();
        assert!(r.is_complete());
        let mut r = TypedRoll::new(ask(3, false));
        assert!(matches!(
            r.take(&[8, 2, 5, 1, 1]),
            Err(DiceInputError::TooMany { eights: 1, .. })
        ));
    }

    /// R17: a Rattle test is one die; an 8 on it adds nothing.
    #[test]
    fn a_rattle_test_is_one_die() {
        let mut r = TypedRoll::new(ask(1, true));
        assert!(r.take(&[8, 2]).is_err());
        r.take(&[8]).unwrap();
        assert!(r.is_complete());
        assert_eq!(r.take(&[3]), Err(DiceInputError::NothingAsked));
    }
}
