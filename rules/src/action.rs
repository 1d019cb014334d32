//! The atomic decisions of a game. A Turn is a sequence of them, each with its own legal
//! list (ARCHITECTURE.md); each has a text form for logs, replays and the command line.

use std::fmt;
use std::str::FromStr;

use super::cards::{Card, CardError, CardId};
use super::square::{Edge, EdgeError, Square, SquareError};

/// A model, by its index in the scenario's model list. Written `m1`, `m2`, ... (1-based).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct ModelId(pub u8);

impl ModelId {
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for ModelId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "m{}", self.0 as u32 + 1)
    }
}

/// A word that is not a model (given trimmed).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ModelError {
    /// Not `m` and a number.
    #[error("`{0}` is not a model: expected m1, m2, ...")]
    Malformed(String),
    /// `m0`, or past the largest model number.
    #[error("`{0}` is not a model: numbers run from m1")]
    OutOfRange(String),
}

impl FromStr for ModelId {
    type Err = ModelError;
    fn from_str(s: &str) -> Result<ModelId, ModelError> {
        let s = s.trim();
        let malformed = || ModelError::Malformed(s.to_string());
        let digits = s
            .strip_prefix('m')
            .or_else(|| s.strip_prefix('M'))
            .ok_or_else(malformed)?;
        let n: u32 = digits.parse().map_err(|_| malformed())?;
        if n == 0 || n > 255 {
            return Err(ModelError::OutOfRange(s.to_string()));
        }
        Ok(ModelId((n - 1) as u8))
    }
}

/// How a defender meets a Fight (R16).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Defence {
    Fight,
    Survive,
}

/// One decision by one player.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Action {
    /// Set-up: place the deploying side's next model on this square of its zone.
    Deploy(Square),
    /// Start a Turn's action with this model (R11, R12).
    Activate(ModelId),
    /// A Rattled model stands up (R12, R17).
    Stand,
    /// Step the acting model to this square (R4-R7); from off the board, onto the entry
    /// edge (R6).
    Move(Square),
    /// Step the acting model off the board across this scenario exit edge (R6).
    Exit(Edge),
    /// Aim: the next Shoot gets one extra die (R12, R15).
    Aim,
    /// Shoot this enemy model (R15).
    Shoot(ModelId),
    /// Pick this enemy model as the opponent in a Fight (R16).
    Fight(ModelId),
    /// The defending player meets the Fight with Fight or Survive (R16).
    Defend(Defence),
    /// The owner of Heroes picks which one steps forward to defend (R16).
    Defender(ModelId),
    /// End the acting model's action now (a Move may be shorter than allowed).
    Done,
    /// End the Turn after one model has acted, without a second (R11).
    EndTurn,
    /// Pass: no model left to act, nothing more this Round but responses (R11).
    Pass,
    /// Play this card's activation half from hand in the own Turn, on its target (R11).
    Play(Card, Target),
    /// Lay this card into the own Support set of its half (R21).
    Lay(Card),
    /// Call the own Support set of this half, aimed at `Spot` (R21).
    Call(CardId, Spot),
    /// Play this card's half on the test or kill waiting for a response, or none (R20, R28).
    Respond(Option<Card>),
    /// Round end: discard this card from hand (R22).
    Discard(Card),
    /// Round end: discard nothing more, and draw (R22).
    Keep,
    /// The Flying Car's drawer sends it along its row towards this edge.
    Heading(Edge),
    /// Pick this model (the target of the Bug's attack).
    Pick(ModelId),
    /// The acting model Shoots at the Bug (R27).
    ShootBug,
    /// The acting model, in the Bug's square, attacks it in a Fight (R27).
    FightBug,
}

/// What an activation card is played on.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Target {
    None,
    Model(ModelId),
    /// Two models (the lower id first).
    Models(ModelId, ModelId),
    /// A model and the square it moves to.
    ModelTo(ModelId, Square),
    Square(Square),
    /// An enemy Support set, by its half.
    Set(CardId),
    /// An enemy Support set, by its half, called at a spot.
    SetAt(CardId, Spot),
}

