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
