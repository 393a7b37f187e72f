package approval

import "github.com/dealerkiosk/trainer/internal/trainer"

// Against is what a version is compared with.
type Against int

const (
	AgainstNothing  Against = iota // no version came before it
	AgainstApproved                // the version last approved before it
	AgainstPrevious                // the version before it, none being approved
)

// errRulesNotFound refuses a version the kiosk never ran with.
var errRulesNotFound = trainer.NewError(trainer.KindNotFound, "err.rules_not_found")

// Base finds version among vs (the recorded versions, oldest first, as
// the store lists them) and the version whose rules its changes are read
// against: the version last approved before it, else the one before it,
// else none (base nil). Returns KindNotFound if version is not among vs.
func Base(vs []*trainer.RulesVersion, version string) (v, base *trainer.RulesVersion, against Against, err error) {
	at := -1
	for i, rv := range vs {
		if rv.Version == version {
			at = i
			break
		}
	}
	if at < 0 {
		return nil, nil, AgainstNothing, errRulesNotFound
	}
	for i := at - 1; i >= 0; i-- {
		if vs[i].Approved() {
			return vs[at], vs[i], AgainstApproved, nil
		}
	}
	if at > 0 {
		return vs[at], vs[at-1], AgainstPrevious, nil
	}
	return vs[at], nil, AgainstNothing, nil
}
