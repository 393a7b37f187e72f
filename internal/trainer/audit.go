package trainer

import (
	"context"
	"crypto/hmac"
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
	// AuditUserChanged records an administrator correcting a user's name
	// or badge: each field changed, with its old and new value.
	AuditUserChanged = "user.changed"
	// AuditUserChangeRefused records a change to an account refused because
	// its user's reach is wider than the actor's (User.Manages): who tried,
	// on whom, and what.
	AuditUserChangeRefused = "user.change_refused"
	AuditDeviceReleased    = "device.released"
	AuditSettingsChanged   = "settings.changed"
	AuditRulesRecorded     = "rules.recorded"
	AuditRulesApproved     = "rules.approved"
	// AuditKeyed is the first entry written with the audit key: from it on
	// every entry's hash is an HMAC (audit_key.go). Its detail names the key
	// (AuditKeyID) and the unkeyed log before it.
	AuditKeyed = "audit.keyed"
	// AuditRestoreAccepted records that an operator accepted a log that
	// does not reach the head on record (a backup restored): what the head
	// was and how many entries the log lacks.
	AuditRestoreAccepted = "audit.restore_accepted"
)

// AuditSubject is the subject of the entries about the audit trail itself.
const AuditSubject = "audit"

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
	// Hash is the HMAC-SHA256 of Encode under the audit key for a keyed
	// entry, or the plain SHA-256 of Encode for an entry written before the
	// trail was keyed; in hex.
	Hash string
	// Keyed is whether the entry is one of the keyed part of the log. It is
	// not stored: every entry from the first AuditKeyed entry on is keyed.
	// It is part of the encoding, so an unkeyed hash never passes for a
	// keyed one.
	Keyed bool
}

// Encode is the canonical encoding the hash covers: every field but the hash
// itself, in a fixed order, each written as a netstring (its length in bytes,
// a colon, the bytes, a comma) so that no two entries encode alike.
func (e *AuditEntry) Encode() []byte {
	version := "trainer-audit-v1"
	if e.Keyed {
		version = "trainer-audit-v2"
	}
	fields := []string{
		version,
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

// ComputeHash returns the SHA-256 of Encode, in hex: the hash of an entry
// written before the trail was keyed. Anyone can compute it, which is why the
// kiosk now keys its entries (ComputeMAC).
func (e *AuditEntry) ComputeHash() string {
	sum := sha256.Sum256(e.Encode())
	return hex.EncodeToString(sum[:])
}

// ComputeMAC returns the HMAC-SHA256 of Encode under key, in hex: the hash
// of a keyed entry. Without the key nobody can compute it, so an entry
// changed in a copy of the database cannot be given a hash that verifies.
func (e *AuditEntry) ComputeMAC(key []byte) string {
	m := hmac.New(sha256.New, key)
	m.Write(e.Encode())
	return hex.EncodeToString(m.Sum(nil))
}

// Intact reports whether e's hash is the hash of its content: its HMAC under
// key if e is keyed, its SHA-256 otherwise. A keyed entry cannot be checked
// without the key (nil): it is reported as not intact.
func (e *AuditEntry) Intact(key []byte) bool {
	if !e.Keyed {
		return e.ComputeHash() == e.Hash
	}
	if key == nil {
		return false
	}
	return hmac.Equal([]byte(e.ComputeMAC(key)), []byte(e.Hash))
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
//
// Key is the audit key, or nil. The entries before the first AuditKeyed
// entry were written before the trail was keyed and are checked by their
// SHA-256 alone, as they always were; from that entry on every entry must
// carry the HMAC under Key. Without a key the keyed part cannot be checked:
// Add returns a *KeyNeededError at its first entry.
type ChainVerifier struct {
	Key       []byte
	n         int64
	lastSeq   int64
	lastHash  string
	keyedFrom int64
}

// KeyNeededError says that the log is keyed from entry Seq on and no key was
// given to check it.
type KeyNeededError struct{ Seq int64 }

func (e *KeyNeededError) Error() string {
	return fmt.Sprintf("entries from %d on are keyed: the audit key is needed to check them", e.Seq)
}

// UnkeyedLogError refuses a log that has entries and none keyed while the
// kiosk holds an audit key: a keyed kiosk's log is keyed from its first
// start with the key on, so such a log was rewritten as if it had never been
// keyed (every hash is plain SHA-256, which anyone with the file can compute
// again), or it comes from a kiosk upgraded with the key already given. It
// neither verifies nor starts until an operator accepts it with a reason
// (trainer audit accept), which the log records.
type UnkeyedLogError struct{ Entries int64 }

func (e *UnkeyedLogError) Error() string {
	return fmt.Sprintf("the audit log has %d entries and none carries the audit key's mark, although an audit key is given: "+
		"it may have been rewritten by someone without the key", e.Entries)
}

// WrongKeyError says that the log was keyed with another key than the one
// given: LogKeyID is the key named by the log's AuditKeyed entry, KeyID the
// key given (AuditKeyID of each).
type WrongKeyError struct {
	Seq             int64
	LogKeyID, KeyID string
}

func (e *WrongKeyError) Error() string {
	return fmt.Sprintf("the audit key given (key %s) is not the key the log was written with (key %s, named by entry %d)",
		e.KeyID, e.LogKeyID, e.Seq)
}

// Add checks entry e against the entries before it. It returns a
// *ChainError naming e when:
//   - e's hash is not the hash of its content (e was changed after it was
//     written, or its hash was; for a keyed entry, whoever changed it did
//     not have the key);
//   - e's number does not follow the last one (entries before it were
//     deleted: the entry named is the one after the gap);
//   - e's previous hash is not the last entry's hash (the entry before it
//     was changed and its hash recomputed, or replaced).
//
// It returns a *KeyNeededError or a *WrongKeyError at the first keyed entry
// when there is no key or another one. Add sets e.Keyed.
func (v *ChainVerifier) Add(e *AuditEntry) error {
	prev := v.lastHash
	if v.n == 0 {
		prev = GenesisHash
	}
	if v.keyedFrom == 0 && e.Action == AuditKeyed && e.Subject == AuditSubject {
		v.keyedFrom = e.Seq
	}
	e.Keyed = v.keyedFrom != 0
	if e.Keyed && v.Key == nil {
		return &KeyNeededError{v.keyedFrom}
	}
	switch {
	case !e.Intact(v.Key):
		if id := keyIDOf(e); e.Seq == v.keyedFrom && id != "" && id != AuditKeyID(v.Key) {
			return &WrongKeyError{Seq: e.Seq, LogKeyID: id, KeyID: AuditKeyID(v.Key)}
		}
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

// keyIDOf is the key named by an AuditKeyed entry's detail, or "".
func keyIDOf(e *AuditEntry) string {
	var d struct {
		KeyID string `json:"key_id"`
	}
	if e.Action != AuditKeyed || json.Unmarshal([]byte(e.Detail), &d) != nil {
		return ""
	}
	return d.KeyID
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

// KeyedFrom is the number of the first keyed entry checked, or 0 while none
// has been.
func (v *ChainVerifier) KeyedFrom() int64 { return v.keyedFrom }

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
