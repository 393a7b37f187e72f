package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/postgres/pgtest"
	"github.com/dealerkiosk/trainer/migrations"
)

// startGroupKiosk runs `trainer serve -db url` with getenv until the test
// ends, and returns the URL of its "kiosk ready" line.
func startGroupKiosk(t *testing.T, getenv func(string) string, url string) string {
	t.Helper()
	ctx, cancel := context.WithCancel(t.Context())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		err := run(ctx, []string{"serve", "-addr", "127.0.0.1:0", "-db", url}, getenv, nil, io.Discard, pw)
		pw.Close()
		done <- err
	}()
	var u string
	sc := bufio.NewScanner(pr)
	for sc.Scan() {
		line := sc.Text()
		if _, rest, ok := strings.Cut(line, "url="); ok && strings.Contains(line, "kiosk ready") {
			if strings.Contains(line, "@") || strings.Contains(line, "postgres://") {
				t.Errorf("the ready line shows the database URL: %s", line)
			}
			u, _, _ = strings.Cut(rest, " ")
			break
		}
	}
	if u == "" {
		cancel()
		t.Fatalf("no \"kiosk ready\" line; run returned %v", <-done)
	}
	go io.Copy(io.Discard, pr)
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("the kiosk stopped with %v", err)
		}
	})
	return u
}

// TestServe_Postgres: two kiosk processes serve from one PostgreSQL database
// with the group's audit key, each healthy; `audit verify` checks the trail
// they share; `unlock` works on it; the commands for SQLite files say what
// to use instead; and a kiosk without the key does not start.
func TestServe_Postgres(t *testing.T) {
	t.Parallel()
	url := pgtest.URL(t)
	key := hex.EncodeToString(pgtest.Key())
	getenv := func(k string) string {
		if k == "TRAINER_AUDIT_KEY" {
			return key
		}
		return ""
	}
	for _, base := range []string{startGroupKiosk(t, getenv, url), startGroupKiosk(t, getenv, url)} {
		resp, err := http.Get(base + "/healthz")
		if err != nil {
			t.Fatal(err)
		}
		var h map[string]string
		json.NewDecoder(resp.Body).Decode(&h)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || h["schema"] != migrations.LastPostgres() {
			t.Errorf("GET %s/healthz = %d %v; want 200 and the last migration, %s", base, resp.StatusCode, h, migrations.LastPostgres())
		}
	}

	var out, errb bytes.Buffer
	if err := run(t.Context(), []string{"audit", "verify", "-db", url}, getenv, nil, &out, &errb); err != nil {
		t.Fatalf("audit verify: %v\n%s", err, out.String())
	}
	if !strings.HasPrefix(out.String(), "OK: ") || !strings.Contains(out.String(), "keyed: entries 1 to") {
		t.Errorf("audit verify said:\n%s", out.String())
	}

	out.Reset()
	if err := run(t.Context(), []string{"unlock", "-db", url, "--all"}, getenv, nil, &out, io.Discard); err != nil ||
		!strings.HasPrefix(out.String(), "lifted every sign-in hold") {
		t.Errorf("unlock --all = %v:\n%s", err, out.String())
	}
	// The group's log is keyed: there is nothing to accept.
	out.Reset()
	if err := run(t.Context(), []string{"audit", "accept", "-db", url, "-reason", "a test"}, getenv, nil, &out, io.Discard); err != nil ||
		!strings.Contains(out.String(), "Nothing to accept") {
		t.Errorf("audit accept on a keyed group = %v:\n%s; want nothing to accept", err, out.String())
	}
	err := run(t.Context(), []string{"backup", "-db", url, t.TempDir() + "/copy.db"}, getenv, nil, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "pg_dump") {
		t.Errorf("backup of a PostgreSQL database = %v; want a pointer to pg_dump", err)
	}
	err = run(t.Context(), []string{"serve", "-addr", "127.0.0.1:0", "-db", url}, noEnv, nil, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "TRAINER_AUDIT_KEY") {
		t.Errorf("serve without the audit key = %v; want refused, naming TRAINER_AUDIT_KEY", err)
	}
}