/// Where a Support set (or a card calling one) is aimed (R21). Rows and columns are 0..8
/// (row 1 and column a are 0).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Spot {
    /// No choice: the set's level aims at random.
    None,
    Row(u8),
    Column(u8),
    Square(Square),
    /// A row and a direction along it (east or west).
    RowDir(u8, Edge),
    /// A column and a direction along it (north or south).
    ColumnDir(u8, Edge),
    /// A start square and a direction.
    SquareDir(Square, Edge),
}

impl fmt::Display for Spot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let col = |c: u8| (b'a' + c) as char;
        match self {
            Spot::None => Ok(()),
            Spot::Row(r) => write!(f, "row {}", r + 1),
            Spot::Column(c) => write!(f, "column {}", col(*c)),
            Spot::Square(s) => write!(f, "{s}"),
            Spot::RowDir(r, e) => write!(f, "row {} {e}", r + 1),
            Spot::ColumnDir(c, e) => write!(f, "column {} {e}", col(*c)),
            Spot::SquareDir(s, e) => write!(f, "{s} {e}"),
        }
    }
}

impl Spot {
    /// Read a spot from its words (`row 5`, `column c north`, `c4`, `c3 east`, nothing).
    pub fn parse_words(words: &[&str]) -> Result<Spot, SpotError> {
        let edge = |w: Option<&&str>| -> Result<Option<Edge>, SpotError> {
            Ok(w.map(|w| w.parse::<Edge>()).transpose()?)
        };
        match words {
            [] => Ok(Spot::None),
            [line, n, rest @ ..]
                if rest.len() <= 1 && (*line == "row" || *line == "column" || *line == "col") =>
            {
                let dir = edge(rest.first())?;
                if *line == "row" {
                    let r: u8 = n
                        .parse()
                        .ok()
                        .filter(|r| (1..=8).contains(r))
                        .ok_or_else(|| SpotError::Row(n.to_string()))?;
                    Ok(match dir {
                        None => Spot::Row(r - 1),
                        Some(e) => Spot::RowDir(r - 1, e),
                    })
                } else {
                    let c = n.to_ascii_lowercase();
                    let c = match c.as_bytes() {
                        [b @ b'a'..=b'h'] => b - b'a',
                        _ => return Err(SpotError::Column(n.to_string())),
                    };
                    Ok(match dir {
                        None => Spot::Column(c),
                        Some(e) => Spot::ColumnDir(c, e),
                    })
                }
            }
            [sq, rest @ ..] if rest.len() <= 1 => {
                let s: Square = sq.parse().map_err(|why| SpotError::Square {
                    word: sq.to_string(),
                    why,
                })?;
                Ok(match edge(rest.first())? {
                    None => Spot::Square(s),
                    Some(e) => Spot::SquareDir(s, e),
                })
            }
            _ => Err(SpotError::Shape(words.join(" "))),
        }
    }

    /// Every spot (for the whole action space).
    pub fn all() -> Vec<Spot> {
        let mut v = vec![Spot::None];
        for i in 0..8u8 {
            v.push(Spot::Row(i));
            v.push(Spot::Column(i));
            for e in Edge::ALL {
                v.push(Spot::RowDir(i, e));
                v.push(Spot::ColumnDir(i, e));
            }
        }
        for s in Square::all() {
            v.push(Spot::Square(s));
            for e in Edge::ALL {
                v.push(Spot::SquareDir(s, e));
            }
        }
        v
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::None => Ok(()),
            Target::Model(m) => write!(f, "{m}"),
            Target::Models(a, b) => write!(f, "{a} {b}"),
            Target::ModelTo(m, s) => write!(f, "{m} {s}"),
            Target::Square(s) => write!(f, "{s}"),
            Target::Set(c) => write!(f, "{c}"),
            Target::SetAt(c, Spot::None) => write!(f, "{c}"),
            Target::SetAt(c, spot) => write!(f, "{c} {spot}"),
        }
    }
}

