package trainer_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestErrorsSayTheCatalogue: every sentence for people that names a
// catalogue message (Error.ID) says in English exactly what the catalogue's
// English says with its arguments, and the message is there in every
// offered language, so that a page in Italian or Russian never falls back to
// the English of an error with an ID.
func TestErrorsSayTheCatalogue(t *testing.T) {
	t.Parallel()
	_, role := trainer.ParseRole("croupier")
	_, table := trainer.ParseTableResult("maybe")
	errs := []error{
		trainer.ErrNameTaken, trainer.ErrBadgeTaken, trainer.ErrOwnCertification, trainer.ErrSiteNameTaken,
		trainer.ValidateName(""), trainer.ValidateName("a\u200bb"), trainer.ValidateName(strings.Repeat("a", trainer.MaxNameLen+1)),
		trainer.ValidateName("e\u0301\u0301\u0301\u0301\u0301\u0301"),
		trainer.ValidateBadge(strings.Repeat("1", trainer.MaxBadgeLen+1)), trainer.ValidateBadge("1 2"),
		trainer.ValidatePIN("12"), trainer.ValidatePIN("12a4"),
		trainer.ValidatePassword("short"), trainer.ValidatePassword(strings.Repeat("p", trainer.MaxPasswordLen+1)),
		trainer.ValidateConfirm("a", "b"), role, table,
		trainer.ValidateNotes(trainer.EventTableFail, ""), trainer.ValidateNotes(trainer.EventTableRetest, ""),
		trainer.ValidateNotes(trainer.EventRevoked, ""), trainer.ValidateNotes(trainer.EventRevoked, "\xff"),
		trainer.ValidateNotes(trainer.EventRevoked, strings.Repeat("n", trainer.MaxNotesLen+1)),
		(&trainer.CertEvent{Kind: trainer.EventTablePass, UserID: 1}).Validate(),
		trainer.ValidateIdleTimeout(0), trainer.ValidateStaffIdleTimeout(0), trainer.ValidateLockoutDuration(time.Second),
		trainer.ValidateMaxSigninFailures(0), trainer.CheckLanguage("fr"), (&trainer.Site{Name: "North"}).Validate(),
		(&trainer.User{Name: "Ana", Role: trainer.RoleTrainee}).Validate(),
		trainer.ErrAnswered, trainer.ErrSessionEnded, trainer.ErrExamOpen, auditKeyErr(),
		trainer.ErrClassNameTaken, trainer.ErrClassListNameTaken, trainer.ErrClassNotFound, trainer.ErrClassListNotFound,
		trainer.ErrClassRunNotFound, trainer.ErrClassQuestionNotFound, trainer.ErrClassLive, trainer.ErrClassEnded,
		trainer.ErrClassNotMember, trainer.ErrClassNotJoined, trainer.ErrClassMovedOn, trainer.ErrClassGame,
		trainer.ErrClassQuestionsMany, trainer.ClassInstructorRefused("Tina"), trainer.ClassMemberRefused("Max"),
		trainer.ClassOtherSite("Nora"), trainer.ClassMembersMany(),
	}
	c := i18n.Default()
	for i, err := range errs {
		var e *trainer.Error
		if !errors.As(err, &e) {
			t.Errorf("case %d: %v is not a *trainer.Error", i, err)
			continue
		}
		if e.ID == "" {
			t.Errorf("case %d: %q names no catalogue message", i, e.Message)
			continue
		}
		if got := c.Localizer(i18n.Source).T(e.ID, e.Args...); got != e.Message {
			t.Errorf("%s in English says %q; the error says %q", e.ID, got, e.Message)
		}
		for _, l := range i18n.Offered {
			if c.Text(l.Tag, e.ID) == nil {
				t.Errorf("%s is missing in %s", e.ID, l.Tag)
			}
		}
	}
}

// auditKeyErr is ParseAuditKey's refusal of a key of the wrong length.
func auditKeyErr() error {
	_, err := trainer.ParseAuditKey("abcd")
	return err
}
