package sqlite_test

import (
	"bytes"
	"path/filepath"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/sqlite"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

func TestDB_Settings(t *testing.T) {
	t.Parallel()
	db := MustOpenDB(t)
	got, err := db.Settings(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if got != trainer.DefaultSettings() {
		t.Errorf("Settings of a new kiosk = %+v; want the defaults %+v", got, trainer.DefaultSettings())
	}
	want := trainer.Settings{TraineeIdleTimeout: 15 * time.Minute, MaxSigninFailures: 7, LockoutDuration: 2 * time.Hour}
	if err := db.UpdateSettings(t.Context(), want); err != nil {
		t.Fatal(err)
	}
	if got, _ := db.Settings(t.Context()); got != want {
		t.Errorf("Settings after update = %+v; want %+v", got, want)
	}
	for _, bad := range []time.Duration{0, 30 * time.Second, 61 * time.Minute, 90 * time.Second} {
		st := trainer.DefaultSettings()
		st.TraineeIdleTimeout = bad
		err := db.UpdateSettings(t.Context(), st)
		if trainer.KindOf(err) != trainer.KindInvalid {
			t.Errorf("UpdateSettings(%v) = %v; want KindInvalid", bad, err)
		}
	}
}

func TestDB_SessionKey(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "trainer.db")
	db, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	k1, err := db.SessionKey(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if len(k1) != 64 {
		t.Errorf("len(SessionKey) = %d; want 64", len(k1))
	}
	db.Close()
	db, err = sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	k2, err := db.SessionKey(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(k1, k2) {
		t.Error("SessionKey changed across a restart")
	}
}
