#!/usr/bin/env bash
# The README's promise tried as a new user would: a brand-new minimal
# Debian 12 root (mmdebstrap --variant=minbase: apt and bash, no compiler,
# no Node, no git), the project copied in as `git archive` output, then
# scripts/play.sh and scripts/test.sh run inside as root, installing from
# Debian (and npm) whatever they need. Too slow for scripts/test.sh (it
# builds and tests everything once more, from nothing): a manual and
# release step, see docs/testing.md. Needs root, mmdebstrap and the mirror.
#   tests/fresh/run.sh [WORK_DIR] [COMMIT]   (default: build/fresh, HEAD)
# The root stays in WORK_DIR/root for a look afterwards (the next run
# deletes it); /proc, /sys and /dev are always unmounted from it on the way
# out. The last lines of WORK_DIR/fresh.log are the suite's summary.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
work=${1:-$repo/build/fresh}
commit=${2:-HEAD}
[ "$(id -u)" -eq 0 ] || { echo "tests/fresh/run.sh needs root (chroot, mounts)" >&2; exit 2; }
command -v mmdebstrap >/dev/null || { echo "needs mmdebstrap (apt-get install mmdebstrap)" >&2; exit 2; }
mkdir -p "$work"
work=$(cd "$work" && pwd)
root=$work/root
log=$work/fresh.log

mounted=()
unmount_all() {
  local i
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
    umount "${mounted[i]}" 2>/dev/null || umount -l "${mounted[i]}" || echo "could not unmount ${mounted[i]}" >&2
  done
  mounted=()
}
trap unmount_all EXIT
trap 'exit 130' INT TERM
# A root left mounted by a killed run must not be deleted through its mounts.
for m in dev/pts dev/shm dev sys proc; do
  if mountpoint -q "$root/$m" 2>/dev/null; then umount -l "$root/$m"; fi
done
rm -rf "$root"

start=$SECONDS
echo "== $(date -u +%FT%TZ) fresh Debian 12 root in $root (load: $(cut -d' ' -f1-3 /proc/loadavg))" | tee "$log"
mmdebstrap --variant=minbase --quiet bookworm "$root" >>"$log" 2>&1
echo "root made in $((SECONDS - start))s" | tee -a "$log"
cp /etc/resolv.conf "$root/etc/resolv.conf"
# A network that intercepts TLS (ours does, on the way to npm's registry)
# signs with a certificate authority of its own, which this machine trusts
# from /usr/local/share/ca-certificates. It belongs to the network, not to
# the machine under test: it goes into the root's same folder, where the
# ca-certificates package that scripts/play.sh installs adds it to the
# system's store, which Debian's node and npm read. On a network that does
# not intercept TLS the folder is empty and nothing is copied.
if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
  mkdir -p "$root/usr/local/share/ca-certificates"
  cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/"
  echo "the network's own certificate authorities: $(cd /usr/local/share/ca-certificates && echo *.crt)" | tee -a "$log"
fi
git -C "$repo" archive --format=tar --prefix=libtablegames/ "$commit" | tar -x -C "$root/root"
echo "project: git archive of $(git -C "$repo" rev-parse --short "$commit")" | tee -a "$log"

mount -t proc proc "$root/proc" && mounted+=("$root/proc")
mount --bind /sys "$root/sys" && mounted+=("$root/sys")
mount --bind /dev "$root/dev" && mounted+=("$root/dev")
mount --bind /dev/pts "$root/dev/pts" && mounted+=("$root/dev/pts")
mount --bind /dev/shm "$root/dev/shm" && mounted+=("$root/dev/shm")

# As root, with a clean environment: nothing of this machine's PATH (a
# newer Node, pyenv) reaches inside.
inside() {
  chroot "$root" /usr/bin/env -i HOME=/root TERM=dumb LANG=C.UTF-8 \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    TG_JOBS="${TG_JOBS:-2}" /bin/bash -c "cd /root/libtablegames && $1"
}
status=0
t=$SECONDS
echo "== scripts/play.sh" | tee -a "$log"
inside 'scripts/play.sh' >>"$log" 2>&1 || status=$?
echo "scripts/play.sh: status $status, $((SECONDS - t))s" | tee -a "$log"
if [ "$status" -eq 0 ]; then
  t=$SECONDS
  echo "== scripts/test.sh" | tee -a "$log"
  # Which node the suite starts with: none until scripts/test.sh installs Debian's.
  inside 'node --version 2>/dev/null || echo "no node yet"; scripts/test.sh' >>"$log" 2>&1 || status=$?
  echo "scripts/test.sh: status $status, $((SECONDS - t))s" | tee -a "$log"
  grep -E '^(v[0-9]+\.|[a-z0-9-]+ +(ok|FAILED|started)|[0-9]+ passed|failed:)' "$log" | tail -n 60
fi
echo "== fresh root: status $status, $((SECONDS - start))s in all (load: $(cut -d' ' -f1-3 /proc/loadavg))" | tee -a "$log"
exit "$status"
