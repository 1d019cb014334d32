//! How a game of Mars Attacks: The Dice Game at the table is set up (`mars-attacks
//! dice-game play`, or the window's Dice Game mode): 2 to 6 seats in turn order, each a
//! person or an AI at a level, the side of the difficulty card, the deck and the seed.
//! Checked here, without a window, so that the command line refuses a seat that names no
//! player, or a deck too small for the seats, before any window opens.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use crate::card::{Deck, Difficulty};
use crate::game::{Game, MAX_PLAYERS, PLAYERS};
use ai::Level;
use ai::level::MAX_SPEC_ITERATIONS;

use super::error::{SetupError, UnknownAiLevel, UnknownSeat};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::deck_file::stand_in_deck;

/// How an AI seat plays: the search at a level or for a number of iterations, or one of
/// the baselines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AiLevel {
    /// A level of the ladder (`crate::ladder`).
    Search(Level),
    /// The search for this many iterations a decision (`mcts:N`).
    Iterations(u64),
    /// Target and stop from the exact odds of the Turn.
    Greedy,
    /// Any legal decision, at random.
    Random,
}

impl AiLevel {
    /// The levels a seat offers at the table, in the order shown (`mcts:N` apart).
    pub const OFFERED: [AiLevel; 7] = [
        AiLevel::Search(Level::Beginner),
        AiLevel::Search(Level::Easy),
        AiLevel::Search(Level::Normal),
        AiLevel::Search(Level::Hard),
        AiLevel::Search(Level::Expert),
        AiLevel::Greedy,
        AiLevel::Random,
    ];

    /// The iterations a seat's `mcts:N` starts at when first chosen.
    pub const DEFAULT_ITERATIONS: u64 = 1000;

    /// The player spec of the `dice_game` crate this level plays.
    pub fn spec(self) -> String {
        match self {
            AiLevel::Search(l) => format!("mcts:{}", l.name()),
            AiLevel::Iterations(n) => format!("mcts:{n}"),
            AiLevel::Greedy => "greedy".into(),
            AiLevel::Random => "random".into(),
        }
    }

    /// What the level plays, in words, for its tooltip.
    pub fn describe(self) -> String {
        match self {
            AiLevel::Search(l) => format!(
                "{}; never sees the cards face down",
                crate::ladder::LADDER.about(l)
            ),
            AiLevel::Iterations(n) => {
                format!("searches {n} iterations a decision, never seeing the cards face down")
            }
            AiLevel::Greedy => "targets the card whose Turn is worth most, from the exact odds, \
                                and rolls on while rolling is worth more than stopping"
                .into(),
            AiLevel::Random => "decides at random".into(),
        }
    }
}

impl fmt::Display for AiLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AiLevel::Search(l) => f.write_str(l.name()),
            AiLevel::Iterations(n) => write!(f, "mcts:{n}"),
            AiLevel::Greedy => f.write_str("greedy"),
            AiLevel::Random => f.write_str("random"),
        }
    }
}

impl FromStr for AiLevel {
    type Err = UnknownAiLevel;
    /// A level's name (`beginner` to `expert`), `mcts` (normal), `mcts:LEVEL`, `mcts:N`, `greedy`,
    /// `random`, in any case.
    fn from_str(s: &str) -> Result<AiLevel, UnknownAiLevel> {
        let t = s.trim().to_ascii_lowercase();
        let bad = || UnknownAiLevel(s.trim().to_string());
        let level = match t.as_str() {
            "greedy" => return Ok(AiLevel::Greedy),
            "random" => return Ok(AiLevel::Random),
            "mcts" => return Ok(AiLevel::Search(Level::Normal)),
            _ => t.strip_prefix("mcts:").unwrap_or(&t),
        };
        if let Ok(l) = level.parse::<Level>() {
            return Ok(AiLevel::Search(l));
        }
        match level.parse::<u64>() {
            Ok(n) if (1..=MAX_SPEC_ITERATIONS).contains(&n) && t.starts_with("mcts:") => {
                Ok(AiLevel::Iterations(n))
            }
            _ => Err(bad()),
        }
    }
}

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seat {
    /// A person at this screen.
    Person,
    /// The AI, at a level.
    Ai(AiLevel),
}

impl Seat {
    pub fn is_person(self) -> bool {
        self == Seat::Person
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Seat::Person => f.write_str("you"),
            Seat::Ai(l) => l.fmt(f),
        }
    }
}

impl FromStr for Seat {
    type Err = UnknownSeat;
    /// `you` (or `person`) for a person; else an AI level.
    fn from_str(s: &str) -> Result<Seat, UnknownSeat> {
        match s.trim().to_ascii_lowercase().as_str() {
            "you" | "person" | "human" => Ok(Seat::Person),
            _ => s.parse::<AiLevel>().map(Seat::Ai).map_err(UnknownSeat),
        }
    }
}

/// How a game of the Dice Game is set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiceGameSetup {
    /// The seats in turn order, the first player first (2 to 6).
    pub seats: Vec<Seat>,
    /// The side of the difficulty card that shows.
    pub difficulty: Difficulty,
    /// The locations (the stand-in deck unless a deck file was named).
    pub deck: Arc<Deck>,
    /// Seeds the game's one generator: the deal, then every die.
    pub seed: u64,
}

impl Default for DiceGameSetup {
    fn default() -> Self {
        DiceGameSetup {
            seats: vec![Seat::Person, Seat::Ai(AiLevel::Search(Level::Normal))],
            difficulty: Difficulty::Easy,
            deck: stand_in_deck(),
            seed: 1,
        }
    }
}

