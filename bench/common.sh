# Sourced by the bench scripts (after `cd` to the repository): the qspec
# under test and a wall clock.
#   QSPEC=path   the qspec to measure (default: this tree's release build,
#                built now)

if [ -z "${QSPEC:-}" ]; then
  cargo build --release --quiet
  QSPEC=target/release/qspec
fi

# The time now, in seconds.
now() { date +%s.%N; }

# Seconds since `$1` (a `now`), two decimals.
since() { awk -v a="$(now)" -v b="$1" 'BEGIN { printf "%.2f", a - b }'; }

# A benchmark that times an answer checks it too: when ACTUAL is not
# EXPECTED, this says so and stops the whole script (also from inside a
# $(...) cell), exit status 1.
#   expect LABEL EXPECTED ACTUAL
expect() {
  if [ "$2" != "$3" ]; then
    echo "error: $1: expected $2, got $3" >&2
    kill -TERM $$ 2>/dev/null
    exit 1
  fi
}
