package sqlite_test

import (
	"path/filepath"
	"testing"

	"github.com/dealerkiosk/trainer/internal/sqlite"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestDB_SigninHoldsSurviveRestart checks that holds are in the file, not
// in memory: a kiosk restarted during a hold still refuses the account.
func TestDB_SigninHoldsSurviveRestart(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "trainer.db")
	db, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	u := mustCreateUser(t, db, "Ana Lee", trainer.RoleTrainee, "")
	for range trainer.DefaultMaxSigninFailures {
		fail(t, db, attempt(u, "10.0.0.7"))
	}
	db.Close()
	db, err = sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if d, _ := fail(t, db, attempt(u, "10.0.0.7")); d.Refused == nil {
		t.Error("after a restart the held account was not refused")
	}
}
