//! The games already counted, by identity, in about a bit a game: so that a results file
//! read a record at a time (`report`, `scenarios --record`, `arena --resume`) counts a
//! game found twice once, in memory bounded by the run's pairings rather than its games.
//!
//! A game's identity is its id (`<scenario>/<first>-vs-<second>/<game>`), its run seed
//! and its scenario's fingerprint. Ids of one pairing differ only in the game number
//! after the last `/`: each pairing keeps a set of numbers, in blocks of
//! [`BLOCK_GAMES`] bits made as games in them are seen (a run's games are recorded
//! roughly in order, so the blocks fill). An id that does not end in a game number is
//! kept whole.

use std::collections::{BTreeMap, HashMap, HashSet};

/// Game numbers a block of bits holds.
const BLOCK_GAMES: u32 = 1024;

/// A set of game identities.
#[derive(Default)]
pub struct SeenGames {
    pairings: HashMap<(String, u64, String), GameNumbers>,
    others: HashSet<(String, u64, String)>,
    len: u64,
}

/// A set of game numbers, a bit each.
#[derive(Default)]
struct GameNumbers {
    blocks: BTreeMap<u32, Box<[u64; BLOCK_GAMES as usize / 64]>>,
}

impl GameNumbers {
    /// Adds `n`; false when it was there.
    fn insert(&mut self, n: u32) -> bool {
        let block = self
            .blocks
            .entry(n / BLOCK_GAMES)
            .or_insert_with(|| Box::new([0; BLOCK_GAMES as usize / 64]));
        let (word, bit) = ((n % BLOCK_GAMES) as usize / 64, n % 64);
        let had = block[word] & (1 << bit) != 0;
        block[word] |= 1 << bit;
        !had
    }

    fn contains(&self, n: u32) -> bool {
        self.blocks
            .get(&(n / BLOCK_GAMES))
            .is_some_and(|b| b[(n % BLOCK_GAMES) as usize / 64] & (1 << (n % 64)) != 0)
    }
}

/// The pairing part of an id and its game number, when it ends in one (written as a
/// number is, so that `/07` and `/7` stay two ids).
fn split(id: &str) -> Option<(&str, u32)> {
    let (prefix, game) = id.rsplit_once('/')?;
    let n: u32 = game.parse().ok()?;
    (n.to_string() == game).then_some((prefix, n))
}

impl SeenGames {
    /// Adds the game; false when it was there already.
    pub fn insert(&mut self, id: &str, seed: u64, fingerprint: &str) -> bool {
        let new = match split(id) {
            Some((prefix, n)) => self
                .pairings
                .entry((prefix.to_string(), seed, fingerprint.to_string()))
                .or_default()
                .insert(n),
            None => self
                .others
                .insert((id.to_string(), seed, fingerprint.to_string())),
        };
        self.len += u64::from(new);
        new
    }

    /// Whether the game is in.
    pub fn contains(&self, id: &str, seed: u64, fingerprint: &str) -> bool {
        match split(id) {
            Some((prefix, n)) => self
                .pairings
                .get(&(prefix.to_string(), seed, fingerprint.to_string()))
                .is_some_and(|g| g.contains(n)),
            None => self
                .others
                .contains(&(id.to_string(), seed, fingerprint.to_string())),
        }
    }

    /// How many games are in.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether no game is in.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_is_in_once_by_its_id_seed_and_fingerprint() {
        let mut s = SeenGames::default();
        assert!(s.insert("S/a-vs-b/0", 1, "f"));
        assert!(!s.insert("S/a-vs-b/0", 1, "f"));
        assert!(s.insert("S/a-vs-b/0", 2, "f"), "another run");
        assert!(
            s.insert("S/a-vs-b/0", 1, "g"),
            "another version of the file"
        );
        assert!(s.insert("S/a-vs-b/1024", 1, "f"), "the next block");
        assert!(
            s.insert("S/a-vs-b/07", 1, "f"),
            "not written as a number: kept whole"
        );
        assert!(!s.insert("S/a-vs-b/07", 1, "f"));
        assert!(s.contains("S/a-vs-b/1024", 1, "f"));
        assert!(!s.contains("S/a-vs-b/1023", 1, "f"));
        assert!(!s.contains("S/a-vs-b/7", 1, "f"));
        assert_eq!(s.len(), 5);
    }

    #[test]
    fn a_million_games_of_a_pairing_take_about_a_bit_each() {
        let mut s = SeenGames::default();
        for n in 0..1_000_000u32 {
            s.insert(&format!("Who's There?/greedy-vs-random/{n}"), 7, "0123");
        }
        assert_eq!(s.len(), 1_000_000);
        let g = &s.pairings.values().next().unwrap();
        // 977 blocks of 128 bytes: 125 KB for a million games.
        assert_eq!(g.blocks.len(), 977);
    }
}
