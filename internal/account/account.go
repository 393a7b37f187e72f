package account

import (
	"context"

	"github.com/dealerkiosk/trainer/internal/lockout"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Accounts is the users' administration over the store, hashing secrets
// through Hashes.
type Accounts struct {
	DB     trainer.Store
	Hashes *lockout.Gate
}

// ErrOwnAccount refuses an administrator deactivating their own account:
// they would sign themselves out with no way back in.
var ErrOwnAccount = trainer.NewError(trainer.KindConflict, "err.own_account")

// List is what the users page shows: every user, active or not, of site
// (0 for every site), and every sign-in hold in force.
func (a *Accounts) List(ctx context.Context, site int64) ([]*trainer.User, []*trainer.SigninHold, error) {
	users, err := a.DB.ListUsers(ctx, trainer.UserFilter{SiteID: site})
	if err != nil {
		return nil, nil, err
	}
	holds, err := a.DB.ListSigninHolds(ctx)
	if err != nil {
		return nil, nil, err
	}
	return users, holds, nil
}

// Create adds user u with secret (a PIN or a password) hashed. Returns the
// store's refusals of the name or badge (KindConflict, KindInvalid).
func (a *Accounts) Create(ctx context.Context, u *trainer.User, secret string) error {
	hash, err := a.Hashes.Hash(ctx, secret)
	if err != nil {
		return err
	}
	u.SecretHash = hash
	return a.DB.CreateUser(ctx, u)
}

// CreateFirst adds administrator u with password hashed, while the kiosk
// has no user yet. Returns KindConflict once it has one.
func (a *Accounts) CreateFirst(ctx context.Context, u *trainer.User, password string) error {
	hash, err := a.Hashes.Hash(ctx, password)
	if err != nil {
		return err
	}
	u.SecretHash = hash
	return a.DB.CreateFirstAdministrator(ctx, u)
}

// Reset sets user userID's new PIN or password; the store ends their
// sessions.
func (a *Accounts) Reset(ctx context.Context, userID int64, secret string) error {
	hash, err := a.Hashes.Hash(ctx, secret)
	if err != nil {
		return err
	}
	return a.DB.SetUserSecret(ctx, userID, hash)
}

// SetActive deactivates user userID (who can no longer sign in; the store
// ends their sessions) or reactivates them, for administrator me. Returns
// ErrOwnAccount when me would deactivate their own account, and the
// store's KindConflict for the last active administrator.
func (a *Accounts) SetActive(ctx context.Context, me *trainer.User, userID int64, active bool) error {
	if err := CheckActive(me, userID, active); err != nil {
		return err
	}
	return a.DB.SetUserActive(ctx, userID, active)
}

// CheckActive is SetActive's own check: me may not deactivate their own
// account, and may reactivate anyone's, theirs included.
func CheckActive(me *trainer.User, userID int64, active bool) error {
	if !active && me.ID == userID {
		return ErrOwnAccount
	}
	return nil
}
