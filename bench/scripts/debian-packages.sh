# Sourced by the bench scripts: install_missing PACKAGE... installs the Debian packages of the list
# that are not installed yet (apt-get as root, or through sudo), so that a script runs on a fresh
# machine; it prints what it installs on stderr and nothing when every package is there.
install_missing() {
  local missing=() p sudo=""
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "installing Debian packages: ${missing[*]}" >&2
  [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get -qq update >&2
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get -qq install -y --no-install-recommends "${missing[@]}" >&2
}