impl Target {
    /// Read a card's target from its words, by their shape: `m3`, `m9 m10`, `m3 c4`, `c8`,
    /// `heat-ray`, `heat-ray row 5`, or nothing.
    pub fn parse_words(words: &[&str]) -> Result<Target, TargetError> {
        let model = |w: &str| w.parse::<ModelId>().ok();
        let square = |w: &str| w.parse::<Square>().ok();
        match words {
            [] => Ok(Target::None),
            [a] if model(a).is_some() => Ok(Target::Model(model(a).unwrap())),
            [a] if square(a).is_some() => Ok(Target::Square(square(a).unwrap())),
            [a, b] if model(a).is_some() && model(b).is_some() => {
                Ok(Target::Models(model(a).unwrap(), model(b).unwrap()))
            }
            [a, b] if model(a).is_some() && square(b).is_some() => {
                Ok(Target::ModelTo(model(a).unwrap(), square(b).unwrap()))
            }
            [card, rest @ ..] if model(card).is_none() && square(card).is_none() => {
                let c: CardId = card.parse()?;
                if rest.is_empty() {
                    Ok(Target::Set(c))
                } else {
                    Ok(Target::SetAt(c, Spot::parse_words(rest)?))
                }
            }
            _ => Err(TargetError::Shape(words.join(" "))),
        }
    }
}

impl Action {
    /// Every action that could ever be written for a game of `n_models` models: the
    /// whole action space, legal or not (for harnesses that try illegal actions).
    pub fn space(n_models: usize) -> Vec<Action> {
        let n = n_models.min(256);
        let models = || (0..n).map(|i| ModelId(i as u8));
        let mut v = Vec::new();
        Action::before_cards(n, &mut v);
        // Cards: every card of the core deck as each side names it, with every target
        // shape; sets by every half.
        let deck = super::cards::core_deck();
        let mut cards: Vec<Card> = Vec::new();
        for c in &deck.cards {
            for side in super::square::Side::BOTH {
                if let Some(card) = c.card(side)
                    && !cards.contains(&card)
                {
                    cards.push(card);
                }
            }
        }
        let halves: Vec<CardId> = (0..=255u8)
            .map(CardId)
            .take_while(|c| super::cards::lookup(c.slug()) == Some(*c))
            .collect();
        let spots = Spot::all();
        for &h in &halves {
            v.extend(spots.iter().map(|s| Action::Call(h, *s)));
        }
        for &c in &cards {
            v.push(Action::Lay(c));
            v.push(Action::Discard(c));
            v.push(Action::Respond(Some(c)));
            v.push(Action::Play(c, Target::None));
            for m in models() {
                v.push(Action::Play(c, Target::Model(m)));
                for t in models() {
                    v.push(Action::Play(c, Target::Models(m, t)));
                }
                v.extend(Square::all().map(|s| Action::Play(c, Target::ModelTo(m, s))));
            }
            v.extend(Square::all().map(|s| Action::Play(c, Target::Square(s))));
            for &set in &halves {
                v.push(Action::Play(c, Target::Set(set)));
                v.extend(
                    spots
                        .iter()
                        .filter(|s| **s != Spot::None)
                        .map(|s| Action::Play(c, Target::SetAt(set, *s))),
                );
            }
        }
        Action::after_cards(n, &mut v);
        v
    }

    /// Every action naming no card that could be written for a game of `n_models`
    /// models, in the order of [`Action::space`] (a fixed action space for learning, with
    /// the card decisions numbered apart).
    pub fn without_cards(n_models: usize) -> Vec<Action> {
        let n = n_models.min(256);
        let mut v = Vec::new();
        Action::before_cards(n, &mut v);
        Action::after_cards(n, &mut v);
        v
    }

    /// The actions naming no card that [`Action::space`] lists before the cards.
    fn before_cards(n: usize, v: &mut Vec<Action>) {
        let models = || (0..n).map(|i| ModelId(i as u8));
        v.extend(Square::all().map(Action::Deploy));
        v.extend(models().map(Action::Activate));
        v.push(Action::Stand);
        v.extend(Square::all().map(Action::Move));
        v.extend(Edge::ALL.into_iter().map(Action::Exit));
        v.push(Action::Aim);
        v.extend(models().map(Action::Shoot));
        v.extend(models().map(Action::Fight));
        v.push(Action::Defend(Defence::Fight));
        v.push(Action::Defend(Defence::Survive));
        v.extend(models().map(Action::Defender));
        v.push(Action::Done);
        v.push(Action::EndTurn);
        v.push(Action::Pass);
    }

