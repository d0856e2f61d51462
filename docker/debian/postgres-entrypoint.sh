#!/bin/sh
# The entrypoint of the PostgreSQL image built from Debian's packages (build-bases.sh): the
# official postgres image's interface, as far as docker-compose.yml uses it. POSTGRES_USER,
# POSTGRES_PASSWORD and POSTGRES_DB make the first cluster in PGDATA (a volume); every start
# then runs the server in the foreground as the user postgres, listening on every address
# (password-checked: scram-sha-256), the container's own socket trusted.
set -eu
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
: "${PGDATA:=/var/lib/postgresql/data}"
user=${POSTGRES_USER:-postgres}
db=${POSTGRES_DB:-$user}
as_postgres() { setpriv --reuid=postgres --regid=postgres --init-groups -- "$@"; }

mkdir -p "$PGDATA" /run/postgresql
chown postgres:postgres "$PGDATA" /run/postgresql
chmod 700 "$PGDATA"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
    : "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD must be set to create the database}"
    pwfile=$(mktemp)
    printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"
    chown postgres "$pwfile"
    as_postgres "$bin/initdb" --pgdata="$PGDATA" --username="$user" --pwfile="$pwfile" \
        --encoding=UTF8 --locale=C.UTF-8 --auth-local=trust --auth-host=scram-sha-256 >/dev/null
    rm -f "$pwfile"
    echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
    if [ "$db" != postgres ]; then
        echo "CREATE DATABASE \"$db\" OWNER \"$user\";" \
            | as_postgres "$bin/postgres" --single -D "$PGDATA" postgres >/dev/null
    fi
    echo "created the database $db owned by $user in $PGDATA"
fi
exec setpriv --reuid=postgres --regid=postgres --init-groups -- "$bin/postgres" \
    -D "$PGDATA" -c listen_addresses='*' -c unix_socket_directories=/run/postgresql "$@"
