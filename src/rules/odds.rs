//! Exact probabilities of Shoot and Fight tests with exploding D8s (R14-R16).

/// Outcome probabilities of a Shoot test against one target (R15).
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub struct ShootOdds {
    pub kill: f64,
    /// The shot beat Survive but not Survive plus armour: the target is Rattled.
    pub rattled: f64,
    pub miss: f64,
}

/// Outcome probabilities of a Fight (R16).
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub struct FightOdds {
    /// The attacker rolls more successes: the defender dies.
    pub attacker_wins: f64,
    /// The defender chose Fight and rolls more: the attacker dies.
    pub defender_wins: f64,
    /// A draw, or the defender Survived: nobody dies.
    pub no_kill: f64,
}

/// The distribution of successes of `dice` D8 against `value`+ with exploding 8s:
/// `pmf[k]` = P(exactly k successes). The support is infinite; the vector stops where the
/// remaining tail is below 1e-300, so sums are exact to double precision.
pub fn successes(dice: u8, value: u8) -> Vec<f64> {
    let _ = (dice, value);
    todo!("exact success distribution")
}

/// Shoot test: `dice` dice at `shoot`+ against `survive_dice` dice at `survive`+, plus
/// `armour` automatic Survive successes.
pub fn shoot(dice: u8, shoot: u8, survive_dice: u8, survive: u8, armour: u8) -> ShootOdds {
    let _ = (dice, shoot, survive_dice, survive, armour);
    todo!("shoot odds")
}

/// Fight: the attacker rolls `dice` at `fight`+; the defender rolls `defender_dice` at
/// `defend`+ (its Fight value when `defender_fights`, else its Survive value).
pub fn fight(
    dice: u8,
    fight: u8,
    defender_dice: u8,
    defend: u8,
    defender_fights: bool,
) -> FightOdds {
    let _ = (dice, fight, defender_dice, defend, defender_fights);
    todo!("fight odds")
}
