#!/bin/bash
# What the systemd units' hardening leaves a process, tried without systemd: as root, in a private mount namespace,
# the repository read-only (ProtectSystem=strict over the code), a private /tmp (PrivateTmp) and DATA_DIR the one
# other place left writable, the API, worker and media processes are started as the units start them, all at once on
# a fresh PostgreSQL database (so two of them migrate it at the same moment), each must become ready, and each must
# exit 0 on SIGTERM. Needs PostgreSQL on 127.0.0.1:5432 (trust, as the tests use it) and Redis on 127.0.0.1:6379.
#   sudo bash deploy/try-hardened.sh
set -euo pipefail

if [ "${1:-}" != "--inside" ]; then
  ROOT=$(cd "$(dirname "$0")/.." && pwd)
  DB=yanbo_hardened_trial_$$
  PG=postgres://postgres@127.0.0.1:5432
  DATA=$(mktemp -d /var/tmp/yanbo-hardened-XXXXXX)
  PREFIX="yanbo-hardened-trial-$$:"
  cleanup() {
    psql "$PG/postgres" -qc "drop database if exists $DB" >/dev/null 2>&1 || true
    redis-cli --scan --pattern "$PREFIX*" | xargs -r redis-cli del >/dev/null || true
    rm -rf "$DATA"
  }
  trap cleanup EXIT
  psql "$PG/postgres" -qc "create database $DB"
  export ROOT DB PG DATA PREFIX
  unshare --mount --propagation private "$0" --inside
  exit $?
fi

mount --bind "$ROOT" "$ROOT" && mount -o remount,ro,bind "$ROOT"
mount -t tmpfs tmpfs /tmp
NODE="$ROOT/node_modules/.bin/node"
cd "$ROOT"
# What /etc/yanbo/yanbo.env holds (deploy/systemd/yanbo.env.example), on this machine's services.
export NODE_ENV=production ALLOW_SANDBOX=1 DATA_DIR="$DATA" SECRET_KEY=hardened-trial-key \
  DATABASE_URL="$PG/$DB" REDIS_URL=redis://127.0.0.1:6379 REDIS_PREFIX="$PREFIX" TRUST_PROXY=127.0.0.1 \
  INGEST=external TASK_WORKERS=off PUSH_DOMAIN=127.0.0.1:19350 PULL_DOMAIN=127.0.0.1:18080 \
  API_URL=http://127.0.0.1:18091 SHUTDOWN_GRACE_MS=10000 CONSOLE_DIR=/nonexistent

# Each unit's own Environment= lines and ExecStart.
PORT=18091 HOST=127.0.0.1 "$NODE" --max-semi-space-size=8 apps/server/src/main.ts >/tmp/api.log 2>&1 &
api=$!
WORKER_PORT=18082 HOST=127.0.0.1 "$NODE" --max-semi-space-size=8 apps/server/src/worker.ts >/tmp/worker.log 2>&1 &
worker=$!
MEDIA_PORT=18081 RTMP_PORT=19350 HOST=127.0.0.1 "$NODE" --max-semi-space-size=8 apps/server/src/media.ts >/tmp/media.log 2>&1 &
media=$!

status() { curl -s -o /dev/null -w '%{http_code}' "$1" || true; }
ready=no
for second in $(seq 1 120); do
  if [ "$(status http://127.0.0.1:18091/api/readyz)$(status http://127.0.0.1:18082/healthz)$(status http://127.0.0.1:18081/healthz)" = 200200200 ]; then
    ready=yes
    break
  fi
  sleep 1
done
echo "ready: $ready after ${second} s (API /api/readyz, worker and media /healthz)"
kill -TERM $api $worker $media
failed=0
for name in api worker media; do
  pid=${!name}
  if wait "$pid"; then echo "$name exited 0 on SIGTERM"; else echo "$name exited $?"; failed=1; fi
done
if grep -il 'EROFS\|read-only file system' /tmp/*.log; then failed=1; fi
if [ "$ready" != yes ] || [ $failed = 1 ]; then
  tail -n 20 /tmp/*.log
  exit 1
fi
