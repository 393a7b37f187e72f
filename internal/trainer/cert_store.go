package trainer

import "time"

// CertRecord is what the store holds of one trainee's certification in one
// game: its events and the last refresher finished. Package eval turns it
// into a state.
type CertRecord struct {
	UserID int64
	Game   string
	Events []CertEvent // oldest first
	// RefresherAt is when the trainee last finished a review session of the
	// game (every planned question answered), or zero.
	RefresherAt time.Time
}

// CertCheck decides, inside the transaction that would write, whether a
// change may be made to the certification rec describes: the server passes a
// closure over eval's decision, so the check and the write cannot be
// separated by another request. A non-nil error stops the change.
type CertCheck func(rec CertRecord) error
