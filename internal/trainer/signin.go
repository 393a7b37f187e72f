package trainer

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"
	"time"
)

// The sign-in limits (docs/hardening.md, issue 16). Every PIN or password is
// counted before it is checked, against three limits:
//
//   - one account on one device (a pair): Settings.MaxSigninFailures wrong
//     entries within Settings.LockoutDuration hold that account on that
//     device only. A prankster at one tablet blocks nobody anywhere else.
//   - one account everywhere: wrong entries from AccountLockDevices devices
//     or more, twice MaxSigninFailures in all within AccountWindow, lock the
//     account on every device. It takes several devices to lock someone out.
//   - one device: DeviceMaxFailures wrong entries across all accounts within
//     DeviceWindow hold every sign-in from that device, so that one tablet
//     cannot try a few PINs of every trainee.
//
// A hold lasts its first length, doubled for each repeat that starts within
// HoldMemory of the end of the one before, up to a cap: a day for trainees'
// accounts, an hour for staff (delays that grow, never a day-long lock), four
// hours for a device. While a hold is in force the attempts it stops are
// refused before they are counted, so a burst against a held account never
// makes its hold longer, nor the next one.
//
// The store keeps all of this (attempts and holds) in the database and
// decides in one transaction per attempt (check the holds, count, start a
// hold), so that concurrent guesses cannot slip past a limit and several
// kiosk processes on one database would share the limits.

// Fixed numbers of the limits. MaxSigninFailures and LockoutDuration are the
// administrator's settings; these are not, as the settings page would
// otherwise need a page of explanation.
const (
	// AccountLockDevices is how many devices must have sent wrong
	// entries for one account before it is locked everywhere. Three: a
	// trainee who mistypes on two tablets is not locked out, and a guesser
	// needs three devices, each held after a few guesses, to do it.
	AccountLockDevices = 3
	// AccountWindow is how long wrong entries count towards the lock
	// everywhere. A day: a guesser with many addresses cannot use two
	// fresh devices each hour to stay under AccountLockDevices, and a
	// trainee's own slips are taken back by their next sign-in there.
	AccountWindow = 24 * time.Hour
	// DeviceMaxFailures wrong entries from one device within DeviceWindow
	// hold it. A class shares its tablets: twenty trainees who each mistype
	// once, and then sign in, count for nothing (a success takes back its
	// account's wrong entries on that device).
	DeviceMaxFailures = 30
	DeviceWindow      = 10 * time.Minute
	// DeviceHoldFirst is how long a device's first hold lasts;
	// DeviceHoldMax caps its repeats.
	DeviceHoldFirst = 10 * time.Minute
	DeviceHoldMax   = 4 * time.Hour
	// StaffHoldMax caps the holds and locks of staff accounts (and of
	// names that match nobody, which must look the same): an administrator
	// is never kept out for a day (unless the LockoutDuration setting is
	// longer than this, which is the administrator's choice).
	StaffHoldMax = time.Hour
	// TraineeHoldMax caps those of trainees' accounts. A PIN is short: its
	// holds must keep growing for guessing to stay slow.
	TraineeHoldMax = 24 * time.Hour
	// HoldMemory is how long after a hold ends the next one of the same
	// kind still counts as a repeat and lasts twice as long.
	HoldMemory = 24 * time.Hour
)

// HoldScope is what a sign-in hold stops.
type HoldScope int

const (
	// HoldPair stops one account on one device.
	HoldPair HoldScope = iota + 1
	// HoldAccount stops one account on every device: the account is locked.
	HoldAccount
	// HoldDevice stops every account on one device.
	HoldDevice
)

// String names the scope for logs and the audit log.
func (s HoldScope) String() string {
	switch s {
	case HoldPair:
		return "account on device"
	case HoldAccount:
		return "account"
	case HoldDevice:
		return "device"
	}
	return "HoldScope(" + strconv.Itoa(int(s)) + ")"
}

// UserAccount is the account key of user id: what its sign-in attempts and
// holds are counted against.
func UserAccount(id int64) string { return "user:" + strconv.FormatInt(id, 10) }

// NameAccount is the account key of a staff name that matches nobody. It is
// counted exactly like a staff account, so that the staff sign-in's answers
// never tell a name from a non-name. The key is a hash: a name of nobody's
// can be anything a script sends, and is shown nowhere. Letters are compared
// as the users table compares names (ASCII case folded).
func NameAccount(name string) string {
	sum := sha256.Sum256([]byte(asciiLower(NormalizeName(name))))
	return "name:" + hex.EncodeToString(sum[:16])
}

func asciiLower(s string) string {
	return strings.Map(func(r rune) rune {
		if 'A' <= r && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}, s)
}

// SigninAttempt is one PIN or password about to be checked.
type SigninAttempt struct {
	// Account is whom it counts against: UserAccount or NameAccount.
	Account string
	// UserID is the account's user, or 0 for a name that matches nobody.
	UserID int64
	// Staff is true for a password (the staff sign-in), false for a PIN:
	// it decides the cap of the holds it may start.
	Staff bool
	// Device is the address the attempt came from.
	Device string
}

