package sqlite_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/sqlite"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

func TestDB_RecordSigninFailure(t *testing.T) {
	t.Parallel()

	t.Run("OK", func(t *testing.T) {
		db := MustOpenDB(t)
		clock := newClock(db)
		u := mustCreateUser(t, db, "Ana Lee", trainer.RoleTrainee, "")
		for i := 1; i < trainer.DefaultMaxSigninFailures; i++ {
			l, err := db.RecordSigninFailure(t.Context(), u.ID, "10.0.0.7")
			if err != nil || l != nil {
				t.Fatalf("failure %d: lock %+v, %v; want no lock yet", i, l, err)
			}
			clock.Advance(time.Minute)
		}
		if _, err := db.SigninLockout(t.Context(), u.ID); trainer.KindOf(err) != trainer.KindNotFound {
			t.Fatalf("SigninLockout before the limit = %v; want KindNotFound", err)
		}
		l, err := db.RecordSigninFailure(t.Context(), u.ID, "10.0.0.9")
		if err != nil || l == nil {
			t.Fatalf("failure %d: lock %v, %v; want a lock", trainer.DefaultMaxSigninFailures, l, err)
		}
		want := clock.Now().Add(trainer.DefaultLockoutDuration)
		if !l.Until.Equal(want) || l.Strike != 1 || l.Failures != 5 || l.Address != "10.0.0.9" {
			t.Errorf("lock = %+v; want until %v, strike 1, 5 failures, from 10.0.0.9", l, want)
		}
		got, err := db.SigninLockout(t.Context(), u.ID)
		if err != nil || !got.Until.Equal(want) {
			t.Errorf("SigninLockout = %+v, %v; want the lock until %v", got, err, want)
		}
		list, err := db.ListLockouts(t.Context())
		if err != nil || len(list) != 1 || list[u.ID] == nil {
			t.Errorf("ListLockouts = %v, %v; want Ana Lee's lock", list, err)
		}

		// The lock ends by itself.
		clock.Advance(trainer.DefaultLockoutDuration)
		if _, err := db.SigninLockout(t.Context(), u.ID); trainer.KindOf(err) != trainer.KindNotFound {
			t.Errorf("SigninLockout after the lockout = %v; want KindNotFound", err)
		}
		if list, _ := db.ListLockouts(t.Context()); len(list) != 0 {
			t.Errorf("ListLockouts after the lockout = %v; want none", list)
		}

		// Another run of failures within a day: a repeat, twice as long.
		clock.Advance(time.Hour)
		for range trainer.DefaultMaxSigninFailures {
			l, err = db.RecordSigninFailure(t.Context(), u.ID, "10.0.0.9")
			if err != nil {
				t.Fatal(err)
			}
		}
		if l == nil || l.Strike != 2 || !l.Until.Equal(clock.Now().Add(2*trainer.DefaultLockoutDuration)) {
			t.Errorf("second lock = %+v; want strike 2 for 30 minutes", l)
		}
	})

	t.Run("Window", func(t *testing.T) {
		// Failures spread wider than the window never lock.
		db := MustOpenDB(t)
		clock := newClock(db)
		u := mustCreateUser(t, db, "Bo Chan", trainer.RoleTrainee, "")
		for i := range 3 * trainer.DefaultMaxSigninFailures {
			l, err := db.RecordSigninFailure(t.Context(), u.ID, "10.0.0.7")
			if err != nil || l != nil {
				t.Fatalf("failure %d, 4 minutes apart: lock %+v, %v; want none", i+1, l, err)
			}
			clock.Advance(4 * time.Minute)
		}
	})

	t.Run("SigninClearsTheCount", func(t *testing.T) {
		db := MustOpenDB(t)
		newClock(db)
		u := mustCreateUser(t, db, "Cy Dean", trainer.RoleTrainee, "")
		for range trainer.DefaultMaxSigninFailures - 1 {
			if _, err := db.RecordSigninFailure(t.Context(), u.ID, "10.0.0.7"); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := db.CreateSession(t.Context(), u.ID, ""); err != nil {
			t.Fatal(err)
		}
		if l, err := db.RecordSigninFailure(t.Context(), u.ID, "10.0.0.7"); err != nil || l != nil {
			t.Errorf("a failure after a sign-in: lock %+v, %v; want none", l, err)
		}
	})

	t.Run("Settings", func(t *testing.T) {
		db := MustOpenDB(t)
		clock := newClock(db)
		st := trainer.DefaultSettings()
		st.MaxSigninFailures, st.LockoutDuration = 3, time.Hour
		if err := db.UpdateSettings(t.Context(), st); err != nil {
			t.Fatal(err)
		}
		u := mustCreateUser(t, db, "Di Eve", trainer.RoleManager, "")
		var l *trainer.Lockout
		for range 3 {
			var err error
			if l, err = db.RecordSigninFailure(t.Context(), u.ID, "10.0.0.7"); err != nil {
				t.Fatal(err)
			}
		}
		if l == nil || !l.Until.Equal(clock.Now().Add(time.Hour)) {
			t.Errorf("lock after 3 failures with the limit at 3 = %+v; want one for an hour", l)
		}
	})

	t.Run("ErrNotFound", func(t *testing.T) {
		db := MustOpenDB(t)
		_, err := db.RecordSigninFailure(t.Context(), 999, "10.0.0.7")
		if trainer.KindOf(err) != trainer.KindNotFound {
			t.Errorf("RecordSigninFailure of a missing user = %v; want KindNotFound", err)
		}
	})
}

func TestDB_Unlock(t *testing.T) {
	t.Parallel()
	db := MustOpenDB(t)
	clock := newClock(db)
	u := mustCreateUser(t, db, "Ana Lee", trainer.RoleTrainee, "")
	lock := func() *trainer.Lockout {
		t.Helper()
		var l *trainer.Lockout
		for range trainer.DefaultMaxSigninFailures {
			var err error
			if l, err = db.RecordSigninFailure(t.Context(), u.ID, "10.0.0.7"); err != nil {
				t.Fatal(err)
			}
		}
		return l
	}
	if l := lock(); l == nil {
		t.Fatal("no lock")
	}
	admin := mustCreateUser(t, db, "Ada Admin", trainer.RoleAdministrator, "")
	if err := db.Unlock(trainer.WithActor(t.Context(), admin), u.ID); err != nil {
		t.Fatal(err)
	}
	// The lock and its lifting are in the audit log, the lifting with the
	// administrator who did it.
	entries, err := db.ListAudit(t.Context(), sqlite.AuditFilter{SubjectPrefix: trainer.UserSubject(u.ID)})
	if err != nil {
		t.Fatal(err)
	}
	var actions []string
	for _, e := range entries {
		if e.Action == trainer.AuditUserLocked || e.Action == trainer.AuditUserUnlocked {
			actions = append(actions, e.Action+" by "+e.Actor)
		}
	}
	if got, want := strings.Join(actions, ", "), "user.unlocked by Ada Admin, user.locked by kiosk"; got != want {
		t.Errorf("audit entries of the user: %s; want %s", got, want)
	}
	if _, err := db.SigninLockout(t.Context(), u.ID); trainer.KindOf(err) != trainer.KindNotFound {
		t.Errorf("SigninLockout after Unlock = %v; want KindNotFound", err)
	}
	// An unlock forgets past lockouts: the next is a first one again.
	clock.Advance(time.Minute)
	if l := lock(); l == nil || l.Strike != 1 {
		t.Errorf("lock after an unlock = %+v; want strike 1", l)
	}
	if err := db.Unlock(t.Context(), 999); trainer.KindOf(err) != trainer.KindNotFound {
		t.Errorf("Unlock of a missing user = %v; want KindNotFound", err)
	}
}

// TestDB_LockoutSurvivesRestart checks that a lock is in the file, not in
// memory: a kiosk restarted during a lockout still refuses the account.
func TestDB_LockoutSurvivesRestart(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "trainer.db")
	db, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	u := mustCreateUser(t, db, "Ana Lee", trainer.RoleTrainee, "")
	for range trainer.DefaultMaxSigninFailures {
		if _, err := db.RecordSigninFailure(t.Context(), u.ID, "10.0.0.7"); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	db, err = sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.SigninLockout(t.Context(), u.ID); err != nil {
		t.Errorf("SigninLockout after a restart = %v; want the lock", err)
	}
}
