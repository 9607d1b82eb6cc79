#!/usr/bin/env bash
# The long run of the fuzzer (tests/suite/fuzz.rs): many more mutated models and
# corrupted answers than `cargo test` runs, in a release build.
#   bench/fuzz.sh [MODEL_CASES] [ANSWER_CASES] [SEED]
set -euo pipefail
cd "$(dirname "$0")/.."
export QSPEC_FUZZ_CASES="${1:-200000}"
export QSPEC_FUZZ_ANSWER_CASES="${2:-50000}"
export QSPEC_FUZZ_SEED="${3:-$(date +%s)}"
echo "fuzzing: $QSPEC_FUZZ_CASES models, $QSPEC_FUZZ_ANSWER_CASES answers, seed $QSPEC_FUZZ_SEED"
start=$(date +%s)
cargo test --release --test suite -- --include-ignored --nocapture fuzz:: 2>&1 | grep -E '^fuzz:|panicked|failed|test result'
echo "took $(( $(date +%s) - start )) s"
