//! The atomic decisions of a game. A Turn is a sequence of them, each with its own legal
//! list (ARCHITECTURE.md); each has a text form for logs, replays and the command line.

use std::fmt;
use std::str::FromStr;

use super::cards::{Card, CardId};
use super::square::{Edge, Square};

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

impl FromStr for ModelId {
    type Err = String;
    fn from_str(s: &str) -> Result<ModelId, String> {
        let s = s.trim();
        let digits = s
            .strip_prefix('m')
            .or_else(|| s.strip_prefix('M'))
            .ok_or_else(|| format!("`{s}` is not a model: expected m1, m2, ..."))?;
        let n: u32 = digits
            .parse()
            .map_err(|_| format!("`{s}` is not a model: expected m1, m2, ..."))?;
        if n == 0 || n > 255 {
            return Err(format!("`{s}` is not a model: numbers run from m1"));
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
    pub fn parse_words(words: &[&str]) -> Result<Spot, String> {
        let edge = |w: Option<&&str>| -> Result<Option<Edge>, String> {
            w.map(|w| w.parse::<Edge>()).transpose()
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
                        .ok_or_else(|| format!("`row {n}`: rows run from 1 to 8"))?;
                    Ok(match dir {
                        None => Spot::Row(r - 1),
                        Some(e) => Spot::RowDir(r - 1, e),
                    })
                } else {
                    let c = n.to_ascii_lowercase();
                    let c = match c.as_bytes() {
                        [b @ b'a'..=b'h'] => b - b'a',
                        _ => return Err(format!("`column {n}`: columns run from a to h")),
                    };
                    Ok(match dir {
                        None => Spot::Column(c),
                        Some(e) => Spot::ColumnDir(c, e),
                    })
                }
            }
            [sq, rest @ ..] if rest.len() <= 1 => {
                let s: Square = sq.parse().map_err(|e| format!("`{sq}`: {e}"))?;
                Ok(match edge(rest.first())? {
                    None => Spot::Square(s),
                    Some(e) => Spot::SquareDir(s, e),
                })
            }
            _ => Err(format!(
                "`{}` is not a place to aim at: expected `row 5`, `column c`, a square like \
                 `c4`, any of them followed by a direction, or nothing",
                words.join(" ")
            )),
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
    pub fn parse_words(words: &[&str]) -> Result<Target, String> {
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
            _ => Err(format!(
                "`{}` is not a card's target: expected a model (`m3`), two models (`m9 m10`), \
                 a model and a square (`m3 c4`), a square (`c8`), or a card (`heat-ray`, \
                 `heat-ray row 5`)",
                words.join(" ")
            )),
        }
    }
}

impl Action {
    /// Every action that could ever be written for a game of `n_models` models: the
    /// whole action space, legal or not (for harnesses that try illegal actions).
    pub fn space(n_models: usize) -> Vec<Action> {
        let n = n_models.min(256) as u8 as usize;
        let models = || (0..n).map(|i| ModelId(i as u8));
        let mut v = Vec::new();
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
        v.push(Action::Respond(None));
        v.push(Action::Keep);
        v.extend(Edge::ALL.into_iter().map(Action::Heading));
        v.extend(models().map(Action::Pick));
        v.push(Action::ShootBug);
        v.push(Action::FightBug);
        v
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
    type Err = String;
    fn from_str(s: &str) -> Result<Action, String> {
        let all: Vec<&str> = s.split_whitespace().collect();
        let verb = all
            .first()
            .ok_or_else(|| "empty action".to_string())?
            .to_ascii_lowercase();
        let rest = &all[1..];
        let card = |w: Option<&&str>| -> Result<Card, String> {
            let w = w.ok_or_else(|| format!("`{verb}` needs a card"))?;
            w.parse::<Card>().map_err(|e| format!("`{verb}`: {e}"))
        };
        let half = |w: Option<&&str>| -> Result<CardId, String> {
            let w = w.ok_or_else(|| format!("`{verb}` needs a Support set"))?;
            w.parse::<CardId>().map_err(|e| format!("`{verb}`: {e}"))
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
            return Err(format!("`{s}`: unexpected `{extra}`"));
        }
        let need = |what: &str| -> Result<&str, String> {
            arg.ok_or_else(|| format!("`{verb}` needs {what}"))
        };
        let none = |a: Action| -> Result<Action, String> {
            match arg {
                None => Ok(a),
                Some(x) => Err(format!("`{verb}` takes no argument, got `{x}`")),
            }
        };
        let square = |w: &str| {
            w.parse::<Square>()
                .map_err(|e| format!("`{verb} {w}`: {e}"))
        };
        let model = |w: &str| {
            w.parse::<ModelId>()
                .map_err(|e| format!("`{verb} {w}`: {e}"))
        };
        match verb.as_str() {
            "deploy" => Ok(Action::Deploy(square(need("a square")?)?)),
            "activate" => Ok(Action::Activate(model(need("a model")?)?)),
            "stand" => none(Action::Stand),
            "move" => Ok(Action::Move(square(need("a square")?)?)),
            "exit" => Ok(Action::Exit(
                need("an edge")?
                    .parse::<Edge>()
                    .map_err(|e| format!("`exit`: {e}"))?,
            )),
            "aim" => none(Action::Aim),
            "shoot" => Ok(Action::Shoot(model(need("a target model")?)?)),
            "fight" => Ok(Action::Fight(model(need("an opponent model")?)?)),
            "defend" => match need("fight or survive")? {
                "fight" => Ok(Action::Defend(Defence::Fight)),
                "survive" => Ok(Action::Defend(Defence::Survive)),
                x => Err(format!("`defend {x}`: expected fight or survive")),
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
            "heading" => Ok(Action::Heading(
                need("an edge")?
                    .parse::<Edge>()
                    .map_err(|e| format!("`heading`: {e}"))?,
            )),
            "pick" => Ok(Action::Pick(model(need("a model")?)?)),
            _ => Err(format!(
                "unknown action `{verb}`: expected deploy, activate, stand, move, exit, aim, \
                 shoot, fight, defend, defender, done, end-turn, pass, play, lay, call, \
                 respond, discard, keep, heading or pick"
            )),
        }
    }
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
    fn bad_actions_say_why() {
        assert!(
            "move k3"
                .parse::<Action>()
                .unwrap_err()
                .contains("column k")
        );
        assert!("shoot".parse::<Action>().unwrap_err().contains("needs"));
        assert!(
            "jump a1"
                .parse::<Action>()
                .unwrap_err()
                .contains("unknown action")
        );
        assert!(
            "aim now"
                .parse::<Action>()
                .unwrap_err()
                .contains("no argument")
        );
        assert!("activate m0".parse::<Action>().is_err());
    }
}
