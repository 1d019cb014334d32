//! The value network: the chance the judging side wins, from the position's inputs
//! ([`super::features`]). Two hidden layers of rectified units over a first layer that
//! only adds up the columns of the inputs that are not zero (most are), as chess engines'
//! NNUE do; a logistic output. Plain Rust over arrays sized once at load: judging a
//! position allocates nothing.
//!
//! # The file
//!
//! Little-endian: 8 bytes `MAVNET` and the format's version (`\0\x01`), the sizes as
//! three `u32` (inputs, first and second hidden layer), then the weights as `f32`: the
//! first layer by input (each input's [`H1`] weights), its biases, the second layer by
//! unit (each unit's [`H1`] weights), its biases, the output's [`H2`] weights and its bias.

use super::features::{INPUTS, Input};

/// Units of the first hidden layer.
pub const H1: usize = 128;
/// Units of the second hidden layer.
pub const H2: usize = 32;

/// The first bytes of a value network's file: `MAVNET` and the format's version.
pub const MAGIC: &[u8; 8] = b"MAVNET\x00\x01";

/// A value network's weights.
#[derive(Clone, Debug, PartialEq)]
pub struct ValueNet {
    /// The first layer by input: `w1[i]` is what input `i` adds to each unit.
    pub w1: Vec<[f32; H1]>,
    pub b1: [f32; H1],
    /// The second layer by unit.
    pub w2: Vec<[f32; H1]>,
    pub b2: [f32; H2],
    pub w3: [f32; H2],
    pub b3: f32,
}

/// What a forward pass leaves for the trainer: each layer's sums and activations.
#[derive(Clone)]
pub struct Activations {
    pub z1: [f32; H1],
    pub h1: [f32; H1],
    pub z2: [f32; H2],
    pub h2: [f32; H2],
    /// The output before the logistic.
    pub logit: f32,
}

impl Default for Activations {
    fn default() -> Self {
        Activations {
            z1: [0.0; H1],
            h1: [0.0; H1],
            z2: [0.0; H2],
            h2: [0.0; H2],
            logit: 0.0,
        }
    }
}

/// Why a file holds no value network.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NetError {
    #[error("not a value network (its first bytes are not MAVNET and version 1)")]
    NotANet,
    #[error(
        "a network of {inputs} inputs and {h1} and {h2} hidden units, where this program's \
         has {INPUTS}, {H1} and {H2}"
    )]
    Sizes { inputs: u32, h1: u32, h2: u32 },
    #[error("{len} bytes, where a network of these sizes takes {want}")]
    Length { len: usize, want: usize },
    #[error("a weight that is not a finite number, at weight {0}")]
    NotFinite(usize),
}

/// The second layer's sums are taken this many at a time (`H1` is a multiple of it).
const LANES: usize = 8;

#[inline]
fn relu(x: f32) -> f32 {
    x.max(0.0)
}

/// The logistic function.
#[inline]
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

impl ValueNet {
    /// A network of zeros (it judges every position an even chance).
    pub fn zeros() -> ValueNet {
        ValueNet {
            w1: vec![[0.0; H1]; INPUTS],
            b1: [0.0; H1],
            w2: vec![[0.0; H1]; H2],
            b2: [0.0; H2],
            w3: [0.0; H2],
            b3: 0.0,
        }
    }

    /// The forward pass over `x`, into `a`.
    #[inline]
    pub fn forward(&self, x: &Input, a: &mut Activations) {
        a.z1 = self.b1;
        for (i, v) in x.pairs() {
            let col = &self.w1[i];
            for (z, w) in a.z1.iter_mut().zip(col) {
                *z += v * w;
            }
        }
        for (h, z) in a.h1.iter_mut().zip(&a.z1) {
            *h = relu(*z);
        }
        for j in 0..H2 {
            // Eight sums side by side, added up at the end: one running sum is a chain the
            // processor cannot overlap (floating-point addition is not reordered for it),
            // eight are a vector.
            let mut lanes = [0f32; LANES];
            for (w, h) in self.w2[j].chunks_exact(LANES).zip(a.h1.chunks_exact(LANES)) {
                for k in 0..LANES {
                    lanes[k] += w[k] * h[k];
                }
            }
            let s = self.b2[j] + lanes.iter().sum::<f32>();
            a.z2[j] = s;
            a.h2[j] = relu(s);
        }
        let mut y = self.b3;
        for (w, h) in self.w3.iter().zip(&a.h2) {
            y += w * h;
        }
        a.logit = y;
    }

    /// The judging side's chance to win with inputs `x`.
    pub fn value(&self, x: &Input) -> f32 {
        let mut a = Activations::default();
        self.forward(x, &mut a);
        sigmoid(a.logit)
    }

    /// The number of weights.
    pub const fn len() -> usize {
        INPUTS * H1 + H1 + H2 * H1 + H2 + H2 + 1
    }

    /// Every weight in the file's order.
    pub fn weights(&self) -> impl Iterator<Item = f32> + '_ {
        self.w1
            .iter()
            .flatten()
            .chain(&self.b1)
            .chain(self.w2.iter().flatten())
            .chain(&self.b2)
            .chain(&self.w3)
            .chain(std::iter::once(&self.b3))
            .copied()
    }

    /// The network as its file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(20 + 4 * ValueNet::len());
        out.extend_from_slice(MAGIC);
        for n in [INPUTS, H1, H2] {
            out.extend_from_slice(&(n as u32).to_le_bytes());
        }
        for w in self.weights() {
            out.extend_from_slice(&w.to_le_bytes());
        }
        out
    }

    /// The network a file's bytes hold, or why they hold none of this program's.
    pub fn from_bytes(bytes: &[u8]) -> Result<ValueNet, NetError> {
        if bytes.len() < 20 || &bytes[..8] != MAGIC {
            return Err(NetError::NotANet);
        }
        let size =
            |k: usize| u32::from_le_bytes([bytes[k], bytes[k + 1], bytes[k + 2], bytes[k + 3]]);
        let (inputs, h1, h2) = (size(8), size(12), size(16));
        if (inputs as usize, h1 as usize, h2 as usize) != (INPUTS, H1, H2) {
            return Err(NetError::Sizes { inputs, h1, h2 });
        }
        let want = 20 + 4 * ValueNet::len();
        if bytes.len() != want {
            return Err(NetError::Length {
                len: bytes.len(),
                want,
            });
        }
        let mut values = bytes[20..].chunks_exact(4).enumerate().map(|(i, c)| {
            let w = f32::from_le_bytes([c[0], c[1], c[2], c[3]]);
            if w.is_finite() {
                Ok(w)
            } else {
                Err(NetError::NotFinite(i))
            }
        });
        let mut next = || values.next().unwrap_or(Err(NetError::NotANet));
        let mut net = ValueNet::zeros();
        for row in net.w1.iter_mut() {
            for w in row.iter_mut() {
                *w = next()?;
            }
        }
        for w in net.b1.iter_mut() {
            *w = next()?;
        }
        for row in net.w2.iter_mut() {
            for w in row.iter_mut() {
                *w = next()?;
            }
        }
        for w in net.b2.iter_mut() {
            *w = next()?;
        }
        for w in net.w3.iter_mut() {
            *w = next()?;
        }
        net.b3 = next()?;
        Ok(net)
    }
}
