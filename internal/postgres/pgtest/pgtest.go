// Package pgtest gives tests a PostgreSQL database of their own: a new
// schema on the server TRAINER_TEST_POSTGRES names, dropped when the test
// ends. Without the variable the test is skipped, or fails on CI (CI=true),
// where .ci/run starts a server and sets it.
package pgtest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver
)

// EnvVar names the database URL the PostgreSQL tests run on.
const EnvVar = "TRAINER_TEST_POSTGRES"

// URL returns the URL of a new, empty schema on the test server, the only
// one on its search path, for tb alone; the schema is dropped when tb ends.
func URL(tb testing.TB) string {
	tb.Helper()
	base := os.Getenv(EnvVar)
	if base == "" {
		msg := EnvVar + " is not set: no PostgreSQL to test against (.ci/run starts one)"
		if os.Getenv("CI") == "true" {
			tb.Fatal(msg)
		}
		tb.Skip(msg)
	}
	u, err := url.Parse(base)
	if err != nil {
		tb.Fatalf("%s: %v", EnvVar, err)
	}
	b := make([]byte, 6)
	rand.Read(b)
	schema := "t_" + hex.EncodeToString(b)
	// One connection at a time, closed between the two statements: a
	// suite of parallel tests would otherwise hold one each on the server.
	exec := func(query string) error {
		admin, err := sql.Open("pgx", base)
		if err != nil {
			return err
		}
		defer admin.Close()
		_, err = admin.ExecContext(context.Background(), query)
		return err
	}
	if err := exec(`CREATE SCHEMA ` + schema); err != nil {
		tb.Fatalf("create a schema on %s: %v", EnvVar, err)
	}
	tb.Cleanup(func() {
		if err := exec(`DROP SCHEMA ` + schema + ` CASCADE`); err != nil {
			tb.Errorf("drop schema %s: %v", schema, err)
		}
	})
	q := u.Query()
	q.Set("search_path", schema) // pgx passes unknown keys as run-time parameters
	u.RawQuery = q.Encode()
	return u.String()
}

// Key is an audit key for a test's store.
func Key() []byte {
	k := make([]byte, 32)
	rand.Read(k)
	return k
}
