package lockout

import (
	"context"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Store is what the sign-in limits keep in the store (trainer.Store).
type Store interface {
	ReserveSigninAttempt(ctx context.Context, a trainer.SigninAttempt) (trainer.SigninDecision, error)
	FinishSigninAttempt(ctx context.Context, attempt int64, ok bool) ([]*trainer.SigninHold, error)
}

// Verdict is how a sign-in's PIN or password came out.
type Verdict struct {
	OK bool // right, and no hold stopped it
	// Held is the hold that refuses the sign-in, when one does: one in
	// force before it (its PIN not checked), or one its failure started.
	Held *trainer.SigninHold
	// Left is, for a wrong one, how many more wrong entries a hold allows
	// on the device (trainer.SigninDecision.Left).
	Left int
	// Started are the holds the failure started, for the log.
	Started []*trainer.SigninHold
}

// Check is the one way a sign-in checks a PIN or password: attempt a is
// counted against the limits first, in one transaction with the check of
// the holds in force, so that concurrent guesses cannot slip past a limit;
// only then does check run (argon2id); then the attempt is finished, a
// right one taking its count back.
//
// All three steps run in one slot of g. Attempts in flight count against
// the limits until they are finished, so letting only as many be in flight
// as there are slots keeps honest concurrent sign-ins (a class behind one
// address at nine o'clock, a double tap) from filling a limit with attempts
// that will turn out right; the limits do not rely on it. It returns ctx's
// error if the visitor left before anything was counted.
func (g *Gate) Check(ctx context.Context, db Store, a trainer.SigninAttempt, check func() bool) (Verdict, error) {
	var (
		d       trainer.SigninDecision
		ok      bool
		started []*trainer.SigninHold
		err     error
	)
	if gerr := g.Do(ctx, func() {
		if d, err = db.ReserveSigninAttempt(ctx, a); err != nil || d.Refused != nil {
			return
		}
		g.checks.Add(1)
		ok = check()
		// Finished even if the visitor has left meanwhile: the count
		// must say how the check came out.
		started, err = db.FinishSigninAttempt(context.WithoutCancel(ctx), d.Attempt, ok)
	}); gerr != nil {
		return Verdict{}, gerr
	}
	switch {
	case err != nil:
		return Verdict{}, err
	case d.Refused != nil:
		return Verdict{Held: d.Refused}, nil
	case ok:
		return Verdict{OK: true}, nil
	}
	return Verdict{Held: FirstHold(started), Left: d.Left, Started: started}, nil
}

// FirstHold is the hold to tell the visitor about among those a failure
// started: the device's, then the account's everywhere, then the account's
// on the device.
func FirstHold(holds []*trainer.SigninHold) *trainer.SigninHold {
	for _, scope := range []trainer.HoldScope{trainer.HoldDevice, trainer.HoldAccount, trainer.HoldPair} {
		for _, h := range holds {
			if h.Scope == scope {
				return h
			}
		}
	}
	return nil
}
