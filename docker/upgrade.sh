#!/usr/bin/env bash
# Upgrade (or roll back) a running compose stack to the app image it names now, with the API
# answering throughout (docs/deploy.md, "Upgrades"):
#
#   docker compose build                     # or pull; ARENA_IMAGE names another tag
#   docker/upgrade.sh [COMPOSE OPTIONS...]   # e.g. -f docker-compose.yml -f docker/compose.debian.yml
#
# 1. `migrate` once (`arena db upgrade && arena challenges sync`), while the old code serves:
#    a migration must leave the schema usable by the code before it ("expand then contract").
# 2. Each web replica in turn: one of the new image started beside the old ones and waited
#    for until healthy, then one old replica stopped (SIGTERM: gunicorn ends its requests).
# 3. The workers the same way (SIGTERM: a worker finishes its job first).
# A new container that exits, or is not healthy within ARENA_UPGRADE_WAIT seconds (300), is
# removed and the script stops, the old containers still serving. COMPOSE names Compose's command
# (default: `docker compose` where that plugin answers, else `docker-compose`, Debian's 1.29).
set -euo pipefail

if [ -n "${COMPOSE:-}" ]; then
    read -r -a compose <<<"$COMPOSE"
elif docker compose version >/dev/null 2>&1; then
    compose=(docker compose)
else
    compose=(docker-compose)
fi
compose+=("$@")
wait_seconds=${ARENA_UPGRADE_WAIT:-300}

say() { echo "upgrade: $*"; }

running() {  # the ids of a service's running containers, one a line
    local id
    for id in $("${compose[@]}" ps -q "$1"); do
        [ "$(docker inspect -f '{{.State.Running}}' "$id")" = true ] && echo "$id"
    done
    return 0
}

health() {  # healthy, starting, unhealthy; or the state of a container without a health check
    docker inspect -f '{{if .State.Health}}{{.State.Health.Status}}{{else}}{{.State.Status}}{{end}}' "$1"
}

replace() {  # replace a service's running containers one at a time, each new one healthy first
    local service=$1 grace=$2 old seen count id new waited
    old=$(running "$service")
    seen=$old
    count=$(echo "$old" | grep -c . || true)
    if [ "$count" = 0 ]; then
        say "$service: none running, nothing to replace"
        return
    fi
    for id in $old; do
        "${compose[@]}" up -d --no-deps --no-recreate --scale "$service=$((count + 1))" \
            "$service"
        new=$(running "$service" | grep -v -F -x -f <(echo "$seen") | head -n 1 || true)
        if [ -z "$new" ]; then
            say "$service: no new container started" >&2
            exit 1
        fi
        seen=$(printf '%s\n%s' "$seen" "$new")
        waited=0
        until [ "$(health "$new")" = healthy ] || [ "$(health "$new")" = running ]; do
            if [ "$waited" -ge "$wait_seconds" ] || [ "$(health "$new")" = unhealthy ] \
                    || [ "$(docker inspect -f '{{.RestartCount}}' "$new")" != 0 ]; then
                say "$service: the new container ${new:0:12} exited or is not healthy; removed," \
                    "the old ones still serve. Its last lines:" >&2
                docker logs --tail 20 "$new" >&2 || true
                docker rm -f "$new" >/dev/null
                exit 1
            fi
            sleep 2
            waited=$((waited + 2))
        done
        docker stop --time "$grace" "$id" >/dev/null
        docker rm "$id" >/dev/null
        say "$service: ${id:0:12} replaced by ${new:0:12}"
    done
}

say "migrating (the old code still serves)"
"${compose[@]}" run --rm -T migrate
replace web 30
replace worker 60
say "done: $("${compose[@]}" run --rm -T --no-deps migrate arena db current)"
