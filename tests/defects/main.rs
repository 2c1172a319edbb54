//! The small defects a new user met (issue 51), each with the test that failed before its
//! fix, in one test binary: the agents, matches and Oware's positions; the tools; the docs.

mod docs;
mod small;
mod tools;
