package storetest

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// attempt is a sign-in attempt at user u's account from device.
func attempt(u *trainer.User, device string) trainer.SigninAttempt {
	return trainer.SigninAttempt{Account: trainer.UserAccount(u.ID), UserID: u.ID, Staff: !u.Role.UsesPIN(), Device: device}
}

// fail reserves attempt a and finishes it as a wrong PIN or password; it
// returns the decision and the holds the failure started.
func fail(t *testing.T, db Store, a trainer.SigninAttempt) (trainer.SigninDecision, []*trainer.SigninHold) {
	t.Helper()
	d, err := db.ReserveSigninAttempt(t.Context(), a)
	if err != nil {
		t.Fatal(err)
	}
	if d.Refused != nil {
		return d, nil
	}
	started, err := db.FinishSigninAttempt(t.Context(), d.Attempt, false)
	if err != nil {
		t.Fatal(err)
	}
	return d, started
}

func testReserveSigninAttempt(t *testing.T, open Opener) {
	t.Parallel()

	t.Run("PairHold", func(t *testing.T) {
		db := open(t)
		clock := newClock(db)
		u := mustCreateUser(t, db, "Ana Lee", trainer.RoleTrainee, "")
		for i := 1; i < trainer.DefaultMaxSigninFailures; i++ {
			if d, started := fail(t, db, attempt(u, "10.0.0.7")); d.Refused != nil || len(started) != 0 {
				t.Fatalf("failure %d: refused %+v, started %+v; want neither", i, d.Refused, started)
			}
			clock.Advance(time.Minute)
		}
		d, started := fail(t, db, attempt(u, "10.0.0.7"))
		if d.Refused != nil || len(started) != 1 {
			t.Fatalf("failure %d: refused %+v, started %v; want one hold started", trainer.DefaultMaxSigninFailures, d.Refused, started)
		}
		h := started[0]
		want := clock.Now().Add(trainer.DefaultLockoutDuration)
		if h.Scope != trainer.HoldPair || h.UserID != u.ID || h.Device != "10.0.0.7" || !h.Until.Equal(want) || h.Strike != 1 || h.Failures != 5 {
			t.Errorf("hold = %+v; want Ana Lee on 10.0.0.7 until %v, strike 1, 5 failures", h, want)
		}
		// Refused on that device, counted nowhere; another device is free.
		if d, _ := fail(t, db, attempt(u, "10.0.0.7")); d.Refused == nil || d.Refused.ID != h.ID || d.Attempt != 0 {
			t.Errorf("attempt while held: %+v; want refused by hold %d, not counted", d, h.ID)
		}
		if d, _ := fail(t, db, attempt(u, "10.0.0.8")); d.Refused != nil {
			t.Errorf("attempt from another device refused by %+v", d.Refused)
		}
		holds, err := db.ListSigninHolds(t.Context())
		if err != nil || len(holds) != 1 || holds[0].ID != h.ID {
			t.Errorf("ListSigninHolds = %v, %v; want Ana Lee's hold", holds, err)
		}
		// The hold ends by itself; the next within a day is twice as long.
		clock.Advance(trainer.DefaultLockoutDuration)
		if holds, _ := db.ListSigninHolds(t.Context()); len(holds) != 0 {
			t.Errorf("ListSigninHolds after the hold = %v; want none", holds)
		}
		for range trainer.DefaultMaxSigninFailures {
			_, started = fail(t, db, attempt(u, "10.0.0.7"))
		}
		if len(started) != 1 || started[0].Strike != 2 || !started[0].Until.Equal(clock.Now().Add(2*trainer.DefaultLockoutDuration)) {
			t.Errorf("second hold = %v; want strike 2 for 30 minutes", started)
		}
	})

	t.Run("Window", func(t *testing.T) {
		// Failures spread wider than the window never hold.
		db := open(t)
		clock := newClock(db)
		u := mustCreateUser(t, db, "Bo Chan", trainer.RoleTrainee, "")
		for i := range 3 * trainer.DefaultMaxSigninFailures {
			if d, started := fail(t, db, attempt(u, "10.0.0.7")); d.Refused != nil || len(started) != 0 {
				t.Fatalf("failure %d, 4 minutes apart: refused %+v, started %v; want neither", i+1, d.Refused, started)
			}
			clock.Advance(4 * time.Minute)
		}
	})

	t.Run("SuccessTakesBack", func(t *testing.T) {
		// A right PIN takes back its account's wrong entries on its
		// device, and a hold its own count started.
		db := open(t)
		newClock(db)
		u := mustCreateUser(t, db, "Cy Dean", trainer.RoleTrainee, "")
		for range trainer.DefaultMaxSigninFailures - 1 {
			fail(t, db, attempt(u, "10.0.0.7"))
		}
		d, err := db.ReserveSigninAttempt(t.Context(), attempt(u, "10.0.0.7"))
		if err != nil || len(d.Started) != 1 {
			t.Fatalf("fifth attempt: %+v, %v; want it to start a hold", d, err)
		}
		if started, err := db.FinishSigninAttempt(t.Context(), d.Attempt, true); err != nil || started != nil {
			t.Fatalf("FinishSigninAttempt(ok) = %v, %v", started, err)
		}
		if holds, _ := db.ListSigninHolds(t.Context()); len(holds) != 0 {
			t.Errorf("holds after the right PIN: %v; want none", holds)
		}
		for i := 1; i < trainer.DefaultMaxSigninFailures; i++ {
			if _, started := fail(t, db, attempt(u, "10.0.0.7")); len(started) != 0 {
				t.Fatalf("failure %d after the right PIN started %v; the count starts again", i, started)
			}
		}
	})

	t.Run("SeveralDevicesLockEverywhere", func(t *testing.T) {
		db := open(t)
		clock := newClock(db)
		u := mustCreateUser(t, db, "Di Eve", trainer.RoleManager, "")
		var started []*trainer.SigninHold
		for _, dev := range []string{"10.0.0.1", "10.0.0.2", "10.0.0.3"} {
			for range trainer.DefaultMaxSigninFailures - 1 {
				d, s := fail(t, db, attempt(u, dev))
				if d.Refused != nil {
					break
				}
				started = append(started, s...)
			}
		}
		if len(started) != 1 || started[0].Scope != trainer.HoldAccount || started[0].Device != "" || !started[0].Staff {
			t.Fatalf("holds started = %v; want one lock of the account everywhere", started)
		}
		if d, _ := fail(t, db, attempt(u, "10.0.0.4")); d.Refused == nil || d.Refused.Scope != trainer.HoldAccount {
			t.Errorf("a fourth device: refused by %+v; want the lock everywhere", d.Refused)
		}
		// The lock is audited, by the kiosk.
		entries, err := db.ListAudit(t.Context(), trainer.AuditFilter{SubjectPrefix: trainer.UserSubject(u.ID)})
		if err != nil {
			t.Fatal(err)
		}
		if e := entries[0]; e.Action != trainer.AuditUserLocked || e.Actor != "kiosk" || !strings.Contains(e.Detail, `"strike":1`) {
			t.Errorf("last audit entry of the user = %+v; want user.locked by kiosk", e)
		}
		// Staff locks grow to an hour, no more.
		last := started[0]
		for _, want := range []time.Duration{30 * time.Minute, time.Hour, time.Hour} {
			clock.Advance(last.Until.Sub(clock.Now()) + time.Minute) // just past the last lock
			var lock *trainer.SigninHold
			for _, dev := range []string{"10.0.0.1", "10.0.0.2", "10.0.0.3"} {
				for range trainer.DefaultMaxSigninFailures - 1 {
					_, s := fail(t, db, attempt(u, dev))
					for _, h := range s {
						if h.Scope == trainer.HoldAccount {
							lock = h
						}
					}
				}
			}
			if lock == nil || lock.Until.Sub(lock.StartedAt) != want {
				t.Fatalf("repeat lock = %+v; want one of %v", lock, want)
			}
			last = lock
		}
	})

	t.Run("DeviceHold", func(t *testing.T) {
		db := open(t)
		newClock(db)
		var started []*trainer.SigninHold
		for i := range trainer.DeviceMaxFailures {
			a := trainer.SigninAttempt{Account: trainer.NameAccount("Guess " + string(rune('A'+i))), Staff: true, Device: "10.0.0.9"}
			_, s := fail(t, db, a)
			started = append(started, s...)
		}
		if len(started) != 1 || started[0].Scope != trainer.HoldDevice || started[0].Until.Sub(started[0].StartedAt) != trainer.DeviceHoldFirst {
			t.Fatalf("holds started = %v; want the device held for %v", started, trainer.DeviceHoldFirst)
		}
		u := mustCreateUser(t, db, "Ed Fox", trainer.RoleTrainee, "")
		if d, _ := fail(t, db, attempt(u, "10.0.0.9")); d.Refused == nil || d.Refused.Scope != trainer.HoldDevice {
			t.Errorf("another account from the held device: refused by %+v; want the device's hold", d.Refused)
		}
	})

	t.Run("Concurrent", func(t *testing.T) {
		// 100 reservations at once: exactly 5 get through.
		db := open(t)
		newClock(db)
		u := mustCreateUser(t, db, "Fay Gale", trainer.RoleTrainee, "")
		var mu sync.Mutex
		through := 0
		var wg sync.WaitGroup
		for range 100 {
			wg.Go(func() {
				d, err := db.ReserveSigninAttempt(t.Context(), attempt(u, "10.0.0.7"))
				if err != nil {
					t.Error(err)
					return
				}
				if d.Refused == nil {
					mu.Lock()
					through++
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		if through != trainer.DefaultMaxSigninFailures {
			t.Errorf("%d of 100 concurrent attempts got through; want %d", through, trainer.DefaultMaxSigninFailures)
		}
	})
}

func testUnlock(t *testing.T, open Opener) {
	t.Parallel()
	db := open(t)
	clock := newClock(db)
	u := mustCreateUser(t, db, "Ana Lee", trainer.RoleTrainee, "")
	holdOn := func(dev string) {
		t.Helper()
		for range trainer.DefaultMaxSigninFailures {
			fail(t, db, attempt(u, dev))
		}
	}
	holdOn("10.0.0.7")
	holdOn("10.0.0.8")
	admin := mustCreateUser(t, db, "Ada Admin", trainer.RoleAdministrator, "")
	lifted, err := db.Unlock(trainer.WithActor(t.Context(), admin), u.ID)
	if err != nil || len(lifted) != 2 {
		t.Fatalf("Unlock = %v, %v; want the two holds", lifted, err)
	}
	entries, err := db.ListAudit(t.Context(), trainer.AuditFilter{SubjectPrefix: trainer.UserSubject(u.ID)})
	if err != nil {
		t.Fatal(err)
	}
	if e := entries[0]; e.Action != trainer.AuditUserUnlocked || e.Actor != "Ada Admin" || e.Detail != `{"devices":["10.0.0.7","10.0.0.8"],"everywhere":false}` &&
		e.Detail != `{"devices":["10.0.0.8","10.0.0.7"],"everywhere":false}` {
		t.Errorf("audit entry = %+v; want user.unlocked by Ada Admin naming both devices", e)
	}
	if holds, _ := db.ListSigninHolds(t.Context()); len(holds) != 0 {
		t.Errorf("holds after Unlock: %v", holds)
	}
	// An unlock forgets past holds: the next is a first one again.
	clock.Advance(time.Minute)
	holdOn("10.0.0.7")
	if holds, _ := db.ListSigninHolds(t.Context()); len(holds) != 1 || holds[0].Strike != 1 {
		t.Errorf("hold after an unlock = %v; want strike 1", holds)
	}
	if _, err := db.Unlock(t.Context(), 999); trainer.KindOf(err) != trainer.KindNotFound {
		t.Errorf("Unlock of a missing user = %v; want KindNotFound", err)
	}
	if _, err := db.LiftSigninHold(t.Context(), 999); trainer.KindOf(err) != trainer.KindNotFound {
		t.Errorf("LiftSigninHold of a missing hold = %v; want KindNotFound", err)
	}
}
