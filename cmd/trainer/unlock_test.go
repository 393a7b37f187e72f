package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/sqlite"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// lockedKiosk makes a kiosk database whose only administrator is locked
// everywhere (wrong passwords from three devices) and whose trainee is held
// on one tablet, and returns its path.
func lockedKiosk(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "kiosk.db")
	db, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	admin := &trainer.User{Name: "Ada Admin", SecretHash: "$test$"}
	if err := db.CreateFirstAdministrator(t.Context(), admin); err != nil {
		t.Fatal(err)
	}
	trainee := &trainer.User{Name: "Tia Trainee", Role: trainer.RoleTrainee, SecretHash: "$test$"}
	if err := db.CreateUser(t.Context(), trainee); err != nil {
		t.Fatal(err)
	}
	fail := func(u *trainer.User, device string, n int) {
		for range n {
			d, err := db.ReserveSigninAttempt(t.Context(), trainer.SigninAttempt{
				Account: trainer.UserAccount(u.ID), UserID: u.ID, Staff: !u.Role.UsesPIN(), Device: device})
			if err != nil {
				t.Fatal(err)
			}
			if d.Refused == nil {
				if _, err := db.FinishSigninAttempt(t.Context(), d.Attempt, false); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	for _, dev := range []string{"10.0.0.1", "10.0.0.2", "10.0.0.3"} {
		fail(admin, dev, trainer.DefaultMaxSigninFailures-1)
	}
	fail(trainee, "10.0.0.9", trainer.DefaultMaxSigninFailures)
	holds, err := db.ListSigninHolds(t.Context())
	if err != nil || len(holds) != 2 {
		t.Fatalf("holds before unlock: %v, %v; want the administrator's lock and the trainee's hold", holds, err)
	}
	return path
}

// holdsAndLifts reads the holds in force and the audit entries of liftings.
func holdsAndLifts(t *testing.T, path string) ([]*trainer.SigninHold, []string) {
	t.Helper()
	db, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	holds, err := db.ListSigninHolds(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	entries, err := db.ListAudit(t.Context(), sqlite.AuditFilter{})
	if err != nil {
		t.Fatal(err)
	}
	var lifts []string
	for _, e := range entries {
		if e.Action == trainer.AuditUserUnlocked {
			lifts = append(lifts, e.Subject+" by "+e.Actor+" "+e.Detail)
		}
	}
	return holds, lifts
}

func TestUnlock_Name(t *testing.T) {
	t.Parallel()
	path := lockedKiosk(t)
	var out bytes.Buffer
	if err := run(t.Context(), []string{"unlock", "-db", path, "ada", "admin"}, noEnv, nil, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), "unlocked Ada Admin\n  Ada Admin on every device (locked until ") {
		t.Errorf("output:\n%s", out.String())
	}
	holds, lifts := holdsAndLifts(t, path)
	if len(holds) != 1 || holds[0].Device != "10.0.0.9" {
		t.Errorf("holds after unlocking Ada Admin: %v; want only the trainee's", holds)
	}
	want := `user:1 by the machine's operator {"devices":[],"everywhere":true}`
	if len(lifts) != 1 || lifts[0] != want {
		t.Errorf("audit of the unlock: %q; want %q", lifts, want)
	}
}

func TestUnlock_All(t *testing.T) {
	t.Parallel()
	path := lockedKiosk(t)
	var out bytes.Buffer
	if err := run(t.Context(), []string{"unlock", "-db", path, "--all"}, noEnv, nil, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), "lifted every sign-in hold (2 in force)\n") || !strings.Contains(out.String(), "Tia Trainee on device 10.0.0.9") {
		t.Errorf("output:\n%s", out.String())
	}
	holds, lifts := holdsAndLifts(t, path)
	if len(holds) != 0 || len(lifts) != 2 {
		t.Errorf("after --all: holds %v, audit %q; want none, and an entry for each user", holds, lifts)
	}
	for _, l := range lifts {
		if !strings.Contains(l, " by the machine's operator ") {
			t.Errorf("audit entry %q; want the machine's operator as its actor", l)
		}
	}
}

func TestUnlock_BadArguments(t *testing.T) {
	t.Parallel()
	path := lockedKiosk(t)
	missing := filepath.Join(t.TempDir(), "none.db")
	tests := []struct {
		args   []string
		errHas string
	}{
		{[]string{"unlock", "-db", path}, "give the name of a user, or --all"},
		{[]string{"unlock", "-db", path, "--all", "Ada Admin"}, "give the name of a user, or --all (not both)"},
		{[]string{"unlock", "-db", path, "Nobody"}, `has no user named "Nobody"`},
		{[]string{"unlock", "-db", missing, "--all"}, "no kiosk database at " + missing},
	}
	for _, tt := range tests {
		err := run(t.Context(), tt.args, noEnv, nil, io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), tt.errHas) {
			t.Errorf("run(%q) = %v; want an error containing %q", tt.args, err, tt.errHas)
		}
	}
	if holds, _ := holdsAndLifts(t, path); len(holds) != 2 {
		t.Errorf("holds after refused commands: %v; want both still", holds)
	}
}

func TestRun_HelpListsUnlock(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	if err := run(t.Context(), []string{"help"}, noEnv, nil, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "  unlock ") {
		t.Errorf("help does not list unlock:\n%s", out.String())
	}
}

// TestUnlock_KeyedTrail: on a kiosk whose audit trail is keyed, the
// liftings are written with the key beside the database, so that the trail
// still verifies afterwards; without the key the command is refused rather
// than writing entries nobody could check.
func TestUnlock_KeyedTrail(t *testing.T) {
	t.Parallel()
	path := lockedKiosk(t)
	db, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	key, err := sqlite.CreateAuditKeyFile(sqlite.AuditKeyFile(path))
	if err == nil {
		err = db.KeyAuditLog(t.Context(), key, sqlite.AuditHeadFile(path)) // a new key, as at the first start
	}
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	if err := run(t.Context(), []string{"unlock", "-db", path, "--all"}, noEnv, nil, io.Discard, io.Discard); err != nil {
		t.Fatalf("unlock on a keyed kiosk: %v", err)
	}
	if out, err := verifyAudit(t, path); err != nil || !strings.HasPrefix(out, "OK: ") {
		t.Errorf("audit verify after unlock = %q, %v; want OK", out, err)
	}
	if err := os.Rename(sqlite.AuditKeyFile(path), path+".key-elsewhere"); err != nil {
		t.Fatal(err)
	}
	err = run(t.Context(), []string{"unlock", "-db", path, "--all"}, noEnv, nil, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "there is no key") {
		t.Errorf("unlock without the key = %v; want refused", err)
	}
}
