package say

import (
	"strconv"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestNamesAgree: the English catalogue's names say what the code and the
// rules content say (games, levels, steps, records, roles), so that a page
// reads the same in English whether it asks the catalogue or the code, and
// every name the code can ask for is in the catalogue: nothing falls back
// to English in another language.
func TestNamesAgree(t *testing.T) {
	t.Parallel()
	book, gen := testRules(t)
	type pair struct{ id, want string }
	var pairs []pair
	for _, g := range rulebook.GameSlugs {
		pairs = append(pairs, pair{"game." + g, book.Games[g].Name})
	}
	for _, lv := range gen.Config().Levels {
		pairs = append(pairs, pair{"level." + strconv.Itoa(lv.Level), lv.Title})
	}
	for _, st := range eval.Steps {
		pairs = append(pairs, pair{"step." + string(st), st.Label()})
	}
	for _, k := range []trainer.CertEventKind{trainer.EventExamPassed, trainer.EventExamFailed, trainer.EventTablePass,
		trainer.EventTableFail, trainer.EventTableRetest, trainer.EventRevoked, trainer.EventRetakeAllowed, trainer.EventExpired} {
		pairs = append(pairs, pair{"cert_event." + string(k), k.Label()})
	}
	for _, r := range []trainer.Role{trainer.RoleAdministrator, trainer.RoleManager, trainer.RoleTrainee, trainer.RoleDirector} {
		pairs = append(pairs, pair{"role." + string(r), r.Label()})
	}
	en := i18n.Default().Localizer(i18n.Source)
	for _, p := range pairs {
		if got := en.T(p.id); got != p.want {
			t.Errorf("English %s = %q; the code says %q", p.id, got, p.want)
		}
	}
	for _, tag := range []string{"it", "ru"} {
		l := i18n.Default().Localizer(tag)
		for _, p := range pairs {
			if got := l.T(p.id); got == p.id || (got == p.want && !strings.HasPrefix(p.id, "game.")) {
				t.Errorf("%s: %s = %q: not translated", tag, p.id, got)
			}
		}
	}
}
