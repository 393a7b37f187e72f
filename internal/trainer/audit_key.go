package trainer

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
)

// The audit key and the audit head (docs/hardening.md, "An audit trail a copy
// of the database cannot rewrite").
//
// A hash chain alone proves nothing to someone who holds the file: they can
// change an entry and compute every later hash again. So each entry's hash is
// an HMAC under a key kept outside the database file (a file beside it made
// with owner-only permissions, or TRAINER_AUDIT_KEY), and the last entry's
// number and hash — the head — are kept outside the database too, so that
// entries cut from the end show: a copy of the database carries neither.

// AuditKeySize is the length of the audit key: 32 random bytes, written as
// 64 hex digits (`openssl rand -hex 32`).
const AuditKeySize = 32

// ParseAuditKey reads an audit key written in hex, with surrounding space
// (a trailing newline) ignored. Returns KindInvalid unless it is exactly
// AuditKeySize bytes.
func ParseAuditKey(text string) ([]byte, error) {
	key, err := hex.DecodeString(strings.TrimSpace(text))
	if err != nil || len(key) != AuditKeySize {
		return nil, Errorf(KindInvalid, "An audit key is %d bytes written as %d hex digits.", AuditKeySize, 2*AuditKeySize).
			In("err.audit_key", "Bytes", AuditKeySize, "Digits", 2*AuditKeySize)
	}
	return key, nil
}

// AuditKeyID names a key without giving it away: the first 8 bytes of an
// HMAC of a fixed text under it, in hex. The AuditKeyed entry records it, so
// that a kiosk given another key says so instead of calling every entry
// forged.
func AuditKeyID(key []byte) string {
	if key == nil {
		return ""
	}
	m := hmac.New(sha256.New, key)
	m.Write([]byte("trainer-audit-key-id"))
	return hex.EncodeToString(m.Sum(nil)[:8])
}

// AuditDigest is the SHA-256 of b in hex: how an audit entry records a
// document too long to copy into it (an exam's standard, its result).
func AuditDigest(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// AuditHead is the head of the audit log as last written down outside the
// database: the number and hash of the newest entry, and the number of the
// first keyed entry. The kiosk writes it after every commit that appends an
// entry, so the log may run ahead of it (a kiosk stopped between the two),
// never behind it.
type AuditHead struct {
	Seq  int64  // 0 for an empty log
	Hash string // the entry's hash; GenesisHash for an empty log
	// KeyedFrom is the number of the first keyed entry (the AuditKeyed
	// one). While the kiosk keys a log for the first time it is Seq + 1:
	// the head of the unkeyed log, written before the first keyed entry.
	KeyedFrom int64
}

// headMagic starts every head file: the format and its version.
const headMagic = "trainer-audit-head v1"

// Marshal writes h as the one line of a head file, signed with key so that
// nobody without the key can write a head that names a shorter log.
func (h AuditHead) Marshal(key []byte) []byte {
	body := fmt.Sprintf("%s seq=%d hash=%s keyed-from=%d", headMagic, h.Seq, h.Hash, h.KeyedFrom)
	return []byte(body + " mac=" + headMAC(key, body) + "\n")
}

func headMAC(key []byte, body string) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(body))
	return hex.EncodeToString(m.Sum(nil))
}

// ParseAuditHead reads a head file written by Marshal and checks its
// signature with key. The error says, in words, what is wrong with it.
func ParseAuditHead(b []byte, key []byte) (AuditHead, error) {
	line := strings.TrimSuffix(string(b), "\n")
	body, mac, ok := strings.Cut(line, " mac=")
	if !ok || !strings.HasPrefix(body, headMagic+" ") {
		return AuditHead{}, fmt.Errorf("it is not an audit head file")
	}
	if !hmac.Equal([]byte(mac), []byte(headMAC(key, body))) {
		return AuditHead{}, fmt.Errorf("its signature does not match: it was written with another audit key, or changed")
	}
	var h AuditHead
	for _, f := range strings.Fields(strings.TrimPrefix(body, headMagic+" ")) {
		k, v, _ := strings.Cut(f, "=")
		var err error
		switch k {
		case "seq":
			h.Seq, err = strconv.ParseInt(v, 10, 64)
		case "hash":
			h.Hash = v
		case "keyed-from":
			h.KeyedFrom, err = strconv.ParseInt(v, 10, 64)
		}
		if err != nil {
			return AuditHead{}, fmt.Errorf("its %s cannot be read", k)
		}
	}
	if h.Seq < 0 || h.KeyedFrom < 1 || len(h.Hash) != 64 {
		return AuditHead{}, fmt.Errorf("it is incomplete")
	}
	return h, nil
}