// SigninHold stops sign-ins for a while after too many wrong PINs or
// passwords: of one account on one device, of one account everywhere, or
// of every account on one device (Scope).
type SigninHold struct {
	ID      int64
	Scope   HoldScope
	Account string // "" for a device hold
	UserID  int64  // the account's user; 0 for a device hold or a name of nobody's
	Device  string // "" for an account locked everywhere
	// Staff is the kind of account held (capped at StaffHoldMax).
	Staff     bool
	StartedAt time.Time
	Until     time.Time
	// Failures is the wrong entries counted when it started.
	Failures int
	// Strike counts the holds in a row: 1 for the first, 2 for one that
	// started within HoldMemory of the end of the first, and so on.
	Strike int
}

// Active reports whether the hold is in force at now.
func (h *SigninHold) Active(now time.Time) bool { return now.Before(h.Until) }

// SigninDecision is the store's answer to an attempt it was asked to count.
type SigninDecision struct {
	// Refused is the hold in force that stops the attempt, or nil when the
	// PIN or password may be checked. A refused attempt is not counted.
	Refused *SigninHold
	// Attempt is the counted attempt, to finish once checked.
	Attempt int64
	// Started are the holds this attempt started by reaching a limit. They
	// stand if the PIN or password is wrong; if it is right they are
	// taken back, as the attempt was no failure.
	Started []*SigninHold
	// Left is how many more wrong entries the account may make on the
	// device, after this one if it is wrong, before a hold stops it there:
	// the fewer of what the account-on-device and the device limits leave
	// (0 once a hold started). The keypad warns with it ("2 tries left").
	Left int
}

// SigninLimits are the numbers of the limits under one set of settings.
type SigninLimits struct {
	PairFailures    int
	PairWindow      time.Duration
	AccountDevices  int
	AccountFailures int
	AccountWindow   time.Duration
	DeviceFailures  int
	DeviceWindow    time.Duration
	// HoldFirst is the first hold of an account (on a device or
	// everywhere); DeviceHoldFirst that of a device.
	HoldFirst       time.Duration
	DeviceHoldFirst time.Duration
}

// LimitsOf returns the limits under settings st.
func LimitsOf(st Settings) SigninLimits {
	return SigninLimits{
		PairFailures:    st.MaxSigninFailures,
		PairWindow:      st.LockoutDuration,
		AccountDevices:  AccountLockDevices,
		AccountFailures: 2 * st.MaxSigninFailures,
		AccountWindow:   max(AccountWindow, st.LockoutDuration),
		DeviceFailures:  DeviceMaxFailures,
		DeviceWindow:    DeviceWindow,
		HoldFirst:       st.LockoutDuration,
		DeviceHoldFirst: DeviceHoldFirst,
	}
}

// LongestWindow is the longest time an attempt counts towards any limit:
// older ones can be forgotten.
func (l SigninLimits) LongestWindow() time.Duration {
	return max(l.PairWindow, l.AccountWindow, l.DeviceWindow)
}

// Reached reports whether failures wrong entries, from devices devices, in
// scope's window reach scope's limit.
func (l SigninLimits) Reached(scope HoldScope, failures, devices int) bool {
	switch scope {
	case HoldPair:
		return failures >= l.PairFailures
	case HoldAccount:
		return failures >= l.AccountFailures && devices >= l.AccountDevices
	case HoldDevice:
		return failures >= l.DeviceFailures
	}
	return false
}

// Window is how far back wrong entries count towards scope's limit.
func (l SigninLimits) Window(scope HoldScope) time.Duration {
	switch scope {
	case HoldPair:
		return l.PairWindow
	case HoldAccount:
		return l.AccountWindow
	}
	return l.DeviceWindow
}

// HoldFor is how long the strike-th hold in a row of scope lasts: the first
// length, doubled for each repeat, up to the cap of the scope and the kind
// of account (staff or trainee).
func (l SigninLimits) HoldFor(scope HoldScope, staff bool, strike int) time.Duration {
	d, most := l.HoldFirst, TraineeHoldMax
	switch {
	case scope == HoldDevice:
		d, most = l.DeviceHoldFirst, DeviceHoldMax
	case staff:
		most = max(StaffHoldMax, l.HoldFirst)
	}
	for i := 1; i < strike && d < most; i++ {
		d *= 2
	}
	return min(d, most)
}

// OperatorName is the actor the audit log names for what is done at the
// machine with `trainer unlock`, where nobody is signed in.
const OperatorName = "the machine's operator"

// WithOperator returns ctx with the machine's operator as the actor of the
// changes made with it.
func WithOperator(ctx context.Context) context.Context {
	return WithActor(ctx, &User{Name: OperatorName})
}
