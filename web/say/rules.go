package say

import (
	"context"
	"strings"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// RulesVersion says a version of the house rules as a manager knows it, by
// its approval: "the house rules approved on 3 Dec 2026 by Max Manager";
// one not yet approved by the day it was first used. Its code (a hash of
// the files) is the kiosk's, not a reader's: no page or print shows it
// (issue 26, item 15). A version no longer on record (nil) is "house rules
// no longer on record".
func RulesVersion(ctx context.Context, rv *trainer.RulesVersion) string {
	switch {
	case rv == nil:
		return T(ctx, "print.rules_gone")
	case rv.Approved():
		return T(ctx, "print.rules_approved_on", "Date", Date(ctx, rv.ApprovedAt), "Who", rv.ApprovedBy)
	default:
		return T(ctx, "print.rules_first_used", "Date", Date(ctx, rv.FirstSeenAt))
	}
}

// VerificationCode is the short code of an audit entry's hash, the same on
// every page and print: its first ten characters in two groups of five, in
// capitals, "3F9A2 1C07B". Ten hex digits are 40 bits: a forged entry
// matching a given code by chance is one in a million million, and a
// person can read it aloud and compare it with the kiosk's.
func VerificationCode(hash string) string {
	if len(hash) < 10 {
		return strings.ToUpper(hash)
	}
	h := strings.ToUpper(hash[:10])
	return h[:5] + " " + h[5:]
}
