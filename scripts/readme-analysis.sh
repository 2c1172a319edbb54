#!/usr/bin/env bash
# Writes the README's analysis sample: the fourth game of the federation's book analysed by
# the `analyze` tool at the README's settings (depth 8, the default deeper check), the first
# lines of its annotated record and the summary, between the README's markers
# `<!-- readme-analysis -->` and `<!-- /readme-analysis -->`. `cargo test --test analysis
# the_readme_analysis_sample_is_the_tools` fails when the README's sample is not what the tool
# prints, so that it cannot go stale: run this script after a change to the analysis, the
# search or a network.
#
#   bash scripts/readme-analysis.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --quiet --release --example analyze
work=target/analysis
mkdir -p "$work"
# The settings the test uses too (tests/analysis.rs, README_SAMPLE_*).
target/release/examples/analyze tests/data/toguz/federation-2016-2018.pgn --game 4 \
    --depth 8 --jobs 1 --quiet --out "$work/readme.pgn" > "$work/readme.txt"
{
    echo '<!-- readme-analysis -->'
    echo '```text'
    # The annotated record's first five lines of moves.
    awk 'moves && n < 5 { print; n++ } /^$/ { moves = 1 }' "$work/readme.pgn"
    echo
    # The summary: the table, without the line with the time taken.
    awk '/^player / { table = 1 } table' "$work/readme.txt"
    echo '```'
    echo '<!-- /readme-analysis -->'
} > "$work/readme-sample.md"
awk -v sample="$work/readme-sample.md" '
    /^<!-- readme-analysis -->$/ { while ((getline line < sample) > 0) print line; skip = 1; next }
    /^<!-- \/readme-analysis -->$/ { skip = 0; next }
    !skip' README.md > "$work/README.md"
mv "$work/README.md" README.md
echo "README.md: the analysis sample of federation game 4 at depth 8"
