package sqlite

import (
	"github.com/dealerkiosk/trainer/internal/sqlstore"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// What this package's own code (the audit key and head, migrations) uses of
// the statements both stores share (internal/sqlstore), under the names it
// had here before they were shared.
// Tx is a transaction of the store.
type Tx = sqlstore.Tx

var (
	kiosk       = sqlstore.Kiosk
	appendAudit = sqlstore.AppendAudit
	firstKeyed  = sqlstore.FirstKeyed
	lastAudit   = sqlstore.LastAudit
	checkHead   = sqlstore.CheckHead
	verifyChain = sqlstore.VerifyChain
)

// The domain's types, kept under their old names for this package's callers.
type (
	UserFilter    = trainer.UserFilter
	AttemptFilter = trainer.AttemptFilter
	AuditFilter   = trainer.AuditFilter
	RecordsError  = trainer.RecordsError
)
