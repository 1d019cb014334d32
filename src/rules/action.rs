//! The atomic decisions of a game. A Turn is a sequence of them, each with its own legal
//! list (DESIGN.md); each has a text form for logs, replays and the command line.

use std::fmt;
use std::str::FromStr;

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
        }
    }
}

impl FromStr for Action {
    type Err = String;
    fn from_str(s: &str) -> Result<Action, String> {
        let mut words = s.split_whitespace();
        let verb = words
            .next()
            .ok_or_else(|| "empty action".to_string())?
            .to_ascii_lowercase();
        let arg = words.next();
        if let Some(extra) = words.next() {
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
            _ => Err(format!(
                "unknown action `{verb}`: expected deploy, activate, stand, move, exit, aim, \
                 shoot, fight, defend, defender, done or end-turn"
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
