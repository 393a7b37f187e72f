package eval

import (
	"errors"
	"testing"

	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestCheckEventSaysTheCatalogue: CheckEvent's refusals, which the trainee's
// file shows the manager, name their catalogue messages, whose English is
// theirs word for word, and every language has them.
func TestCheckEventSaysTheCatalogue(t *testing.T) {
	t.Parallel()
	c := i18n.Default()
	for _, e := range []error{errNoPendingExam, errNotValid, errNoAllowance} {
		id := idOf(e)
		if id == "" {
			t.Errorf("%q names no catalogue message", e)
			continue
		}
		if got := c.Localizer(i18n.Source).T(id); got != e.Error() {
			t.Errorf("%s in English says %q; the error says %q", id, got, e.Error())
		}
		for _, l := range i18n.Offered {
			if c.Text(l.Tag, id) == nil {
				t.Errorf("%s is missing in %s", id, l.Tag)
			}
		}
	}
}

func idOf(err error) string {
	var e *trainer.Error
	if errors.As(err, &e) {
		return e.ID
	}
	return ""
}
