//! A set of models, a bit a model by its id (`m1` the lowest): the models a kill, an area
//! attack or a card has marked, the scenario's key models. The set operations are those of
//! every set of the game ([`crate::bit_set`]).

use super::action::ModelId;
use super::bit_set::bit_set;

/// A set of models (at most 64 ids; a scenario fields at most
/// [`crate::scenario::MAX_MODELS`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(transparent)]
pub struct ModelSet(u64);

bit_set! {
    ModelSet of ModelId, iterated by Models,
    index: |model| model.index(),
    item: |i| ModelId(i as u8),
}

#[cfg(test)]
mod tests {
    use super::ModelSet;
    use crate::action::ModelId;

    #[test]
    fn a_set_of_models_by_id() {
        let mut set: ModelSet = [ModelId(4), ModelId(0)].into_iter().collect();
        assert_eq!(set.bits(), 0b1_0001);
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![ModelId(0), ModelId(4)]);
        assert!(set.contains(ModelId(4)) && !set.contains(ModelId(1)));
        set.remove(ModelId(0));
        set.insert(ModelId(47));
        assert_eq!(set.first(), Some(ModelId(4)));
        assert_eq!(set.count(), 2);
        assert_eq!(format!("{set:?}"), "ModelSet{m5, m48}");
        assert_eq!(
            set & ModelSet::single(ModelId(47)),
            ModelSet::from(ModelId(47))
        );
    }
}
