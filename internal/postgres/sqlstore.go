package postgres

import "github.com/dealerkiosk/trainer/internal/sqlstore"

// What this package's own code (the audit key, the move of a school) uses of
// the statements both stores share (internal/sqlstore), under the names it
// had here before they were shared.

// Tx is a transaction of the store.
type Tx = sqlstore.Tx

var (
	kiosk       = sqlstore.Kiosk
	actorOf     = sqlstore.ActorOf
	appendAudit = sqlstore.AppendAudit
	firstKeyed  = sqlstore.FirstKeyed
	lastAudit   = sqlstore.LastAudit
	checkHead   = sqlstore.CheckHead
	verifyChain = sqlstore.VerifyChain
)
