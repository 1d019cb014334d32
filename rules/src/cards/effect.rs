//! What cards do, as data: kinds of card, rolls, areas, aims and the named effects with
//! their parameters (R19-R21).

/// How a card is used (R19-R21).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Kind {
    /// Played on a test, or when a model would be killed (R20).
    Response,
    /// Played as a card play in the own Turn (R11).
    Activation,
    /// Laid into a set and called later (R21).
    Support,
    /// Resolved at once when drawn (R22).
    Event,
}

impl Kind {
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Response => "response",
            Kind::Activation => "activation",
            Kind::Support => "support",
            Kind::Event => "event",
        }
    }
}

/// A roll a model makes in a test.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Roll {
    Shoot,
    Fight,
    Survive,
}

impl Roll {
    pub const fn name(self) -> &'static str {
        match self {
            Roll::Shoot => "shoot",
            Roll::Fight => "fight",
            Roll::Survive => "survive",
        }
    }
    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// A set of rolls, as bits.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Rolls(pub u8);

impl Rolls {
    #[inline]
    pub const fn has(self, r: Roll) -> bool {
        self.0 & r.bit() != 0
    }
    pub const fn with(self, r: Roll) -> Rolls {
        Rolls(self.0 | r.bit())
    }
}

/// Whose model's roll a test card changes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Whose {
    /// The player's own model in the test.
    Own,
    /// The enemy model in the test.
    Enemy,
}

/// What a failed single-die Survive roll does (Freeze Ray, Harassing Fire).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Failed {
    /// Marked as activated.
    Activated,
    Rattled,
}

/// What an area attack does to each model it covers.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Hit {
    /// A Shoot test: one attack roll of `dice` at `value` per square, one Survive roll per
    /// model (R15).
    Shoot { dice: u8, value: u8 },
    /// One die per model against its Survive value; failing does this.
    Survive(Failed),
}

/// The squares an area attack covers, from the square it is aimed at.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Area {
    /// The square alone.
    Square,
    /// The square and its 8 neighbours.
    Block3,
    /// This many squares in a line from the square, in the chosen direction.
    Line(u8),
}

/// How the calling player aims a Support set at one level (R21), or an Event its attack.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Aim {
    /// The level does nothing (the set cannot be called).
    Nothing,
    /// A row or column chosen; a D8 picks the square along it.
    Line,
    /// Any square, chosen.
    Square,
    /// A row or column and a direction along it chosen; a D8 picks the start square.
    LineDirection,
    /// A start square and a direction chosen.
    SquareDirection,
    /// A D8 for the row and one for the column.
    Random,
}

impl Aim {
    pub const ALL: [Aim; 6] = [
        Aim::Nothing,
        Aim::Line,
        Aim::Square,
        Aim::LineDirection,
        Aim::SquareDirection,
        Aim::Random,
    ];
    pub const fn name(self) -> &'static str {
        match self {
            Aim::Nothing => "nothing",
            Aim::Line => "line",
            Aim::Square => "square",
            Aim::LineDirection => "line-direction",
            Aim::SquareDirection => "square-direction",
            Aim::Random => "random",
        }
    }
    pub const fn has_direction(self) -> bool {
        matches!(self, Aim::LineDirection | Aim::SquareDirection)
    }
}

/// A named effect with its parameters. Each is resolved by the rules engine; a card in data
/// picks one and sets its parameters.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Effect {
    /// Adds (or removes) dice to one roll of a test (R20).
    TestDice {
        whose: Whose,
        rolls: Rolls,
        dice: i8,
    },
    /// A model of the player's side that would be killed survives, scoring nothing.
    LuckyEscape,
    /// One own model moves a single square; entering enemies starts a Fight.
    MoveOne,
    /// Enemy models are marked as activated: one, or two in one square.
    Distract { models: u8 },
    /// A killed own model returns in the deployment zone and may Shoot or Move one more.
    Reinforce,
    /// Discard one card of an enemy Support set.
    Jam,
    /// Call a usable enemy Support set as if it were the player's own.
    MindControl,
    /// An area attack (Support sets and Events).
    Area { hit: Hit, area: Area },
    /// The Flying Car: lands `landings` times, two squares apart, with a Shoot test of
    /// `dice` at `value` on each square it lands in; leaves a blocker where it stops.
    FlyingCar { dice: u8, value: u8, landings: u8 },
    /// The burning cows: a counter that moves `moves` squares when drawn and every Round,
    /// Rattling models it moves onto and trampling Rattled ones (a Fight of `dice` at
    /// `value` against Survive).
    BurningCows { moves: u8, dice: u8, value: u8 },
    /// Civilians, `table[d8 - 1]` of them, that count as both kinds of counter.
    Civilians { table: [u8; 8] },
    /// The Bug: attacks models in its square (a Fight of `dice` at `value`), Survives
    /// Shooting with `survive_dice` at `survive_value`.
    Bug {
        dice: u8,
        value: u8,
        survive_dice: u8,
        survive_value: u8,
    },
}

impl Effect {
    /// The name used in deck files.
    pub const fn name(&self) -> &'static str {
        match self {
            Effect::TestDice { .. } => "test-dice",
            Effect::LuckyEscape => "lucky-escape",
            Effect::MoveOne => "move-one",
            Effect::Distract { .. } => "distract",
            Effect::Reinforce => "reinforce",
            Effect::Jam => "jam",
            Effect::MindControl => "mind-control",
            Effect::Area {
                hit: Hit::Shoot { .. },
                ..
            } => "shoot-area",
            Effect::Area {
                hit: Hit::Survive(_),
                ..
            } => "survive-area",
            Effect::FlyingCar { .. } => "flying-car",
            Effect::BurningCows { .. } => "burning-cows",
            Effect::Civilians { .. } => "civilians",
            Effect::Bug { .. } => "bug",
        }
    }
}

/// Every effect name, with the kinds of card it may be on.
pub const EFFECTS: &[(&str, &[Kind])] = &[
    ("test-dice", &[Kind::Response]),
    ("lucky-escape", &[Kind::Response]),
    ("move-one", &[Kind::Activation]),
    ("distract", &[Kind::Activation]),
    ("reinforce", &[Kind::Activation]),
    ("jam", &[Kind::Activation]),
    ("mind-control", &[Kind::Activation]),
    ("shoot-area", &[Kind::Support, Kind::Event]),
    ("survive-area", &[Kind::Support, Kind::Event]),
    ("flying-car", &[Kind::Event]),
    ("burning-cows", &[Kind::Event]),
    ("civilians", &[Kind::Event]),
    ("bug", &[Kind::Event]),
];
