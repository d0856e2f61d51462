#!/bin/sh
# The app image's entrypoint: run the command as the user `arena`, never as root.
#
# The image starts as `arena` already, except for the grading worker, which docker-compose.yml
# starts as root for one reason: the Docker socket mounted into it belongs to a group whose
# number differs from host to host (`docker` on Debian, root elsewhere). Read it from the
# socket, add it to `arena`'s groups, and drop root before anything else runs.
set -eu
if [ "$(id -u)" = 0 ]; then
    groups=$(id -g arena)
    socket=${DOCKER_HOST:-unix:///var/run/docker.sock}
    socket=${socket#unix://}
    if [ -S "$socket" ]; then
        groups="$groups,$(stat -c %g "$socket")"
    fi
    exec setpriv --reuid=arena --regid=arena --groups="$groups" --bounding-set=-all \
        --no-new-privs -- "$@"
fi
exec "$@"
