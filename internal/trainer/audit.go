package trainer

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
	"time"
)

// The actions the audit log records. The same words are stored.
const (
	AuditExamStarted       = "exam.started"
	AuditExamFinished      = "exam.finished"
	AuditRetakeAllowed     = "exam.retake_allowed"
	AuditTableTest         = "table_test.recorded"
	AuditGranted           = "certification.granted"
	AuditRevoked           = "certification.revoked"
	AuditExpired           = "certification.expired"
	AuditRefresherAssigned = "refresher.assigned"
	AuditUserCreated       = "user.created"
	AuditUserSecretReset   = "user.secret_reset"
	AuditUserDeactivated   = "user.deactivated"
	AuditUserReactivated   = "user.reactivated"
	AuditUserLocked        = "user.locked"
	AuditUserUnlocked      = "user.unlocked"
	AuditUserRenamed       = "user.renamed"
	AuditDeviceReleased    = "device.released"
	AuditSettingsChanged   = "settings.changed"
	AuditRulesRecorded     = "rules.recorded"
	AuditRulesApproved     = "rules.approved"
)

// GenesisHash is the previous hash of the first entry of the audit log.
const GenesisHash = "0000000000000000000000000000000000000000000000000000000000000000"

// AuditTimeLayout is how an entry's time is written, in the store and in the
// hashed encoding: RFC 3339 in UTC to the millisecond.
const AuditTimeLayout = "2006-01-02T15:04:05.000Z"

// AuditEntry is one line of the audit log: who did what to whom, when, and
// the hash that chains it to the line before. Entries are only appended,
// each in the same transaction as the change it records.
type AuditEntry struct {
	Seq     int64 // 1, 2, 3 … with no gaps
	At      time.Time
	ActorID int64  // 0 for the kiosk itself (start-up, an expiry noticed)
	Actor   string // the actor's name then, or "kiosk"
	Action  string // one of the Audit… constants
	Subject string // "user:12", "user:12/game:uth", "rules:2fc3195ba6f1"
	// Detail is a JSON object with the facts of the change (never a
	// secret), with its keys sorted.
	Detail   string
	PrevHash string // the previous entry's Hash; GenesisHash for the first
	Hash     string // SHA-256 of Encode, in hex
}

// Encode is the canonical encoding the hash covers: every field but the hash
// itself, in a fixed order, each written as a netstring (its length in bytes,
// a colon, the bytes, a comma) so that no two entries encode alike.
func (e *AuditEntry) Encode() []byte {
	fields := []string{
		"trainer-audit-v1",
		strconv.FormatInt(e.Seq, 10),
		e.At.UTC().Format(AuditTimeLayout),
		strconv.FormatInt(e.ActorID, 10),
		e.Actor,
		e.Action,
		e.Subject,
		e.Detail,
		e.PrevHash,
	}
	var b []byte
	for _, f := range fields {
		b = strconv.AppendInt(b, int64(len(f)), 10)
		b = append(b, ':')
		b = append(b, f...)
		b = append(b, ',')
	}
	return b
}

// ComputeHash returns the SHA-256 of Encode, in hex.
func (e *AuditEntry) ComputeHash() string {
	sum := sha256.Sum256(e.Encode())
	return hex.EncodeToString(sum[:])
}

// AuditDetail writes the facts of a change as the JSON object an entry
// holds: keys sorted (encoding/json sorts map keys), values as given.
func AuditDetail(kv map[string]any) string {
	if len(kv) == 0 {
		return "{}"
	}
	b, err := json.Marshal(kv)
	if err != nil { // only values that cannot be JSON: a programming error
		panic(fmt.Sprintf("audit detail: %v", err))
	}
	return string(b)
}

// Subjects of audit entries.
func UserSubject(id int64) string { return "user:" + strconv.FormatInt(id, 10) }

// CertSubject is the certification of trainee userID in game.
func CertSubject(userID int64, game string) string { return UserSubject(userID) + "/game:" + game }

// DeviceSubject is a device, by its address, held after too many wrong
// sign-ins.
func DeviceSubject(address string) string { return "device:" + address }

// RulesSubject is a rules version.
func RulesSubject(version string) string { return "rules:" + version }

// ChainError is the first entry at which the audit chain breaks.
type ChainError struct {
	Seq    int64 // the entry named
	Reason string
}

func (e *ChainError) Error() string { return fmt.Sprintf("entry %d: %s", e.Seq, e.Reason) }

// ChainVerifier checks the audit log one entry at a time, in order. It holds
// only the last entry, so a log of any length is checked in constant memory.
type ChainVerifier struct {
	n        int64
	lastSeq  int64
	lastHash string
}

// Add checks entry e against the entries before it. It returns a
// *ChainError naming e when:
//   - e's hash is not the hash of its content (e was changed after it was
//     written, or its hash was);
//   - e's number does not follow the last one (entries before it were
//     deleted: the entry named is the one after the gap);
//   - e's previous hash is not the last entry's hash (the entry before it
//     was changed and its hash recomputed, or replaced).
func (v *ChainVerifier) Add(e *AuditEntry) error {
	prev := v.lastHash
	if v.n == 0 {
		prev = GenesisHash
	}
	switch {
	case e.ComputeHash() != e.Hash:
		return &ChainError{e.Seq, "its content does not match its hash: it was changed after it was written"}
	case e.Seq != v.lastSeq+1:
		if e.Seq > v.lastSeq+1 {
			return &ChainError{e.Seq, fmt.Sprintf("entries %d to %d before it are missing: they were deleted", v.lastSeq+1, e.Seq-1)}
		}
		return &ChainError{e.Seq, fmt.Sprintf("it is numbered out of order (after entry %d)", v.lastSeq)}
	case e.PrevHash != prev:
		return &ChainError{e.Seq, "it does not follow the entry before it: that entry was changed or replaced"}
	}
	v.n++
	v.lastSeq, v.lastHash = e.Seq, e.Hash
	return nil
}

// Count is how many entries have been checked.
func (v *ChainVerifier) Count() int64 { return v.n }

// Head is the hash of the last entry checked (GenesisHash before any).
func (v *ChainVerifier) Head() string {
	if v.n == 0 {
		return GenesisHash
	}
	return v.lastHash
}

// actorKey is the context key of the signed-in user whose request a change
// is made for.
type actorKey struct{}

// WithActor returns ctx carrying u as the person who makes the changes of
// this request: the store writes them into the audit log.
func WithActor(ctx context.Context, u *User) context.Context {
	return context.WithValue(ctx, actorKey{}, u)
}

// ActorOf returns the user WithActor put in ctx, or nil for the kiosk
// itself (start-up, tests, the command line).
func ActorOf(ctx context.Context) *User {
	u, _ := ctx.Value(actorKey{}).(*User)
	return u
}
