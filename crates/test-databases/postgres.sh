#!/usr/bin/env bash
# Starts a throw-away PostgreSQL server for the tests, on 127.0.0.1:PORT, in
# a new temporary directory, and prints its URL (user `kiela`, no password,
# database `postgres`) on stdout. A watchdog stops the server and removes
# the directory once process WATCHED_PID (the test binary) has exited.
#
# Usage: tests/support/postgres.sh PORT WATCHED_PID
# Exit status 3: PostgreSQL is not installed.
set -euo pipefail
port=$1
watched=$2

# Debian keeps the server programs out of PATH, one directory per version.
bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$bindir" ] && command -v initdb >/dev/null 2>&1; then
  bindir=$(dirname "$(command -v initdb)")
fi
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ] || [ ! -x "$bindir/pg_ctl" ]; then
  echo "PostgreSQL is not installed (no initdb found): install the \`postgresql\` package" \
    "(apt-get install -y postgresql; .ci/run does it), or set KIELA_TEST_POSTGRES_URL" \
    "to a server the tests may create databases on" >&2
  exit 3
fi

dir=$(mktemp -d /tmp/kiela-pg.XXXXXX)
# initdb refuses to run as root: the server then belongs to `postgres`.
as_owner=()
if [ "$(id -u)" = 0 ]; then
  if ! id postgres >/dev/null 2>&1; then
    echo "running as root, and there is no \`postgres\` user to run the test server as" >&2
    exit 1
  fi
  chown postgres "$dir"
  as_owner=(runuser -u postgres --)
fi

if ! "${as_owner[@]}" "$bindir/initdb" -D "$dir/data" -U kiela --auth=trust --no-sync \
  --encoding=UTF8 --locale=C >"$dir/initdb.log" 2>&1; then
  cat "$dir/initdb.log" >&2
  exit 1
fi
# Durability is not tested here: skip the disk flushes (unless a benchmark
# sets KIELA_TEST_POSTGRES_DURABLE=1 to measure as in production).
flushes="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
if [ "${KIELA_TEST_POSTGRES_DURABLE:-}" = 1 ]; then flushes=""; fi
if ! "${as_owner[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
  -o "-h 127.0.0.1 -p $port -k $dir $flushes -c max_connections=300" \
  start >&2; then
  cat "$dir/server.log" >&2
  exit 1
fi

# Detached, with no handle on our stdout/stderr, so the caller sees EOF now.
setsid nohup bash -c '
  while kill -0 "$0" 2>/dev/null; do sleep 1; done
  '"${as_owner[*]}"' "$1/pg_ctl" -D "$2/data" -m immediate stop
  rm -rf "$2"
' "$watched" "$bindir" "$dir" </dev/null >/dev/null 2>&1 &

echo "postgres://kiela@127.0.0.1:$port/postgres"
