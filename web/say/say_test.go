package say

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestError: an error made by trainer.NewError is said from the
// catalogues in every language, English included, its Words said first; a
// domain error with an id keeps its own English and says the catalogue's
// elsewhere; one without an id says its English everywhere (the stores'
// sentences not yet in the catalogues); any other error is "Internal
// error.", whose details are for the log.
func TestError(t *testing.T) {
	t.Parallel()
	noExam := trainer.NewError(trainer.KindNotFound, "error.no_exam")
	hint := trainer.NewError(trainer.KindForbidden, "exam.no_hints", "Mode", ModeWord(trainer.ModeTimed))
	domain := trainer.Errorf(trainer.KindInvalid, "Enter a name.").In("err.enter_name")
	store := trainer.Errorf(trainer.KindNotFound, "Setting x not found.")
	tests := []struct {
		tag  string
		err  error
		want string
	}{
		{"en", noExam, "There is no exam for this game."},
		{"it", noExam, "Per questo gioco non c'è un esame."},
		{"en", fmt.Errorf("start: %w", noExam), "There is no exam for this game."},
		{"en", hint, "Hints are not given in Timed mode."},
		{"it", hint, "In modalità A tempo i suggerimenti non sono disponibili."},
		{"en", domain, "Enter a name."},
		{"ru", domain, "Введите имя."},
		{"it", store, "Setting x not found."},
		{"ru", errors.New("sql: connection refused"), "Внутренняя ошибка."},
	}
	for _, tt := range tests {
		if got := Error(in(tt.tag, nil), tt.err); got != tt.want {
			t.Errorf("Error(%s, %v) = %q; want %q", tt.tag, tt.err, got, tt.want)
		}
	}
	// The pseudo-locale says the catalogue's message even where English
	// keeps the domain's sentence, so that a page checked in it shows an
	// error without an id.
	if got := Error(in(i18n.Pseudo, nil), domain); !strings.HasPrefix(got, "[") {
		t.Errorf("pseudo-locale: %q; want the pseudo-localized catalogue message", got)
	}
}

// TestMessage: a Message says its id with its Words, a name as it is, and
// nothing when zero.
func TestMessage(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		m    Message
		tag  string
		want string
	}{
		{Msg("exam.title_of", "Game", GameWord("uth")), "ru", "Экзамен · Ultimate Texas Hold'em"},
		{Name("Tia Trainee"), "it", "Tia Trainee"},
		{Message{}, "en", ""},
	} {
		if got := Text(in(tt.tag, nil), tt.m); got != tt.want {
			t.Errorf("Text(%s, %+v) = %q; want %q", tt.tag, tt.m, got, tt.want)
		}
	}
}
