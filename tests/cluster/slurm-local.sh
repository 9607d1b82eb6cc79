#!/usr/bin/env bash
# A one-node Slurm cluster on localhost, for the sweep tests and for trying
# `sbatch --array` before a real cluster: munge, slurmctld and slurmd as
# root, every file under DIR (default /tmp/qspec-slurm). Needs
# `apt-get install slurm-wlm munge`. Up in about a second.
#
#   tests/cluster/slurm-local.sh start [DIR]   # then: export SLURM_CONF=DIR/slurm.conf
#   tests/cluster/slurm-local.sh stop [DIR]
set -euo pipefail
ACTION=${1:-start}
DIR=${2:-/tmp/qspec-slurm}
# The daemons listen on Slurm's fixed ports: a second cluster on this host
# would find the first answering there and run its jobs on it.
# (Exited daemons not yet reaped, state Z, are not running.)
daemons() { pgrep -d ' ' -r R,S,D,T '^slurm(ctld|d)$'; }
running() { daemons >/dev/null; }
if [ "$ACTION" = stop ]; then
  for daemon in slurmd slurmctld; do
    [ -f "$DIR/$daemon.pid" ] && kill "$(cat "$DIR/$daemon.pid")" 2>/dev/null || true
  done
  # Gone before the ports are asked for again.
  for _ in $(seq 50); do
    running || exit 0
    sleep 0.2
  done
  exit 0
fi
[ "$ACTION" = start ] || { echo "usage: $0 start|stop [DIR]" >&2; exit 2; }
if running; then
  echo "a Slurm is already running on this host (pids $(daemons)); stop it first" >&2
  exit 1
fi
mkdir -p "$DIR"/{state,spool,log} /run/munge
chown munge:munge /run/munge 2>/dev/null || true
pgrep -x munged >/dev/null || runuser -u munge -- /usr/sbin/munged --force || /usr/sbin/munged --force
HOST=$(hostname -s)
CPUS=$(nproc)
cat > "$DIR/slurm.conf" <<CONF
ClusterName=qspec
SlurmctldHost=$HOST
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$DIR/state
SlurmdSpoolDir=$DIR/spool
SlurmctldPidFile=$DIR/slurmctld.pid
SlurmdPidFile=$DIR/slurmd.pid
SlurmctldLogFile=$DIR/log/slurmctld.log
SlurmdLogFile=$DIR/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
NodeName=$HOST CPUs=$CPUS State=UNKNOWN
PartitionName=local Nodes=$HOST Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$DIR/slurm.conf"
/usr/sbin/slurmctld -f "$SLURM_CONF"
/usr/sbin/slurmd -f "$SLURM_CONF"
for _ in $(seq 50); do
  sinfo -h -o %T 2>/dev/null | grep -qE '^(idle|mixed|allocated)' && exit 0
  sleep 0.2
done
echo "slurm did not come up; see $DIR/log" >&2
exit 1
