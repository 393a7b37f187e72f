package lockout

import (
	"context"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Users is what a sign-in reads of the users (trainer.Store).
type Users interface {
	FindUserByName(ctx context.Context, name string) (*trainer.User, error)
}

// OnKeypad reports whether u signs in on the keypad of site's kiosk: an
// active trainee of that site. Staff never appear behind a keypad, nor
// does a trainee of another site or one deactivated.
func OnKeypad(u *trainer.User, site int64) bool {
	return u.Role == trainer.RoleTrainee && u.Active && u.SiteID == site
}

// PINAttempt is trainee u's sign-in with pin from device, for Check, and
// the check of the PIN.
func PINAttempt(u *trainer.User, pin, device string) (trainer.SigninAttempt, func() bool) {
	a := trainer.SigninAttempt{Account: trainer.UserAccount(u.ID), UserID: u.ID, Device: device}
	return a, func() bool { return trainer.CheckSecret(u.SecretHash, pin) }
}

// StaffAttempt is the sign-in of staff name with password from device,
// for Check, and the check of the password; u is the staff member of that
// name, or nil when there is none.
func StaffAttempt(ctx context.Context, db Users, name, password, device string) (u *trainer.User, a trainer.SigninAttempt, check func() bool, err error) {
	u, err = db.FindUserByName(ctx, name)
	if err != nil && trainer.KindOf(err) != trainer.KindNotFound {
		return nil, trainer.SigninAttempt{}, nil, err
	}
	if err != nil {
		u = nil
	}
	u, a, check = staffAttempt(u, name, password, device)
	return u, a, check, nil
}

// staffAttempt is StaffAttempt once the user of name is read (found, nil
// for none). A name that is no staff member's (nobody's, or a trainee's,
// who signs in with a PIN) is counted and answered exactly like a staff
// account with a wrong password (trainer.NameAccount), and its check
// spends the time of one (trainer.CheckNoSecret), so that neither the
// messages nor the holds nor the time tell which names exist.
func staffAttempt(found *trainer.User, name, password, device string) (*trainer.User, trainer.SigninAttempt, func() bool) {
	a := trainer.SigninAttempt{Account: trainer.NameAccount(name), Staff: true, Device: device}
	if found == nil || found.Role.UsesPIN() {
		return nil, a, func() bool { trainer.CheckNoSecret(password); return false }
	}
	a.Account, a.UserID = trainer.UserAccount(found.ID), found.ID
	return found, a, func() bool { return trainer.CheckSecret(found.SecretHash, password) }
}
