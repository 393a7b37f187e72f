package records

import (
	"time"

	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Ending is what ended a dealer's authorisation to deal a game. The same
// word is in the dealer's file and the floor's CSV.
type Ending string

const (
	EndNone     Ending = ""
	EndExpired  Ending = "expired" // the certificate ran out (the policy's validity_months)
	EndRevoked  Ending = "revoked" // a manager revoked it, with a reason
	EndRetest   Ending = "retest"  // a table test of the dealer in force failed
	EndNotGiven Ending = "not_yet" // never granted
)

// Authorisation is a dealer's authorisation to deal one game, at one
// moment: granted only by a passed table test (the certification's grant),
// ended by expiry, by a failed re-test or by a manager with a reason.
type Authorisation struct {
	UserID  int64
	Game    string
	MayDeal bool
	// Grant is the table test that granted the current or last
	// authorisation: its signer and time are the sign-off. Nil when none.
	Grant   *trainer.CertEvent
	Expires time.Time // zero when never granted
	Ending  Ending
	// Ended is the event that ended it (a revocation, whose Notes is the
	// manager's reason or whose RefID names the failed re-test; an
	// expiry), nil while it holds or when it was never granted.
	Ended *trainer.CertEvent
	State eval.CertState
}

// Authorise is the authorisation rec gives at now under policy p: the
// certification's state machine (eval.Certification) read as the regulator
// reads it.
func Authorise(rec trainer.CertRecord, p rulebook.Policy, now time.Time) Authorisation {
	st := eval.Certification(eval.CertHistory{Events: rec.Events, RefresherAt: rec.RefresherAt}, p, now)
	a := Authorisation{UserID: rec.UserID, Game: rec.Game, MayDeal: st.State.MayDeal(), Grant: st.Grant,
		Expires: st.Expires, State: st.State}
	switch {
	case a.MayDeal:
	case st.Grant == nil:
		a.Ending = EndNotGiven
	case st.State == eval.StateRevoked && st.Revocation != nil:
		a.Ended, a.Ending = st.Revocation, EndRevoked
		if st.Revocation.RefID != 0 {
			a.Ending = EndRetest
		}
	case !st.Expires.IsZero() && !now.Before(st.Expires):
		a.Ending = EndExpired
		for i := range rec.Events {
			if e := &rec.Events[i]; e.Kind == trainer.EventExpired && e.RefID == st.Grant.ID {
				a.Ended = e
			}
		}
	default:
		// A new cycle after an ending (an exam passed again, waiting for its
		// table test): what ended the last grant is still the reason.
		if st.Revocation != nil {
			a.Ended, a.Ending = st.Revocation, EndRevoked
			if st.Revocation.RefID != 0 {
				a.Ending = EndRetest
			}
		} else {
			a.Ending = EndExpired
		}
	}
	return a
}
