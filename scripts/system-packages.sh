#!/usr/bin/env bash
# Installs the Debian packages the suite and `npm run cluster` need when they are missing.
#   scripts/system-packages.sh chromium postgresql nginx
# Each name is checked by what it puts on the machine; only the missing ones are installed
# (apt-get, as root or through sudo). Exits non-zero when an install fails.
set -uo pipefail

present() {
  case "$1" in
    chromium) [ -x /usr/bin/chromium ] ;;
    postgresql) ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 ;;
    nginx) [ -x /usr/sbin/nginx ] || command -v nginx >/dev/null 2>&1 ;;
    *) dpkg -s "$1" >/dev/null 2>&1 ;;
  esac
}

missing=()
for pkg in "$@"; do present "$pkg" || missing+=("$pkg"); done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing system packages: ${missing[*]}"
SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null || {
  echo "apt-get install ${missing[*]} failed" >&2
  exit 1
}