    /// The actions naming no card that [`Action::space`] lists after the cards.
    fn after_cards(n: usize, v: &mut Vec<Action>) {
        let models = || (0..n).map(|i| ModelId(i as u8));
        v.push(Action::Respond(None));
        v.push(Action::Keep);
        v.extend(Edge::ALL.into_iter().map(Action::Heading));
        v.extend(models().map(Action::Pick));
        v.push(Action::ShootBug);
        v.push(Action::FightBug);
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Deploy(s) => write!(f, "deploy {s}"),
            Action::Activate(m) => write!(f, "activate {m}"),
            Action::Stand => f.write_str("stand"),
            Action::Move(s) => write!(f, "move {s}"),
            Action::Exit(e) => write!(f, "exit {e}"),
            Action::Aim => f.write_str("aim"),
            Action::Shoot(m) => write!(f, "shoot {m}"),
            Action::Fight(m) => write!(f, "fight {m}"),
            Action::Defend(Defence::Fight) => f.write_str("defend fight"),
            Action::Defend(Defence::Survive) => f.write_str("defend survive"),
            Action::Defender(m) => write!(f, "defender {m}"),
            Action::Done => f.write_str("done"),
            Action::EndTurn => f.write_str("end-turn"),
            Action::Pass => f.write_str("pass"),
            Action::Play(c, Target::None) => write!(f, "play {c}"),
            Action::Play(c, t) => write!(f, "play {c} {t}"),
            Action::Lay(c) => write!(f, "lay {c}"),
            Action::Call(c, Spot::None) => write!(f, "call {c}"),
            Action::Call(c, s) => write!(f, "call {c} {s}"),
            Action::Respond(Some(c)) => write!(f, "respond {c}"),
            Action::Respond(None) => f.write_str("respond none"),
            Action::Discard(c) => write!(f, "discard {c}"),
            Action::Keep => f.write_str("keep"),
            Action::Heading(e) => write!(f, "heading {e}"),
            Action::Pick(m) => write!(f, "pick {m}"),
            Action::ShootBug => f.write_str("shoot bug"),
            Action::FightBug => f.write_str("fight bug"),
        }
    }
}

