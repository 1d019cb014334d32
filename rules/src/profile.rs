//! Model profiles: game values and named special rules, as data.

use std::fmt;

/// A named special rule a profile may carry. New rules are added here and looked up by
/// name from data, so a Hero with existing abilities needs no code.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Ability {
    /// Martian armour: +1 success when Surviving a Shoot test; if that success alone
    /// saved the model, it is Rattled (R15).
    Armoured,
    /// A unique character: when only Heroes are in a Fight's square, their owner picks
    /// which one defends (R16).
    Hero,
}

impl Ability {
    pub const ALL: [Ability; 2] = [Ability::Armoured, Ability::Hero];

    pub const fn name(self) -> &'static str {
        match self {
            Ability::Armoured => "armoured",
            Ability::Hero => "hero",
        }
    }

    pub fn from_name(s: &str) -> Option<Ability> {
        Ability::ALL.into_iter().find(|a| a.name() == s)
    }

    const fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

impl fmt::Display for Ability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of abilities, as bits.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Abilities(u8);

impl Abilities {
    pub const NONE: Abilities = Abilities(0);

    pub fn with(self, a: Ability) -> Abilities {
        Abilities(self.0 | a.bit())
    }

    #[inline]
    pub const fn has(self, a: Ability) -> bool {
        self.0 & a.bit() != 0
    }

    pub fn iter(self) -> impl Iterator<Item = Ability> {
        Ability::ALL.into_iter().filter(move |a| self.has(*a))
    }
}

impl FromIterator<Ability> for Abilities {
    fn from_iter<I: IntoIterator<Item = Ability>>(iter: I) -> Self {
        iter.into_iter().fold(Abilities::NONE, Abilities::with)
    }
}

/// A model type's game values. `shoot`, `fight` and `survive` are the value a die must
/// reach (`4` means 4+); `range` is in squares (R8).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Profile {
    /// The key the scenario uses (`soldier`, `martian`).
    pub key: String,
    /// The name shown to players (`US Army Soldier`).
    pub name: String,
    pub shoot: u8,
    pub fight: u8,
    pub survive: u8,
    pub range: u8,
    pub abilities: Abilities,
}

impl Profile {
    #[inline]
    pub fn has(&self, a: Ability) -> bool {
        self.abilities.has(a)
    }
}
