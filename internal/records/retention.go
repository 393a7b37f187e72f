package records

import (
	"time"

	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Permanent reports whether records of kind k are kept for ever: the
// completions (of a game's programme, of a topic outside the games) and the
// table tests, which make the permanent record of each dealer a regulator
// asks for.
func Permanent(k trainer.RecordKind) bool {
	switch k {
	case trainer.RecordTableHours:
		return false
	}
	return true
}

// KeptUntil is the first moment a record of kind k recorded at may be
// deleted under the house's retention_years; zero for a record kept for
// ever.
func KeptUntil(k trainer.RecordKind, at time.Time, retentionYears int) time.Time {
	if Permanent(k) {
		return time.Time{}
	}
	return at.AddDate(retentionYears, 0, 0)
}

// ErrKeptPermanently refuses to delete a record kept for ever.
var ErrKeptPermanently = (&trainer.Error{Kind: trainer.KindForbidden,
	Message: "This record is kept permanently: completions and table tests are never deleted."}).In("records.err.kept_permanently")

// KeptRefused refuses to delete a record inside its retention period; until
// is the day it may be deleted from (YYYY-MM-DD, UTC).
func KeptRefused(until time.Time, years int) *trainer.Error {
	day := until.UTC().Format(time.DateOnly)
	return (&trainer.Error{Kind: trainer.KindForbidden,
		Message: "This record is inside the house's retention period (" + itoa(years) + " years): it may be deleted from " + day + " on."}).
		In("records.err.kept_until", "Years", years, "Day", day)
}

// RetentionCheck is the house's retention (records.toml retention_years),
// as the store calls it inside the transaction that would delete a record:
// a record kept for ever is refused, one inside its period is refused with
// the day it may go. Deactivating a dealer deletes nothing.
func RetentionCheck(r *rulebook.Records) trainer.RetentionCheck {
	return func(ref trainer.RecordRef, now time.Time) error {
		if Permanent(ref.Kind) {
			return ErrKeptPermanently
		}
		if until := KeptUntil(ref.Kind, ref.At, r.RetentionYears); now.Before(until) {
			return KeptRefused(until, r.RetentionYears)
		}
		return nil
	}
}
