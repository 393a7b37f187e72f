package thrill

// The reasons of a settlement that have message ids (games.Why): the
// catalogue content/i18n/drills says each in every language. A reason not
// listed here is shown in English.
const (
	ReasonTablePaysNothing = "reason.thrill.table_pays_nothing"
	// ReasonWhateverPoker is added to a side bet's reason (games.WagerResult.Add).
	ReasonWhateverPoker = "reason.thrill.whatever_poker"
)

// Reasons lists every id Settle may give a reason, for the test that every
// catalogue has each.
var Reasons = []string{ReasonTablePaysNothing, ReasonWhateverPoker}