impl DiceGameSetup {
    /// The seats from a comma-separated list (`you,normal,greedy`).
    pub fn parse_seats(text: &str) -> Result<Vec<Seat>, UnknownSeat> {
        text.split(',').map(str::parse).collect()
    }

    /// The most seats the deck deals for: four stacks of a card a seat (at most six).
    pub fn max_seats(&self) -> usize {
        self.deck.max_players().min(MAX_PLAYERS)
    }

    /// Seat `seat`'s name at the table: `You` when one person plays, `Player N` when
    /// several do; `Martian N (level)` for the AI.
    pub fn name(&self, seat: usize) -> String {
        match self.seats.get(seat) {
            Some(Seat::Person) if self.seats.iter().filter(|s| s.is_person()).count() == 1 => {
                "You".into()
            }
            Some(Seat::Person) => format!("Player {}", seat + 1),
            Some(Seat::Ai(l)) => format!("Martian {} ({l})", seat + 1),
            None => format!("seat {}", seat + 1),
        }
    }

    /// Checks the set-up: 2 to 6 seats, and a deck with four stacks of a card a seat.
    pub fn check(&self) -> Result<(), SetupError> {
        let n = self.seats.len();
        if !PLAYERS.contains(&n) {
            return Err(SetupError::Players(n));
        }
        if n > self.deck.max_players() {
            return Err(SetupError::TooFewLocations {
                players: n,
                deck: self.deck.name.clone(),
                locations: self.deck.locations.len(),
            });
        }
        crate::claimable::check_can_end(&self.deck, n, self.difficulty)?;
        for s in &self.seats {
            if let Seat::Ai(l) = s {
                crate::players::player(&l.spec())?;
            }
        }
        Ok(())
    }

    /// The game this set-up deals, and the generator that dealt it, which rolls every die
    /// after; why not when the set-up does not hold ([`DiceGameSetup::check`]).
    pub fn new_game(&self) -> Result<(Game, ChaCha8Rng), SetupError> {
        self.check()?;
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        let game = Game::new(
            self.deck.clone(),
            self.seats.len(),
            self.difficulty,
            &mut rng,
        )?;
        Ok((game, rng))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_read_from_their_names_and_print_back() {
        let seats =
            DiceGameSetup::parse_seats("you, normal,mcts:250,greedy,RANDOM,mcts:hard").unwrap();
        assert_eq!(
            seats,
            vec![
                Seat::Person,
                Seat::Ai(AiLevel::Search(Level::Normal)),
                Seat::Ai(AiLevel::Iterations(250)),
                Seat::Ai(AiLevel::Greedy),
                Seat::Ai(AiLevel::Random),
                Seat::Ai(AiLevel::Search(Level::Hard)),
            ]
        );
        for s in &seats {
            assert_eq!(s.to_string().parse::<Seat>().as_ref(), Ok(s));
        }
        for bad in ["", "mcts:0", "250", "mcts:x", "perfect", "mcts:20000000"] {
            let e = bad.parse::<Seat>().unwrap_err();
            assert!(e.to_string().contains("is not an AI level"), "{bad}: {e}");
        }
    }

    #[test]
    fn every_level_offered_names_a_player_of_the_dice_game() {
        for l in AiLevel::OFFERED
            .into_iter()
            .chain([AiLevel::Iterations(AiLevel::DEFAULT_ITERATIONS)])
        {
            assert!(crate::players::player(&l.spec()).is_ok(), "{l}");
            assert_eq!(l.to_string().parse::<AiLevel>(), Ok(l));
        }
    }

    #[test]
    fn names_say_you_for_one_person_and_number_several() {
        let mut s = DiceGameSetup::default();
        assert_eq!(
            (s.name(0), s.name(1)),
            ("You".into(), "Martian 2 (normal)".into())
        );
        s.seats = vec![Seat::Person, Seat::Ai(AiLevel::Greedy), Seat::Person];
        assert_eq!(s.name(0), "Player 1");
        assert_eq!(s.name(2), "Player 3");
        assert_eq!(s.name(1), "Martian 2 (greedy)");
    }

    #[test]
    fn a_table_of_one_or_seven_or_more_than_the_deck_deals_for_is_refused() {
        let mut s = DiceGameSetup::default();
        assert!(s.new_game().is_ok());
        s.seats = vec![Seat::Person];
        let refused = |s: &DiceGameSetup| s.check().unwrap_err().to_string();
        assert!(refused(&s).contains("2 to 6 players, not 1"));
        s.seats = vec![Seat::Ai(AiLevel::Random); 7];
        assert!(refused(&s).contains("not 7"));
        s.seats = vec![Seat::Ai(AiLevel::Random); 6];
        assert!(
            s.new_game().is_ok(),
            "the stand-in deck's 29 cards deal for six"
        );
        // A deck of 12 cards deals for three at most.
        let mut small = (*s.deck).clone();
        small.locations.truncate(12);
        s.deck = Arc::new(small);
        assert_eq!(s.max_seats(), 3);
        assert!(refused(&s).contains("6 players need four stacks of 6 cards"));
        s.seats.truncate(3);
        assert!(s.check().is_ok());
    }

    #[test]
    fn the_seed_deals_the_same_game_every_time() {
        let s = DiceGameSetup {
            seed: 42,
            ..DiceGameSetup::default()
        };
        let (a, _) = s.new_game().unwrap();
        let (b, _) = s.new_game().unwrap();
        assert_eq!(a, b);
        let (c, _) = DiceGameSetup { seed: 43, ..s }.new_game().unwrap();
        assert_ne!(a, c);
    }
}
