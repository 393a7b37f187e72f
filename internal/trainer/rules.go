package trainer

import "time"

// RulesVersion is one version of the house rules the kiosk has run with:
// rulebook.Book.Version and a copy of its files, so that what was made under
// it can be rebuilt. A manager approves a version before exams start under it.
type RulesVersion struct {
	Version     string
	Files       map[string][]byte // path → content, as rulebook.Book.Files
	FirstSeenAt time.Time
	// Zero until a manager approves the version.
	ApprovedAt   time.Time
	ApprovedByID int64
	ApprovedBy   string // the approver's name
}

// Approved reports whether a manager has approved the version.
func (v *RulesVersion) Approved() bool { return !v.ApprovedAt.IsZero() }
