package trainer

import (
	"crypto/sha256"
	"encoding/base32"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// FileCode is the short verification code printed on a dealer's file: the
// dealer, the newest audit entry about them when the file was read (subject
// "user:N" or below it), and a digest of the hashes of every entry about
// them up to it. `trainer audit verify -file CODE` finds those entries
// again, checks that each is intact under the audit key and that the
// digest is theirs, and compares the dealer's records with them: the file
// was printed from records the audit trail vouches for, as of that entry.
// Written "12-1042-K7Q4M2XD".
type FileCode struct {
	UserID int64
	Seq    int64  // the newest entry about the dealer; 0 when none
	Digest string // 8 characters of base32
}

// String writes the code as it is printed.
func (c FileCode) String() string {
	return strconv.FormatInt(c.UserID, 10) + "-" + strconv.FormatInt(c.Seq, 10) + "-" + c.Digest
}

// fileDigestLen is the length of a file code's digest: 40 bits, which no
// one finds a second set of entries for by chance, and short enough to
// read out on the telephone.
const fileDigestLen = 8

// FileDigest is the digest of a dealer's file code over the hashes of the
// entries about them, in the order of the log.
func FileDigest(hashes []string) string {
	h := sha256.New()
	for _, s := range hashes {
		h.Write([]byte(s))
		h.Write([]byte{'\n'})
	}
	return base32.StdEncoding.EncodeToString(h.Sum(nil))[:fileDigestLen]
}

// ErrFileCode refuses a verification code that is not one.
var ErrFileCode = (&Error{Kind: KindInvalid,
	Message: "This is not a file's verification code: it reads like 12-1042-K7Q4M2XD."}).In("records.err.file_code")

// ParseFileCode reads a code as printed, in either case, spaces allowed.
// Returns ErrFileCode.
func ParseFileCode(s string) (FileCode, error) {
	s = strings.ToUpper(strings.Join(strings.Fields(s), ""))
	parts := strings.Split(s, "-")
	if len(parts) != 3 || len(parts[2]) != fileDigestLen {
		return FileCode{}, ErrFileCode
	}
	user, err1 := strconv.ParseInt(parts[0], 10, 64)
	seq, err2 := strconv.ParseInt(parts[1], 10, 64)
	if err1 != nil || err2 != nil || user <= 0 || seq < 0 {
		return FileCode{}, ErrFileCode
	}
	for _, r := range parts[2] {
		if !strings.ContainsRune("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", r) {
			return FileCode{}, ErrFileCode
		}
	}
	return FileCode{UserID: user, Seq: seq, Digest: parts[2]}, nil
}

// FileCheck is what checking a file's verification code found.
type FileCheck struct {
	Code FileCode
	User *User // nil when the code names nobody
	// Entries is how many audit entries about the dealer reach up to the
	// code's entry; At is that entry's time.
	Entries int
	At      time.Time
	// Found: the code's entry is in the log and is about the dealer.
	Found bool
	// DigestOK: the digest is that of the entries found.
	DigestOK bool
	// Broken are the entries about the dealer, up to the code's, whose hash
	// does not match their content (or that need the key, not given).
	Broken []int64
	// Later is how many entries about the dealer came after the code's:
	// the file has changed since it was printed (not a fault).
	Later int
	// Mismatches are the dealer's records that disagree with the audit
	// trail now.
	Mismatches []RecordMismatch
}

// OK reports whether the code vouches for the file: found, its digest
// right, every entry intact and the records in agreement with them.
func (c *FileCheck) OK() bool {
	return c.Found && c.DigestOK && len(c.Broken) == 0 && len(c.Mismatches) == 0
}

// String says what the check found, for the command line.
func (c *FileCheck) String() string {
	switch {
	case c.User == nil:
		return fmt.Sprintf("file %s: no user %d in this database", c.Code, c.Code.UserID)
	case !c.Found:
		return fmt.Sprintf("file %s: audit entry %d is not an entry about %s: the code was not printed from this database", c.Code, c.Code.Seq, c.User.Name)
	case !c.DigestOK:
		return fmt.Sprintf("file %s: the %d audit entries about %s up to entry %d are not the ones the code was printed from", c.Code, c.Entries, c.User.Name, c.Code.Seq)
	}
	return fmt.Sprintf("file %s: %s's file as of audit entry %d (%s), %d entries about them", c.Code, c.User.Name, c.Code.Seq,
		c.At.UTC().Format(AuditTimeLayout), c.Entries)
}