impl FromStr for Action {
    type Err = ActionError;
    fn from_str(s: &str) -> Result<Action, ActionError> {
        // One rule for every verb and argument: case does not matter (`RESPOND NONE`,
        // `Defend Fight`, `call artillery-strike ROW 1` are the actions in lower case).
        let lower = s.to_ascii_lowercase();
        let all: Vec<&str> = lower.split_whitespace().collect();
        let verb = all.first().ok_or(ActionError::Empty)?.to_string();
        let rest = &all[1..];
        let needs = |what: &'static str| ActionError::Needs {
            verb: verb.clone(),
            what,
        };
        let card_error = |why: CardError| ActionError::Card {
            verb: verb.clone(),
            why,
        };
        let card = |w: Option<&&str>| -> Result<Card, ActionError> {
            let w = w.ok_or_else(|| needs("a card"))?;
            w.parse::<Card>().map_err(card_error)
        };
        let half = |w: Option<&&str>| -> Result<CardId, ActionError> {
            let w = w.ok_or_else(|| needs("a Support set"))?;
            w.parse::<CardId>().map_err(card_error)
        };
        match verb.as_str() {
            "play" => {
                return Ok(Action::Play(
                    card(rest.first())?,
                    Target::parse_words(&rest[1..])?,
                ));
            }
            "call" => {
                return Ok(Action::Call(
                    half(rest.first())?,
                    Spot::parse_words(&rest[1..])?,
                ));
            }
            "shoot" if rest.len() == 1 && rest[0].eq_ignore_ascii_case("bug") => {
                return Ok(Action::ShootBug);
            }
            "fight" if rest.len() == 1 && rest[0].eq_ignore_ascii_case("bug") => {
                return Ok(Action::FightBug);
            }
            _ => {}
        }
        let arg = rest.first().copied();
        if let Some(extra) = rest.get(1) {
            return Err(ActionError::Unexpected {
                text: s.to_string(),
                extra: extra.to_string(),
            });
        }
        let need =
            |what: &'static str| -> Result<&str, ActionError> { arg.ok_or_else(|| needs(what)) };
        let none = |a: Action| -> Result<Action, ActionError> {
            match arg {
                None => Ok(a),
                Some(x) => Err(ActionError::NoArgument {
                    verb: verb.clone(),
                    got: x.to_string(),
                }),
            }
        };
        let square = |w: &str| {
            w.parse::<Square>().map_err(|why| ActionError::Square {
                verb: verb.clone(),
                word: w.to_string(),
                why,
            })
        };
        let model = |w: &str| {
            w.parse::<ModelId>().map_err(|why| ActionError::Model {
                verb: verb.clone(),
                word: w.to_string(),
                why,
            })
        };
        let edge = |w: &str| {
            w.parse::<Edge>().map_err(|why| ActionError::Edge {
                verb: verb.clone(),
                why,
            })
        };
        match verb.as_str() {
            "deploy" => Ok(Action::Deploy(square(need("a square")?)?)),
            "activate" => Ok(Action::Activate(model(need("a model")?)?)),
            "stand" => none(Action::Stand),
            "move" => Ok(Action::Move(square(need("a square")?)?)),
            "exit" => Ok(Action::Exit(edge(need("an edge")?)?)),
            "aim" => none(Action::Aim),
            "shoot" => Ok(Action::Shoot(model(need("a target model")?)?)),
            "fight" => Ok(Action::Fight(model(need("an opponent model")?)?)),
            "defend" => match need("fight or survive")? {
                "fight" => Ok(Action::Defend(Defence::Fight)),
                "survive" => Ok(Action::Defend(Defence::Survive)),
                x => Err(ActionError::Defence(x.to_string())),
            },
            "defender" => Ok(Action::Defender(model(need("a model")?)?)),
            "done" => none(Action::Done),
            "end-turn" => none(Action::EndTurn),
            "pass" => none(Action::Pass),
            "lay" => Ok(Action::Lay(card(arg.as_ref())?)),
            "respond" => match need("a card or none")? {
                "none" => Ok(Action::Respond(None)),
                w => Ok(Action::Respond(Some(card(Some(&w))?))),
            },
            "discard" => Ok(Action::Discard(card(arg.as_ref())?)),
            "keep" => none(Action::Keep),
            "heading" => Ok(Action::Heading(edge(need("an edge")?)?)),
            "pick" => Ok(Action::Pick(model(need("a model")?)?)),
            _ => Err(ActionError::UnknownVerb(verb.clone())),
        }
    }
}

/// Words that are not a place to aim a Support set at (`row 5`, `column c`, `c4`, any
/// followed by a direction, or nothing).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpotError {
    /// The row number is not 1 to 8.
    #[error("`row {0}`: rows run from 1 to 8")]
    Row(String),
    /// The column is not a to h.
    #[error("`column {0}`: columns run from a to h")]
    Column(String),
    /// The word is not a square.
    #[error("`{word}`: {why}")]
    Square { word: String, why: SquareError },
    /// The direction is not an edge.
    #[error(transparent)]
    Edge(#[from] EdgeError),
    /// The words have none of the shapes of a spot.
    #[error(
        "`{0}` is not a place to aim at: expected `row 5`, `column c`, a square like `c4`, \
         any of them followed by a direction, or nothing"
    )]
    Shape(String),
}

/// Words that are not a card's target.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TargetError {
    /// The first word names no card half.
    #[error(transparent)]
    Card(#[from] CardError),
    /// The words after the card are not a spot.
    #[error(transparent)]
    Spot(#[from] SpotError),
    /// The words have none of the shapes of a target.
    #[error(
        "`{0}` is not a card's target: expected a model (`m3`), two models (`m9 m10`), a \
         model and a square (`m3 c4`), a square (`c8`), or a card (`heat-ray`, `heat-ray row \
         5`)"
    )]
    Shape(String),
}

