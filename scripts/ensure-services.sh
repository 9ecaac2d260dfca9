#!/usr/bin/env bash
# Starts the machine's PostgreSQL when it is stopped and installs Debian's Chromium and Dovecot (the IMAP
# server the email tests start in a temporary folder) when they are missing: what the test suite needs on a
# brand-new machine.
set -euo pipefail

if ! pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
  echo "Starting PostgreSQL…"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql)" main start || true
  for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
fi
pg_isready -h 127.0.0.1 -p 5432

if ! redis-cli -h 127.0.0.1 ping >/dev/null 2>&1; then
  echo "Starting Redis…"
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/ci.log || true
fi

if [ ! -x /usr/bin/chromium ]; then
  echo "Installing Chromium…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium fonts-noto-core >/dev/null
fi

if [ ! -x /usr/sbin/dovecot ]; then
  echo "Installing Dovecot (IMAP server for the email tests)…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  # The package's own service is not wanted: each test run starts a Dovecot of its own.
  apt-get install -y -qq dovecot-imapd >/dev/null
  (service dovecot stop || true) >/dev/null 2>&1
fi
