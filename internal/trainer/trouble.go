package trainer

import "errors"

// Trouble is why the kiosk's database cannot be used now, in words an
// operator acts on. /healthz answers with it to anyone who asks, signed in
// or not, so it names no file, host, user, database or driver message: the
// log has those (docs/hardening.md).
type Trouble string

const (
	TroubleNoAnswer Trouble = "the training database does not answer"
	TroubleFull     Trouble = "the training database cannot be written: its disk is full"
	TroubleDisk     Trouble = "the training database cannot be written: its disk failed to read or write (it may be full)"
	TroubleReadOnly Trouble = "the training database cannot be written: it is read-only, or the kiosk may not write to it"
	TroubleBusy     Trouble = "the training database cannot be written: another program holds it"
	TroubleDamaged  Trouble = "the training database is damaged"
	TroubleHead     Trouble = "the audit trail's head could not be written down after a change"
	TroubleNoWrite  Trouble = "the training database cannot be written"
	TroubleUnknown  Trouble = "the training database cannot be used now"
)

// TroubleOf is the trouble err says: the stores' write and probe failures
// know theirs; any other error is TroubleUnknown.
func TroubleOf(err error) Trouble {
	var t interface{ Trouble() Trouble }
	if errors.As(err, &t) {
		return t.Trouble()
	}
	return TroubleUnknown
}
