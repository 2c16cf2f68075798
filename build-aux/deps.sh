# deps.sh: sourced by build-aux/run and build-aux/test. Installs the Debian 12
# packages Weft needs when they are missing (needs root for that; as another user
# it only says what is missing).

WEFT_BUILD_PACKAGES="meson ninja-build pkg-config gcc gettext
  libglib2.0-dev libgtk-4-dev libadwaita-1-dev libjson-glib-dev libxml2-dev libhdf5-dev
  libcairo2-dev libpango1.0-dev
  desktop-file-utils appstream shared-mime-info hicolor-icon-theme adwaita-icon-theme
  fonts-dejavu-core"

# What the tests run besides the build: clang with its sanitizer and libFuzzer
# runtimes and llvm-symbolizer (llvm); xvfb-run (xvfb, xauth), dbus-run-session
# (dbus) and xdotool for the UI tests; xmllint (libxml2-utils), h5dump
# (hdf5-tools), pdftoppm (poppler-utils), json_pp (perl), glib-compile-schemas
# (libglib2.0-bin), xgettext (gettext), desktop-file-validate, appstreamcli and
# update-mime-database (above); gdk-pixbuf's SVG loader (librsvg2-common).
WEFT_TEST_PACKAGES="$WEFT_BUILD_PACKAGES
  clang libclang-rt-14-dev llvm
  xvfb xauth dbus xdotool
  libxml2-utils hdf5-tools poppler-utils perl libglib2.0-bin librsvg2-common"

weft_install_packages () {
  missing=""
  for p in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
      missing="$missing $p"
    fi
  done
  [ -z "$missing" ] && return 0

  if [ "$(id -u)" != 0 ]; then
    echo "Weft needs these Debian packages:$missing" >&2
    echo "Install them as root (apt-get install$missing) and run this again." >&2
    exit 1
  fi

  echo "Installing:$missing"
  export DEBIAN_FRONTEND=noninteractive
  if ! apt-get install -y --no-install-recommends $missing; then
    apt-get update
    apt-get install -y --no-install-recommends $missing
  fi
}

# meson setup, or reconfigure when the folder already holds a build.
weft_meson_setup () {
  dir=$1
  shift
  if [ -f "$dir/build.ninja" ]; then
    meson setup --reconfigure "$dir" "$@"
  else
    rm -rf "$dir"
    meson setup "$dir" "$@"
  fi
}
