//! The players: a [`Player`] aims a flick (a flick is continuous, so this is not the `ai`
//! crate's game of discrete actions) and says the execution noise its flicks are played
//! with (T14). Read from specs in the grammar every game shares (`ai::spec`):
//!
//! * `random`: any direction, any strength.
//! * `centre[:LEVEL]`: straight at the centre of the target nearest its saucer with pieces
//!   left, at the fitted strength for the distance ([`crate::calibration`]); its flicks
//!   carry the level's noise (normal unless given).
//! * `aim[:LEVEL][:sims=N,rounds=R,samples=S]`: the search of [`crate::aim`], its level its
//!   execution noise (normal unless given), `sims` the shots it simulates a decision.
//!
//! Every random draw of a player comes from the generator it is handed.

use ai::{Level, NotAPlayer, SpecParts};
use rand_chacha::ChaCha8Rng;

use crate::aim::{AimConfig, centre_flick, decide, random_flick};
use crate::game::Game;
use crate::shot::Flick;

/// A player of Ten-Minute Takedown.
pub trait Player: Send + Sync {
    /// The player as a spec would name it.
    fn name(&self) -> String;
    /// The flick it aims for the player to shoot in `game`.
    fn aim(&self, game: &Game, rng: &mut ChaCha8Rng) -> Flick;
    /// The level whose execution noise its flicks are played with; `None`: as aimed.
    fn noise(&self) -> Option<Level>;
}

/// Uniform flicks.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomPlayer;

impl Player for RandomPlayer {
    fn name(&self) -> String {
        "random".into()
    }
    fn aim(&self, _game: &Game, rng: &mut ChaCha8Rng) -> Flick {
        random_flick(rng)
    }
    fn noise(&self) -> Option<Level> {
        None
    }
}

/// Straight at the nearest target's centre.
#[derive(Clone, Copy, Debug)]
pub struct CentrePlayer {
    pub level: Level,
}

impl Player for CentrePlayer {
    fn name(&self) -> String {
        format!("centre:{}", self.level.name())
    }
    fn aim(&self, game: &Game, _rng: &mut ChaCha8Rng) -> Flick {
        centre_flick(game, game.turn()).map_or(Flick::new(0.0, 0.0, 0.0), |(_, f)| f)
    }
    fn noise(&self) -> Option<Level> {
        Some(self.level)
    }
}

/// The AI that aims by simulation.
#[derive(Clone, Copy, Debug)]
pub struct AimPlayer {
    pub config: AimConfig,
}

impl Player for AimPlayer {
    fn name(&self) -> String {
        let c = &self.config;
        format!(
            "aim:{}:sims={},rounds={},samples={}",
            c.level.name(),
            c.sims,
            c.rounds,
            c.samples
        )
    }
    fn aim(&self, game: &Game, rng: &mut ChaCha8Rng) -> Flick {
        decide(game, &self.config, rng).flick
    }
    fn noise(&self) -> Option<Level> {
        Some(self.config.level)
    }
}

/// The players a spec may name, for help and errors.
pub const SPECS: &str = "random, centre[:LEVEL], or aim[:LEVEL][:sims=N,rounds=R,samples=S] \
                         with a level beginner, easy, normal, hard or expert (the execution \
                         noise; normal unless given)";

/// The most simulated shots a decision may be given.
pub const MAX_SIMS: u32 = 100_000;

/// The player a spec names.
pub fn player(spec: &str) -> Result<Box<dyn Player>, NotAPlayer> {
    let bad = |why: String| NotAPlayer::new(spec, why, SPECS);
    let parts = SpecParts::of(spec);
    let kind = parts.kind.as_str();
    let level = match parts.effort.as_deref() {
        None | Some("") => None,
        Some(text) => Some(text.parse::<Level>().map_err(|e| bad(e.to_string()))?),
    };
    let settings = parts.settings().map_err(|e| bad(e.to_string()))?;
    if kind != "aim" && !settings.is_empty() {
        return Err(bad(format!("`{kind}` takes no settings (only aim does)")));
    }
    match kind {
        "random" if level.is_none() => Ok(Box::new(RandomPlayer)),
        "random" => Err(bad("random takes no level".into())),
        "centre" | "center" => Ok(Box::new(CentrePlayer {
            level: level.unwrap_or(Level::Normal),
        })),
        "aim" => {
            let mut config = AimConfig::at(level.unwrap_or(Level::Normal));
            for (key, value) in settings {
                let n = value
                    .parse::<u32>()
                    .ok()
                    .filter(|n| (1..=MAX_SIMS).contains(n))
                    .ok_or_else(|| {
                        bad(format!("{key}= takes a whole number from 1 to {MAX_SIMS}"))
                    })?;
                match key.as_str() {
                    "sims" => config.sims = n,
                    "rounds" => config.rounds = n.min(100),
                    "samples" => config.samples = n.min(1000),
                    _ => {
                        return Err(bad(format!(
                            "`{key}` is not a setting (sims=, rounds= and samples= are)"
                        )));
                    }
                }
            }
            Ok(Box::new(AimPlayer { config }))
        }
        _ => Err(bad("unknown".into())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_name_the_players_in_the_shared_grammar() {
        assert_eq!(player("random").unwrap().name(), "random");
        assert_eq!(player("Centre:HARD").unwrap().noise(), Some(Level::Hard));
        assert_eq!(player("centre").unwrap().noise(), Some(Level::Normal));
        let p = player("aim:expert:sims=60,rounds=2").unwrap();
        assert_eq!(p.name(), "aim:expert:sims=60,rounds=2,samples=4");
        assert_eq!(p.noise(), Some(Level::Expert));
        assert_eq!(player("aim:sims=30").unwrap().noise(), Some(Level::Normal));
        assert_eq!(player("random").unwrap().noise(), None);
        for (spec, why) in [
            ("aim:fast", "is not a level"),
            ("aim:hard:sims=0", "sims= takes a whole number"),
            ("aim:hard:speed=3", "`speed` is not a setting"),
            ("centre:hard:sims=3", "takes no settings"),
            ("random:easy", "random takes no level"),
            ("mcts", "unknown"),
        ] {
            let e = player(spec).err().unwrap();
            assert_eq!(e.spec, spec);
            assert!(e.to_string().contains(why), "{spec}: {e}");
            assert!(
                e.to_string().contains("the players are random, centre"),
                "{e}"
            );
        }
    }
}
