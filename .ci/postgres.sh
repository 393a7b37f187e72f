# PostgreSQL for the group edition's tests (docs/group.md), sourced by
# .ci/run. start_postgres installs Debian's postgresql when it is missing,
# starts a cluster of its own on a data directory it creates, on a free port
# of 127.0.0.1 with its socket in that directory, creates a database, and
# exports TRAINER_TEST_POSTGRES; the cluster is stopped and its directory
# removed when the shell exits. To try it alone:
#
#   bash -c '. .ci/postgres.sh && start_postgres && psql "$TRAINER_TEST_POSTGRES" -c "SELECT version()"'

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

# pg_as runs a PostgreSQL program as the user that owns the cluster: initdb
# refuses to run as root, so root runs them as "postgres".
pg_as() {
	if [ "$(id -u)" -eq 0 ]; then
		runuser -u postgres -- "$@"
	else
		"$@"
	fi
}

# free_port prints a port of 127.0.0.1 nothing listens on.
free_port() {
	local p
	for p in $(seq 54320 54399); do
		if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
			echo "$p"
			return 0
		fi
	done
	echo "no free port between 54320 and 54399" >&2
	return 1
}

stop_postgres() {
	if [ -n "${PG_DATA:-}" ] && [ -d "$PG_DATA" ]; then
		pg_as "$(pg_bin)/pg_ctl" -D "$PG_DATA" stop -m fast >/dev/null 2>&1 || true
		rm -rf "$PG_DATA"
	fi
}

start_postgres() {
	if [ -z "$(pg_bin)" ]; then
		as_root apt-get update -qq
		as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql
	fi
	local bin port
	bin=$(pg_bin)
	port=$(free_port)
	PG_DATA=$(mktemp -d /tmp/trainer-pg.XXXXXX)
	trap stop_postgres EXIT
	if [ "$(id -u)" -eq 0 ]; then
		chown postgres: "$PG_DATA"
	fi
	pg_as "$bin/initdb" -D "$PG_DATA" -A trust -U postgres --no-sync >/dev/null
	pg_as "$bin/pg_ctl" -D "$PG_DATA" -l "$PG_DATA/log" -w \
		-o "-p $port -k $PG_DATA -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null
	pg_as "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres trainer_test
	export TRAINER_TEST_POSTGRES="postgres://postgres@127.0.0.1:$port/trainer_test?sslmode=disable"
	echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port (data in $PG_DATA)"
}