/// Text that is not an action, and what is wrong with it. `verb` is the first word,
/// lower-cased.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    /// No words at all.
    #[error("empty action")]
    Empty,
    /// The first word is no action's.
    #[error(
        "unknown action `{0}`: expected deploy, activate, stand, move, exit, aim, shoot, \
         fight, defend, defender, done, end-turn, pass, play, lay, call, respond, discard, \
         keep, heading or pick"
    )]
    UnknownVerb(String),
    /// The action needs a word that is missing (`a square`, `a card`...).
    #[error("`{verb}` needs {what}")]
    Needs { verb: String, what: &'static str },
    /// The action takes no word, and one was given.
    #[error("`{verb}` takes no argument, got `{got}`")]
    NoArgument { verb: String, got: String },
    /// A word too many after the action (`text` is the whole text).
    #[error("`{text}`: unexpected `{extra}`")]
    Unexpected { text: String, extra: String },
    /// The card or set named is no card half.
    #[error("`{verb}`: {why}")]
    Card { verb: String, why: CardError },
    /// The card's target does not read.
    #[error(transparent)]
    Target(#[from] TargetError),
    /// The spot a set is called at does not read.
    #[error(transparent)]
    Spot(#[from] SpotError),
    /// The word is not a square.
    #[error("`{verb} {word}`: {why}")]
    Square {
        verb: String,
        word: String,
        why: SquareError,
    },
    /// The word is not a model.
    #[error("`{verb} {word}`: {why}")]
    Model {
        verb: String,
        word: String,
        why: ModelError,
    },
    /// The word is not an edge.
    #[error("`{verb}`: {why}")]
    Edge { verb: String, why: EdgeError },
    /// A defence other than `fight` or `survive`.
    #[error("`defend {0}`: expected fight or survive")]
    Defence(String),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_round_trip_as_text() {
        let sq: Square = "c4".parse().unwrap();
        let m = ModelId(2);
        let all = [
            Action::Deploy(sq),
            Action::Activate(m),
            Action::Stand,
            Action::Move(sq),
            Action::Exit(Edge::North),
            Action::Aim,
            Action::Shoot(m),
            Action::Fight(m),
            Action::Defend(Defence::Fight),
            Action::Defend(Defence::Survive),
            Action::Defender(m),
            Action::Done,
            Action::EndTurn,
        ];
        for a in all {
            assert_eq!(a.to_string().parse::<Action>(), Ok(a), "{a}");
        }
        assert_eq!(Action::Activate(m).to_string(), "activate m3");
        // Every action of the whole space prints and parses back to itself.
        for a in Action::space(13) {
            assert_eq!(a.to_string().parse::<Action>(), Ok(a), "{a}");
        }
    }

    #[test]
    fn case_does_not_matter_in_any_verb_or_argument() {
        // Upper case, and every other letter upper, for every action of the whole space
        // (cards, Support sets and their rows and columns, answers and defences included).
        for a in Action::space(13) {
            let text = a.to_string();
            let upper = text.to_ascii_uppercase();
            let mixed: String = text
                .chars()
                .enumerate()
                .map(|(i, c)| {
                    if i % 2 == 0 {
                        c.to_ascii_uppercase()
                    } else {
                        c
                    }
                })
                .collect();
            for written in [upper, mixed] {
                assert_eq!(written.parse::<Action>(), Ok(a), "{written}");
            }
        }
        for (written, a) in [
            ("RESPOND NONE", Action::Respond(None)),
            ("DEFEND FIGHT", Action::Defend(Defence::Fight)),
            ("Defend Survive", Action::Defend(Defence::Survive)),
            ("SHOOT BUG", Action::ShootBug),
        ] {
            assert_eq!(written.parse::<Action>(), Ok(a), "{written}");
        }
    }

    #[test]
    fn bad_actions_say_why() {
        let err = |text: &str| text.parse::<Action>().unwrap_err();
        assert!(err("move k3").to_string().contains("column k"));
        assert!(err("shoot").to_string().contains("needs"));
        assert!(err("jump a1").to_string().contains("unknown action"));
        assert!(err("aim now").to_string().contains("no argument"));
        assert!("activate m0".parse::<Action>().is_err());
    }

    /// Each way text fails to be an action is a value, and reads in the words the command
    /// line and the bot protocol have always given.
    #[test]
    fn bad_actions_are_typed_and_read_as_before() {
        let err = |text: &str| text.parse::<Action>().unwrap_err();
        let cases: [(&str, ActionError, &str); 15] = [
            ("", ActionError::Empty, "empty action"),
            (
                "jump a1",
                ActionError::UnknownVerb("jump".into()),
                "unknown action `jump`: expected deploy, activate, stand, move, exit, aim, \
                 shoot, fight, defend, defender, done, end-turn, pass, play, lay, call, respond, \
                 discard, keep, heading or pick",
            ),
            (
                "Shoot",
                ActionError::Needs {
                    verb: "shoot".into(),
                    what: "a target model",
                },
                "`shoot` needs a target model",
            ),
            (
                "aim now",
                ActionError::NoArgument {
                    verb: "aim".into(),
                    got: "now".into(),
                },
                "`aim` takes no argument, got `now`",
            ),
            (
                "move a1 b2",
                ActionError::Unexpected {
                    text: "move a1 b2".into(),
                    extra: "b2".into(),
                },
                "`move a1 b2`: unexpected `b2`",
            ),
            (
                "move k3",
                ActionError::Square {
                    verb: "move".into(),
                    word: "k3".into(),
                    why: SquareError::Column('k'),
                },
                "`move k3`: column k is off the board (a-h)",
            ),
            (
                "activate m0",
                ActionError::Model {
                    verb: "activate".into(),
                    word: "m0".into(),
                    why: ModelError::OutOfRange("m0".into()),
                },
                "`activate m0`: `m0` is not a model: numbers run from m1",
            ),
            (
                "shoot x1",
                ActionError::Model {
                    verb: "shoot".into(),
                    word: "x1".into(),
                    why: ModelError::Malformed("x1".into()),
                },
                "`shoot x1`: `x1` is not a model: expected m1, m2, ...",
            ),
            (
                "exit up",
                ActionError::Edge {
                    verb: "exit".into(),
                    why: EdgeError("up".into()),
                },
                "`exit`: `up` is not an edge: expected north, east, south or west",
            ),
            (
                "defend maybe",
                ActionError::Defence("maybe".into()),
                "`defend maybe`: expected fight or survive",
            ),
            (
                "lay",
                ActionError::Needs {
                    verb: "lay".into(),
                    what: "a card",
                },
                "`lay` needs a card",
            ),
            (
                "call heat-ray row 9",
                ActionError::Spot(SpotError::Row("9".into())),
                "`row 9`: rows run from 1 to 8",
            ),
            (
                "call heat-ray column z",
                ActionError::Spot(SpotError::Column("z".into())),
                "`column z`: columns run from a to h",
            ),
            (
                "call heat-ray c4 up",
                ActionError::Spot(SpotError::Edge(EdgeError("up".into()))),
                "`up` is not an edge: expected north, east, south or west",
            ),
            (
                "play heat-ray m1 m2 m3",
                ActionError::Target(TargetError::Shape("m1 m2 m3".into())),
                "`m1 m2 m3` is not a card's target: expected a model (`m3`), two models \
                 (`m9 m10`), a model and a square (`m3 c4`), a square (`c8`), or a card \
                 (`heat-ray`, `heat-ray row 5`)",
            ),
        ];
        for (text, want, words) in cases {
            let e = err(text);
            assert_eq!(e, want, "{text:?}");
            assert_eq!(e.to_string(), words, "{text:?}");
        }
        // A card no deck has: the word, and the nearest slug when one is near.
        let e = err("lay heat-rays");
        assert!(
            matches!(&e, ActionError::Card { verb, why } if verb == "lay" && why.slug == "heat-rays"),
            "{e:?}"
        );
        assert!(
            e.to_string()
                .starts_with("`lay`: `heat-rays` is not a card of any loaded deck"),
            "{e}"
        );
    }
}
