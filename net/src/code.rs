//! Join codes: the short key a person types to take a seat (`K7QM-3XTR`). Eight symbols
//! of Crockford's base 32 (40 bits, no `I`, `L`, `O` or `U`), drawn from the operating
//! system's generator, or from a seed given for tests ([`CodeSource`]); never from the
//! game's seed. Codes are compared in constant time ([`JoinCode::matches`]).

use std::fmt;
use std::str::FromStr;

use rand::{RngCore, SeedableRng, TryRngCore};
use rand_chacha::ChaCha20Rng;
use serde::{Deserialize, Serialize};
use subtle::ConstantTimeEq;

/// The symbols of a code, each worth its index (Crockford's base 32).
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// The symbols in a code.
pub const CODE_LEN: usize = 8;

/// A seat's join code. `Display` writes it as `ABCD-EFGH`; it reads in any case, with or
/// without the dash and spaces, and the letters people mistake for digits (`I`, `L`, `O`)
/// read as those digits.
#[derive(Clone, Copy, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct JoinCode([u8; CODE_LEN]);

impl JoinCode {
    /// Does `other` name this code? The comparison takes the same time wherever the two
    /// first differ.
    pub fn matches(&self, other: &JoinCode) -> bool {
        self.0.ct_eq(&other.0).into()
    }

    /// A code drawn from `rng`.
    fn draw(rng: &mut dyn RngCore) -> JoinCode {
        let mut code = [0u8; CODE_LEN];
        for c in &mut code {
            *c = (rng.next_u32() % 32) as u8;
        }
        JoinCode(code)
    }
}

/// In constant time ([`JoinCode::matches`]).
impl PartialEq for JoinCode {
    fn eq(&self, other: &JoinCode) -> bool {
        self.matches(other)
    }
}

impl Eq for JoinCode {}

/// Codes never print in debug output: a log line that shows a code would hand the seat
/// to whoever reads it.
impl fmt::Debug for JoinCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("JoinCode(..)")
    }
}

impl fmt::Display for JoinCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, v) in self.0.iter().enumerate() {
            if i == CODE_LEN / 2 {
                f.write_str("-")?;
            }
            write!(f, "{}", ALPHABET[usize::from(*v)] as char)?;
        }
        Ok(())
    }
}

/// Why text is not a join code.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CodeError {
    #[error("a join code has {CODE_LEN} letters and digits; this has {0}")]
    Length(usize),
    #[error("`{}` is not a letter or digit of a join code", .0.escape_debug())]
    Symbol(char),
}

impl FromStr for JoinCode {
    type Err = CodeError;

    fn from_str(s: &str) -> Result<JoinCode, CodeError> {
        let mut code = [0u8; CODE_LEN];
        let mut n = 0;
        for c in s.chars().filter(|c| *c != '-' && !c.is_whitespace()) {
            let c = match c.to_ascii_uppercase() {
                'I' | 'L' => '1',
                'O' => '0',
                c => c,
            };
            let v = ALPHABET
                .iter()
                .position(|a| char::from(*a) == c)
                .ok_or(CodeError::Symbol(c))?;
            if n < CODE_LEN {
                code[n] = v as u8;
            }
            n += 1;
        }
        if n != CODE_LEN {
            return Err(CodeError::Length(n));
        }
        Ok(JoinCode(code))
    }
}

impl TryFrom<String> for JoinCode {
    type Error = CodeError;
    fn try_from(s: String) -> Result<JoinCode, CodeError> {
        // A code is short: anything much longer is refused before it is looked at.
        if s.len() > 4 * CODE_LEN {
            return Err(CodeError::Length(s.chars().count()));
        }
        s.parse()
    }
}

impl From<JoinCode> for String {
    fn from(c: JoinCode) -> String {
        c.to_string()
    }
}

/// Where the host's join codes come from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CodeSource {
    /// The operating system's generator: the codes of a real game.
    #[default]
    Os,
    /// A seed of their own, for tests that want the same codes every run. Never the
    /// game's seed.
    Seeded(u64),
}

/// Why no codes could be drawn.
#[derive(Clone, Debug, thiserror::Error)]
#[error("the operating system's generator is not available: {0}")]
pub struct CodeSourceError(String);

impl CodeSourceError {
    pub(crate) fn new(why: String) -> CodeSourceError {
        CodeSourceError(why)
    }
}

impl CodeSource {
    /// `n` codes, all different.
    pub fn codes(self, n: usize) -> Result<Vec<JoinCode>, CodeSourceError> {
        let mut rng: Box<dyn RngCore> = match self {
            CodeSource::Os => {
                let mut seed = [0u8; 32];
                rand::rngs::OsRng
                    .try_fill_bytes(&mut seed)
                    .map_err(|e| CodeSourceError(e.to_string()))?;
                Box::new(ChaCha20Rng::from_seed(seed))
            }
            CodeSource::Seeded(s) => Box::new(ChaCha20Rng::seed_from_u64(s)),
        };
        let mut out: Vec<JoinCode> = Vec::with_capacity(n);
        while out.len() < n {
            let c = JoinCode::draw(rng.as_mut());
            if !out.iter().any(|o| o.matches(&c)) {
                out.push(c);
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_reads_back_as_it_prints_in_any_case() {
        let codes = CodeSource::Seeded(5).codes(3).unwrap();
        for c in &codes {
            let text = c.to_string();
            assert_eq!(text.len(), CODE_LEN + 1);
            assert_eq!(text.as_bytes()[4], b'-');
            let back: JoinCode = text.to_lowercase().parse().unwrap();
            assert!(back.matches(c));
            let spaced: JoinCode = text.replace('-', " ").parse().unwrap();
            assert!(spaced.matches(c));
        }
        assert!(!codes[0].matches(&codes[1]));
        // The same seed, the same codes; another seed, others.
        let again = CodeSource::Seeded(5).codes(3).unwrap();
        assert!(again.iter().zip(&codes).all(|(a, b)| a.matches(b)));
        let other = CodeSource::Seeded(6).codes(1).unwrap();
        assert!(!other[0].matches(&codes[0]));
        // From the operating system: all different.
        let os = CodeSource::Os.codes(3).unwrap();
        assert!(!os[0].matches(&os[1]) && !os[1].matches(&os[2]));
    }

    #[test]
    fn text_that_is_not_a_code_says_why() {
        assert_eq!("ABC".parse::<JoinCode>().err(), Some(CodeError::Length(3)));
        assert_eq!(
            "ABCD-EFGU".parse::<JoinCode>().err(),
            Some(CodeError::Symbol('U'))
        );
        assert_eq!(
            "ABCD-EFGH-J".parse::<JoinCode>().err(),
            Some(CodeError::Length(9))
        );
        let long = "A".repeat(1000);
        assert!(JoinCode::try_from(long).is_err());
        // Mistaken letters read as the digits they look like.
        let a: JoinCode = "I0L0-0000".parse().unwrap();
        let b: JoinCode = "1010-0000".parse().unwrap();
        assert!(a.matches(&b));
        assert_eq!(format!("{a:?}"), "JoinCode(..)");
    }
}
