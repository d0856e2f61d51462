#!/usr/bin/env bash
# Build, from Debian's packages, the images docker-compose.yml would otherwise pull from a
# registry, for machines that reach none (CI): mmdebstrap makes a root file system and
# `docker import` turns it into an image, as graders/images/python/build-base.sh does for the
# sandbox. docker/compose.debian.yml selects them:
#
#   arena-debian-python:bookworm    python3 and venv       (the app's base, for python:3.12-slim)
#   arena-debian-node:trixie        nodejs and npm         (the bundle's build stage, node:22-slim)
#   arena-debian-postgres:bookworm  postgresql + an entrypoint with the official image's
#                                   POSTGRES_* interface    (postgres:16)
#   arena-debian-redis:bookworm     redis-server            (redis:7)
#   arena-debian-nginx:bookworm     nginx-light             (nginx:1.27)
#   arena-python-base:bookworm      python3 and NumPy      (the sandbox's base)
#
# An image is built only when missing or when its recipe (packages, hooks, settings, files
# copied in) changed: each carries the recipe's hash in the label arena.recipe. The builds run
# in parallel. Usage: docker/debian/build-bases.sh [--force]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
mirror="${ARENA_BASE_MIRROR:-http://deb.debian.org/debian}"
force=0
[ "${1:-}" = --force ] && force=1

dpkg_opts=(--dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-exclude=/usr/share/man/*'
           --dpkgopt='path-exclude=/usr/share/locale/*' --dpkgopt='path-exclude=/usr/share/info/*')

# The build bases fetch from PyPI and npm: they trust the certificate authorities this host
# added to its own (a TLS-inspecting proxy's, say), as the host's pip and npm do.
ca_dir="${ARENA_BASE_CA_DIR:-/usr/local/share/ca-certificates}"
trust_host_cas=()
if compgen -G "$ca_dir/*.crt" >/dev/null; then
    trust_host_cas=(--hook "sync-in $ca_dir /usr/local/share/ca-certificates"
                    --hook 'chroot "$1" update-ca-certificates >/dev/null 2>&1')
    for crt in "$ca_dir"/*.crt; do trust_host_cas+=(--file "$crt"); done
fi

# build TAG SUITE PACKAGES [--hook HOOK]... [--change CHANGE]... [--file FILE]...
# (a hook runs in this folder; --file names a file that a hook copies in, so that a change to
# it changes the recipe: relative to this folder, or absolute)
build() {
    local tag="$1" suite="$2" packages="$3"
    shift 3
    local hooks=() changes=() files=() recipe
    while [ $# -gt 0 ]; do
        case "$1" in
            --hook) hooks+=(--customize-hook="$2") ;;
            --change) changes+=(--change "$2") ;;
            --file) case "$2" in /*) files+=("$2") ;; *) files+=("$here/$2") ;; esac ;;
        esac
        shift 2
    done
    recipe="$(printf '%s\n' "$suite" "$packages" "${hooks[@]}" "${changes[@]}" "${dpkg_opts[@]}"
              [ ${#files[@]} = 0 ] || cat "${files[@]}")"
    recipe="$(printf '%s' "$recipe" | sha256sum | cut -c1-16)"
    if [ $force = 0 ] && [ "$(docker image inspect "$tag" \
            --format '{{index .Config.Labels "arena.recipe"}}' 2>/dev/null)" = "$recipe" ]; then
        echo "$tag is up to date"
        return
    fi
    echo "building $tag from Debian $suite: $packages"
    cd "$here"
    mmdebstrap --quiet --variant=minbase --include="$packages" "${dpkg_opts[@]}" "${hooks[@]}" \
        "$suite" - "$mirror" \
        | docker import --change "LABEL arena.recipe=$recipe" "${changes[@]}" - "$tag" >/dev/null
    echo "built $tag"
}

pids=()
build arena-debian-python:bookworm bookworm python3,python3-venv,ca-certificates \
    "${trust_host_cas[@]}" \
    --change 'ENV LANG=C.UTF-8 PIP_CERT=/etc/ssl/certs/ca-certificates.crt' \
    --change 'CMD ["python3"]' & pids+=($!)
build arena-debian-node:trixie trixie nodejs,npm,ca-certificates "${trust_host_cas[@]}" \
    --change 'ENV LANG=C.UTF-8 NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
    --change 'CMD ["node"]' & pids+=($!)
build arena-debian-postgres:bookworm bookworm postgresql \
    --hook 'rm -rf "$1"/etc/postgresql/*/main "$1"/var/lib/postgresql/*/main' \
    --file postgres-entrypoint.sh --hook 'copy-in postgres-entrypoint.sh /usr/local/bin' \
    --hook 'chmod 755 "$1/usr/local/bin/postgres-entrypoint.sh"' \
    --change 'ENV LANG=C.UTF-8 PGDATA=/var/lib/postgresql/data' \
    --change 'VOLUME /var/lib/postgresql/data' \
    --change 'ENTRYPOINT ["/usr/local/bin/postgres-entrypoint.sh"]' & pids+=($!)
build arena-debian-redis:bookworm bookworm redis-server \
    --hook 'mkdir -p "$1/data" && chroot "$1" chown redis:redis /data' \
    --change 'USER redis' --change 'WORKDIR /data' --change 'VOLUME /data' \
    --change 'CMD ["redis-server", "--protected-mode", "no"]' & pids+=($!)
build arena-debian-nginx:bookworm bookworm nginx-light \
    --hook 'rm -f "$1/etc/nginx/sites-enabled/default"' \
    --change 'CMD ["nginx", "-g", "daemon off;"]' & pids+=($!)
"$here/../../graders/images/python/build-base.sh" arena-python-base:bookworm & pids+=($!)

failed=0
for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
exit $failed
