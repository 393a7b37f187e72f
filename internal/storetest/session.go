package storetest

import (
	"context"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

func testSession(t *testing.T, open Opener) {
	t.Parallel()
	db := open(t)
	clk := newClock(db)
	ana := mustCreateUser(t, db, "Ana", trainer.RoleTrainee, "")
	max := mustCreateUser(t, db, "Max", trainer.RoleManager, "")

	auth := func(token string) (*trainer.Session, trainer.EndReason, error) {
		t.Helper()
		return db.AuthenticateSession(t.Context(), token)
	}

	t.Run("TraineeIdle", func(t *testing.T) {
		token, err := db.CreateSession(t.Context(), ana.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		// Activity just inside the timeout keeps the session alive.
		for range 3 {
			clk.Advance(trainer.DefaultTraineeIdleTimeout - time.Second)
			s, end, err := auth(token)
			if err != nil || end != trainer.SessionLive || s.User.ID != ana.ID {
				t.Fatalf("AuthenticateSession after %v idle = %v, %v, %v; want live session of Ana",
					trainer.DefaultTraineeIdleTimeout-time.Second, s, end, err)
			}
		}
		clk.Advance(trainer.DefaultTraineeIdleTimeout)
		if _, end, err := auth(token); err != nil || end != trainer.SessionIdle {
			t.Fatalf("AuthenticateSession after the timeout = %v, %v; want SessionIdle", end, err)
		}
		if _, _, err := auth(token); trainer.KindOf(err) != trainer.KindUnauthorized {
			t.Errorf("AuthenticateSession of an ended session = %v; want KindUnauthorized", err)
		}
	})

	t.Run("DeferredTouch", func(t *testing.T) {
		// A request made with DeferTouch's context sends its session's
		// touch with its next statement, or writes it when it ends: either
		// way the activity keeps the session alive, as a touch of its own.
		token, err := db.CreateSession(t.Context(), ana.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		request := func(what string, work func(ctx context.Context), flush bool) {
			t.Helper()
			clk.Advance(trainer.DefaultTraineeIdleTimeout - time.Second)
			ctx, touch := db.DeferTouch(t.Context())
			if _, end, err := db.AuthenticateSession(ctx, token); err != nil || end != trainer.SessionLive {
				t.Fatalf("%s: AuthenticateSession = %v, %v; want a live session", what, end, err)
			}
			work(ctx)
			if flush {
				touch()
			}
		}
		request("carried by a write", func(ctx context.Context) {
			if _, err := db.CreateSession(ctx, max.ID, ""); err != nil {
				t.Fatal(err)
			}
		}, false)
		request("with a read", func(ctx context.Context) {
			if _, err := db.FindPracticeSession(ctx, 0, ana.ID); trainer.KindOf(err) != trainer.KindNotFound {
				t.Fatalf("FindPracticeSession of none = %v; want KindNotFound", err)
			}
		}, true)
		request("written at the end", func(context.Context) {}, true)
		// A touch written late never moves the time back over a later one.
		clk.Advance(2 * time.Second)
		ctx, late := db.DeferTouch(t.Context())
		if _, end, err := db.AuthenticateSession(ctx, token); err != nil || end != trainer.SessionLive {
			t.Fatalf("AuthenticateSession = %v, %v; want a live session", end, err)
		}
		clk.Advance(2 * time.Second) // a later request, touched at once
		if _, end, err := auth(token); err != nil || end != trainer.SessionLive {
			t.Fatalf("AuthenticateSession = %v, %v; want a live session", end, err)
		}
		late()
		clk.Advance(trainer.DefaultTraineeIdleTimeout - time.Second)
		if _, end, err := auth(token); err != nil || end != trainer.SessionLive {
			t.Fatalf("AuthenticateSession after a late touch = %v, %v; want a live session", end, err)
		}
		clk.Advance(trainer.DefaultTraineeIdleTimeout)
		if _, end, err := auth(token); err != nil || end != trainer.SessionIdle {
			t.Fatalf("AuthenticateSession after the timeout = %v, %v; want SessionIdle", end, err)
		}

		// A long request (an event stream) whose first check had nothing to
		// touch checks again minutes later (its heartbeat): that touch is
		// written at once, not left to the end of a request still open.
		token, err = db.CreateSession(t.Context(), ana.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		stream, end := db.DeferTouch(t.Context())
		defer end()
		if _, st, err := db.AuthenticateSession(stream, token); err != nil || st != trainer.SessionLive {
			t.Fatalf("the stream's first check = %v, %v; want a live session", st, err)
		}
		clk.Advance(trainer.DefaultTraineeIdleTimeout - time.Second)
		if _, st, err := db.AuthenticateSession(stream, token); err != nil || st != trainer.SessionLive {
			t.Fatalf("the stream's heartbeat = %v, %v; want a live session", st, err)
		}
		clk.Advance(trainer.DefaultTraineeIdleTimeout - time.Second)
		if _, st, err := auth(token); err != nil || st != trainer.SessionLive {
			t.Fatalf("after the stream's heartbeat kept it = %v, %v; want a live session", st, err)
		}
	})

	t.Run("IdleTimeoutSetting", func(t *testing.T) {
		st := trainer.DefaultSettings()
		st.TraineeIdleTimeout = 2 * time.Minute
		if err := db.UpdateSettings(t.Context(), st); err != nil {
			t.Fatal(err)
		}
		defer db.UpdateSettings(t.Context(), trainer.DefaultSettings())
		token, err := db.CreateSession(t.Context(), ana.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		clk.Advance(2 * time.Minute)
		if _, end, err := auth(token); err != nil || end != trainer.SessionIdle {
			t.Errorf("AuthenticateSession after 2 min with a 2 min timeout = %v, %v; want SessionIdle", end, err)
		}
	})

	t.Run("StaffIdleThenExpires", func(t *testing.T) {
		token, err := db.CreateSession(t.Context(), max.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		// A manager active every 14 minutes stays signed in until the
		// session's lifetime; 15 minutes without a request end it.
		for range int(trainer.SessionLifetime / (14 * time.Minute)) {
			clk.Advance(14 * time.Minute)
			if s, end, err := auth(token); err != nil || end != trainer.SessionLive || s.IdleTimeout != trainer.DefaultStaffIdleTimeout {
				t.Fatalf("manager after 14 min idle = %v, %v; want live with the staff's timeout", end, err)
			}
		}
		clk.Advance(14 * time.Minute)
		if _, end, err := auth(token); err != nil || end != trainer.SessionExpired {
			t.Errorf("manager after the lifetime = %v, %v; want SessionExpired", end, err)
		}
		token, err = db.CreateSession(t.Context(), max.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		clk.Advance(trainer.DefaultStaffIdleTimeout)
		if _, end, err := auth(token); err != nil || end != trainer.SessionStaffIdle {
			t.Errorf("manager after 15 min idle = %v, %v; want SessionStaffIdle", end, err)
		}
	})

	t.Run("Rotation", func(t *testing.T) {
		old, err := db.CreateSession(t.Context(), ana.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		token, err := db.CreateSession(t.Context(), max.ID, old)
		if err != nil {
			t.Fatal(err)
		}
		if token == old {
			t.Fatal("CreateSession reused the old token")
		}
		if _, _, err := auth(old); trainer.KindOf(err) != trainer.KindUnauthorized {
			t.Errorf("replaced session: %v; want KindUnauthorized", err)
		}
		if s, end, err := auth(token); err != nil || end != trainer.SessionLive || s.User.ID != max.ID {
			t.Errorf("new session = %v, %v, %v; want Max's, live", s, end, err)
		}
	})

	t.Run("SignOut", func(t *testing.T) {
		token, err := db.CreateSession(t.Context(), ana.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		if err := db.DeleteSession(t.Context(), token); err != nil {
			t.Fatal(err)
		}
		if _, _, err := auth(token); trainer.KindOf(err) != trainer.KindUnauthorized {
			t.Errorf("after DeleteSession: %v; want KindUnauthorized", err)
		}
		if err := db.DeleteSession(t.Context(), token); err != nil {
			t.Errorf("second DeleteSession = %v; want nil", err)
		}
	})

	t.Run("ErrNotFound", func(t *testing.T) {
		if _, err := db.CreateSession(t.Context(), 999, ""); trainer.KindOf(err) != trainer.KindNotFound {
			t.Errorf("CreateSession for no user = %v; want KindNotFound", err)
		}
		if _, _, err := auth("made-up"); trainer.KindOf(err) != trainer.KindUnauthorized {
			t.Errorf("AuthenticateSession(made-up) = %v; want KindUnauthorized", err)
		}
	})
}
