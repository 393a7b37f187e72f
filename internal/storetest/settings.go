package storetest

import (
	"strings"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

func testSettings(t *testing.T, open Opener) {
	t.Parallel()
	db := open(t)
	got, err := db.Settings(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if got != trainer.DefaultSettings() {
		t.Errorf("Settings of a new kiosk = %+v; want the defaults %+v", got, trainer.DefaultSettings())
	}
	want := trainer.Settings{TraineeIdleTimeout: 15 * time.Minute, StaffIdleTimeout: 30 * time.Minute, MaxSigninFailures: 7, LockoutDuration: 2 * time.Hour}
	if err := db.UpdateSettings(t.Context(), want); err != nil {
		t.Fatal(err)
	}
	if got, _ := db.Settings(t.Context()); got != want {
		t.Errorf("Settings after update = %+v; want %+v", got, want)
	}
	// The change is audited with every setting that changed; saving the
	// same settings again changes nothing and adds no entry.
	if err := db.UpdateSettings(t.Context(), want); err != nil {
		t.Fatal(err)
	}
	es, err := db.ListAudit(t.Context(), trainer.AuditFilter{SubjectPrefix: "settings"})
	if err != nil {
		t.Fatal(err)
	}
	const detail = `{"lockout_minutes":{"new":120,"old":15},"max_signin_failures":{"new":7,"old":5},"staff_idle_timeout_minutes":{"new":30,"old":15},"trainee_idle_timeout_minutes":{"new":15,"old":5}}`
	if len(es) != 1 || es[0].Action != trainer.AuditSettingsChanged || es[0].Detail != detail {
		t.Errorf("settings audit entries: %d, first %+v; want one with %s", len(es), es, detail)
	}
	for _, bad := range []time.Duration{0, 30 * time.Second, 61 * time.Minute, 90 * time.Second} {
		st := trainer.DefaultSettings()
		st.TraineeIdleTimeout = bad
		err := db.UpdateSettings(t.Context(), st)
		if trainer.KindOf(err) != trainer.KindInvalid {
			t.Errorf("UpdateSettings(%v) = %v; want KindInvalid", bad, err)
		}
	}
	for _, bad := range []time.Duration{0, 30 * time.Second, 121 * time.Minute, 90 * time.Second} {
		st := trainer.DefaultSettings()
		st.StaffIdleTimeout = bad
		err := db.UpdateSettings(t.Context(), st)
		if trainer.KindOf(err) != trainer.KindInvalid || !strings.Contains(err.Error(), "from 1 to 120") {
			t.Errorf("UpdateSettings(staff %v) = %v; want KindInvalid, 1 to 120", bad, err)
		}
	}
}
