#!/usr/bin/env bash
# Starts the machine's PostgreSQL when it is stopped and installs Debian's Chromium, Dovecot (the IMAP
# server the email tests start in a temporary folder) and the telephony parts (Kamailio, rtpengine, baresip)
# when they are missing: what the test suite needs on a brand-new machine.
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

if [ ! -x /usr/sbin/kamailio ] || [ ! -x /usr/bin/rtpengine ] || [ ! -x /usr/bin/baresip ] ||
  [ ! -f /usr/lib/x86_64-linux-gnu/kamailio/modules/auth_ephemeral.so ]; then
  echo "Installing Kamailio, rtpengine and baresip (phone calls: SIP server, media relay, scripted test phone)…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq kamailio kamailio-websocket-modules kamailio-autheph-modules rtpengine-daemon \
    baresip-core >/dev/null
  # The packages' own services are not wanted: Sapa and the tests start their own on ports of their own.
  (service kamailio stop || true) >/dev/null 2>&1
  (service rtpengine-daemon stop || true) >/dev/null 2>&1
fi

if [ ! -x /usr/sbin/dovecot ]; then
  echo "Installing Dovecot (IMAP server for the email tests)…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  # The package's own service is not wanted: each test run starts a Dovecot of its own.
  apt-get install -y -qq dovecot-imapd >/dev/null
  (service dovecot stop || true) >/dev/null 2>&1
fi
