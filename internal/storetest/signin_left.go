package storetest

import (
	"fmt"
	"testing"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestDB_ReserveSigninAttempt_Left: each decision says how many wrong
// entries the account has left on its device before a hold, counting the
// attempt as wrong; a right one gives its count back; many accounts tried
// from one device leave fewer, the device's limit coming first (issue 15:
// the keypad's "2 tries left").
func testReserveSigninAttempt_Left(t *testing.T, open Opener) {
	t.Parallel()
	t.Run("Pair", func(t *testing.T) {
		db := open(t)
		newClock(db)
		u := mustCreateUser(t, db, "Ana Lee", trainer.RoleTrainee, "")
		for i := 1; i <= trainer.DefaultMaxSigninFailures; i++ {
			d, _ := fail(t, db, attempt(u, "10.0.0.7"))
			if want := trainer.DefaultMaxSigninFailures - i; d.Left != want {
				t.Errorf("failure %d: Left = %d; want %d", i, d.Left, want)
			}
		}
		if d, _ := fail(t, db, attempt(u, "10.0.0.8")); d.Left != trainer.DefaultMaxSigninFailures-1 {
			t.Errorf("first failure on another device: Left = %d; want %d", d.Left, trainer.DefaultMaxSigninFailures-1)
		}
	})
	t.Run("RightGivesBack", func(t *testing.T) {
		db := open(t)
		newClock(db)
		u := mustCreateUser(t, db, "Bo Chan", trainer.RoleTrainee, "")
		fail(t, db, attempt(u, "10.0.0.7"))
		d, err := db.ReserveSigninAttempt(t.Context(), attempt(u, "10.0.0.7"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.FinishSigninAttempt(t.Context(), d.Attempt, true); err != nil {
			t.Fatal(err)
		}
		if d, _ := fail(t, db, attempt(u, "10.0.0.7")); d.Left != trainer.DefaultMaxSigninFailures-1 {
			t.Errorf("after a right PIN: Left = %d; want %d", d.Left, trainer.DefaultMaxSigninFailures-1)
		}
	})
	t.Run("Device", func(t *testing.T) {
		db := open(t)
		newClock(db)
		// Names of nobody's, each tried once, fill the device's count.
		for i := range trainer.DeviceMaxFailures - 2 {
			fail(t, db, trainer.SigninAttempt{Account: trainer.NameAccount(fmt.Sprintf("Guess %d", i)), Staff: true, Device: "10.0.0.9"})
		}
		d, _ := fail(t, db, trainer.SigninAttempt{Account: trainer.NameAccount("Guess again"), Staff: true, Device: "10.0.0.9"})
		if d.Left != 1 {
			t.Errorf("one wrong entry before the device's limit: Left = %d; want 1", d.Left)
		}
	})
}
