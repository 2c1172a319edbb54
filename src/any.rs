//! The run-time choice of a ruleset, at its 0.3 path: [`games`](mod@crate::games).

#![allow(deprecated)]

pub use crate::games::{AnyRuleset, RulesetVisitor};
