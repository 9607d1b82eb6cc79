#!/usr/bin/env bash
# A sweep as a Slurm job array on a one-node cluster started here: munged,
# slurmctld and slurmd on localhost (as root; Debian's slurm-wlm and munge),
# each with its own key, socket, ports and files in a temporary directory,
# and stopped at the end. Plan, `sbatch --array` (one task per array index,
# $SLURM_ARRAY_TASK_ID), merge; the merge must equal a single-process run.
#
# Usage: tests/slurm/sweep.sh QSPEC   (run by tests/sweep_parallel.rs)
set -euo pipefail
qspec=$(realpath "$1")
cd "$(dirname "$0")/../.."
model=$PWD/models/blocked-8x8.qspec
work=$(mktemp -d)
pids=()
cleanup() {
  for f in slurmd slurmctld munged; do
    [ -f "$work/$f.pid" ] && kill "$(cat "$work/$f.pid")" 2> /dev/null || true
  done
  rm -rf "$work"
}
trap cleanup EXIT

# Ports of our own, away from a real cluster's 6817/6818.
port=$((20000 + $$ % 20000))
host=$(hostname)
mkdir -p "$work/state" "$work/spool" "$work/results"
head -c 1024 /dev/urandom > "$work/munge.key"
chmod 400 "$work/munge.key"
/usr/sbin/munged --force --key-file="$work/munge.key" --socket="$work/munge.sock" \
  --pid-file="$work/munged.pid" --log-file="$work/munged.log" --seed-file="$work/munge.seed"
cat > "$work/slurm.conf" << CONF
ClusterName=qspectest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$work/munge.sock
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$work/slurm.conf
/usr/sbin/slurmctld -i
/usr/sbin/slurmd
for _ in $(seq 50); do
  sinfo -h -o %t 2> /dev/null | grep -q idle && break
  sleep 0.2
done

"$qspec" sweep "$model" --walls 3 --optimal-count-limit 2 > "$work/single.jsonl" 2> /dev/null
"$qspec" sweep plan "$model" --walls 3 --optimal-count-limit 2 --chunk 1024 > "$work/tasks.jsonl" 2> /dev/null
n=$(wc -l < "$work/tasks.jsonl")
sbatch --wait --quiet --array=0-$((n - 1)) --output="$work/slurm-%a.out" \
  --wrap "$qspec sweep run $work/tasks.jsonl --task \$SLURM_ARRAY_TASK_ID --out $work/results --jobs 1"
"$qspec" sweep merge --json "$work/single.jsonl" > "$work/want.json"
"$qspec" sweep merge --json "$work"/results/task-*.jsonl > "$work/got.json"
cmp "$work/want.json" "$work/got.json"
for ((i = 0; i < n; i++)); do cat "$work/results/task-$i.jsonl"; done | cmp - "$work/single.jsonl"
echo "slurm: $n array tasks merged equal to a single run"
