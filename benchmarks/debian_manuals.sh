# Shared by the scripts that fetch Debian documentation manuals for the benchmarks (sourced, not run).
# fetch_manuals DIR WHAT ROW...: each ROW is "package=version  path-in-package  name-in-DIR  sha256";
# the pinned version is downloaded, else the current one, and the sha256 says whether the PDF is the
# one WHAT (e.g. "the questions were written on") refers to. A .gz path is unpacked.
fetch_manuals() {
  local dir="$1" what="$2"; shift 2
  local work row pkg path name sum
  work="$(mktemp -d)"
  mkdir -p "$dir"
  for row in "$@"; do
    read -r pkg path name sum <<<"$row"
    ls "$work/${pkg%%=*}"_*.deb >/dev/null 2>&1 || (cd "$work" && {
      apt-get download "$pkg" >/dev/null 2>&1 || apt-get download "${pkg%%=*}" >/dev/null 2>&1 \
        || { apt-get update >/dev/null && apt-get download "${pkg%%=*}" >/dev/null; }; })
    dpkg -x "$work/${pkg%%=*}"_*.deb "$work/x"
    case "$path" in
      *.gz) gunzip -c "$work/x/$path" > "$dir/$name" ;;
      *) cp "$work/x/$path" "$dir/$name" ;;
    esac
    echo "$sum  $dir/$name" | sha256sum -c --quiet \
      || echo "note: $name differs from the one $what ($pkg)" >&2
  done
  rm -rf "$work"
  ls "$dir"
}
