package drills

import (
	"testing"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/oracle"
	"github.com/dealerkiosk/trainer/internal/i18n"
)

// TestShowdownWordsIn: the hold'em showdowns' arguments in the reader's
// language: ranks in the form their place asks for, a list joined by the
// language's "and", a phrase inside a phrase, and Oracle's Ante row when
// the dealer does not qualify; English as the engine says it.
func TestShowdownWordsIn(t *testing.T) {
	c := i18n.Default()
	en, it, ru := c.Localizer(i18n.Source), c.Localizer("it"), c.Localizer("ru")
	pair := games.Phrase{ID: games.ReasonHand + "one_pair", Args: []any{"Of", games.Rank{Rank: cards.Eight, Form: games.FormOf}}}
	kickers := games.Ranks{Ranks: []cards.Rank{cards.Ace, cards.Queen}, Form: games.FormA, And: true}
	why := games.Why{{ID: games.ReasonWithKickers, Args: []any{"Hand", games.Phrase{ID: games.ReasonA, Args: []any{"Hand", pair}}, "Kickers", kickers}}}
	straight := games.Why{{ID: games.ReasonHand + "straight", Args: []any{"Top", games.Rank{Rank: cards.King, Form: games.FormTop}}}}
	for _, tt := range []struct {
		loc  *i18n.Localizer
		got  string
		want string
	}{
		{en, sayWhy(en, why), "a pair of eights with an ace and a queen"},
		{it, sayWhy(it, why), "coppia di otto con un asso e una donna"},
		{ru, sayWhy(ru, why), "пара восьмёрок (кикеры туз и дама)"},
		{en, sayWhy(en, straight), "king-high straight"},
		{it, sayWhy(it, straight), "scala al re"},
		{ru, sayWhy(ru, straight), "стрит до короля"},
		{en, rowIn(en, oracle.NoQualifyRow+"1:1"), "Ante when the dealer does not qualify, 1:1"},
		{it, rowIn(it, oracle.NoQualifyRow+"1:1"), "Ante quando il banco non si qualifica, 1:1"},
		{ru, rowIn(ru, oracle.NoQualifyRow+"1:1"), "Ante, когда у дилера нет игры, 1:1"},
	} {
		if tt.got != tt.want {
			t.Errorf("%s: %q; want %q", tt.loc.Lang(), tt.got, tt.want)
		}
	}
}
