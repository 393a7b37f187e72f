package main

import (
	"bytes"
	"database/sql"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/sqlite"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// auditDB makes a kiosk database with six audit entries and returns its path.
func auditDB(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "kiosk.db")
	db, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	admin := &trainer.User{Name: "Ada Admin", SecretHash: "$test$"}
	if err := db.CreateFirstAdministrator(t.Context(), admin); err != nil {
		t.Fatal(err)
	}
	ctx := trainer.WithActor(t.Context(), admin)
	for i := range 5 {
		st := trainer.DefaultSettings()
		st.TraineeIdleTimeout = time.Duration(i+2) * time.Minute
		if err := db.UpdateSettings(ctx, st); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// tamper runs SQL on the file as someone with the file would.
func tamper(t *testing.T, path string, stmts ...string) {
	t.Helper()
	raw, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	for _, s := range stmts {
		if _, err := raw.Exec(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

func verifyAudit(t *testing.T, path string) (string, error) {
	t.Helper()
	var out bytes.Buffer
	err := run(t.Context(), []string{"audit", "verify", "-db", path}, noEnv, nil, &out, io.Discard)
	return out.String(), err
}

var okLine = regexp.MustCompile(`^OK: 6 entries, head entry 6, hash [0-9a-f]{64}\n$`)

func TestAuditVerify(t *testing.T) {
	t.Parallel()
	t.Run("OK", func(t *testing.T) {
		path := auditDB(t)
		before, _ := os.ReadFile(path)
		out, err := verifyAudit(t, path)
		if err != nil || !okLine.MatchString(out) {
			t.Fatalf("verify = %q, %v; want OK with 6 entries and the head hash", out, err)
		}
		after, _ := os.ReadFile(path)
		if !bytes.Equal(before, after) {
			t.Error("verify changed the database file")
		}
	})
	t.Run("Updated", func(t *testing.T) {
		path := auditDB(t)
		tamper(t, path, `DROP TRIGGER audit_log_no_update`,
			`UPDATE audit_log SET actor = 'Someone Else' WHERE seq = 3`)
		out, err := verifyAudit(t, path)
		var ec exitCode
		if !errors.As(err, &ec) || ec.code != 1 || !strings.Contains(err.Error(), "at entry 3") {
			t.Errorf("verify after an UPDATE = %v; want exit status 1 naming entry 3", err)
		}
		if !strings.HasPrefix(out, "BROKEN: entry 3: its content does not match its hash") || !strings.Contains(out, "2 entries before it are intact") {
			t.Errorf("verify printed %q", out)
		}
	})
	t.Run("Deleted", func(t *testing.T) {
		path := auditDB(t)
		tamper(t, path, `DROP TRIGGER audit_log_no_delete`, `DELETE FROM audit_log WHERE seq = 4`)
		out, err := verifyAudit(t, path)
		if err == nil || !strings.Contains(err.Error(), "at entry 5") || !strings.HasPrefix(out, "BROKEN: entry 5: entries 4 to 4 before it are missing") {
			t.Errorf("verify after a DELETE = %q, %v; want entry 5 named", out, err)
		}
	})
	t.Run("TailDeleted", func(t *testing.T) {
		path := auditDB(t)
		full, err := verifyAudit(t, path)
		if err != nil {
			t.Fatal(err)
		}
		tamper(t, path, `DROP TRIGGER audit_log_no_delete`, `DELETE FROM audit_log WHERE seq = 6`)
		out, err := verifyAudit(t, path)
		// The documented limit: the chain is intact; only the head hash,
		// compared with the one written down, shows the cut.
		if err != nil || !strings.HasPrefix(out, "OK: 5 entries, head entry 5") || out[strings.LastIndex(out, " ")+1:] == full[strings.LastIndex(full, " ")+1:] {
			t.Errorf("after cutting the last entry: %q, %v (before: %q)", out, err, full)
		}
	})
	t.Run("NoFile", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "missing.db")
		_, err := verifyAudit(t, path)
		if err == nil || !strings.Contains(err.Error(), path) {
			t.Errorf("verify of a missing file = %v; want an error naming it", err)
		}
		if _, serr := os.Stat(path); serr == nil {
			t.Error("verify created the missing database file")
		}
	})
	t.Run("Usage", func(t *testing.T) {
		if err := run(t.Context(), []string{"audit"}, noEnv, nil, io.Discard, io.Discard); err == nil {
			t.Error("audit with no command succeeded")
		}
		if err := run(t.Context(), []string{"audit", "verify", "extra"}, noEnv, nil, io.Discard, io.Discard); err == nil {
			t.Error("audit verify with an extra argument succeeded")
		}
	})
}
