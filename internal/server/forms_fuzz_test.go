package server

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/settle"
	"github.com/dealerkiosk/trainer/internal/sqlite"
	"github.com/dealerkiosk/trainer/web"
	"github.com/dealerkiosk/trainer/web/view"
)

// The fuzz target of the hand checker's form, which goes through its
// handler; the other forms' readers are web/view's (view.ReadBadge …,
// forms_fuzz_test.go there). Seed corpus: testdata/fuzz/<target>.

// FuzzHandCheckerForm posts any body to the hand checker's handler, which
// decodes the form (readCheckRound), carries out its tap (apply), settles
// or loads a round through the engine and renders the form again. It must
// answer 200, or 422 with the field at fault named, or 400 for a body that
// is not a form — never a panic or a 500; and an engine refusal must be a
// field error, never the engine's own "internal error", that the checker
// can say in every language (a rewrite knows it).
func FuzzHandCheckerForm(f *testing.F) {
	s := fuzzServer(f)
	f.Fuzz(func(t *testing.T, raw string) {
		req := httptest.NewRequest(http.MethodPost, "/tools/hand-checker", strings.NewReader(raw))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		rec := httptest.NewRecorder()
		s.handleHandCheckerPost(rec, req)
		switch rec.Code {
		case http.StatusOK, http.StatusUnprocessableEntity, http.StatusBadRequest:
		default:
			t.Fatalf("%q: status %d\n%.500s", raw, rec.Code, rec.Body.String())
		}

		form, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		st := view.ReadChecker(form, s.book, s.house.Name)
		h, err := s.book.House(st.Round().House)
		if err != nil {
			t.Fatalf("%q: the form's house %q is not in the book", raw, st.Round().House)
		}
		st.Apply(form.Get("op"), h)
		_, err = settle.Round(s.book, st.Round(), s.house.Name)
		var fe *games.FieldError
		switch {
		case err == nil:
		case !errors.As(err, &fe):
			t.Errorf("%q: the engine refused the round with %v, not a field error", raw, err)
		case fe.Field == "" || fe.Msg == "" || strings.ContainsAny(fe.Error(), "\n\r"):
			t.Errorf("%q: field error %q does not name a field on one line", raw, fe.Error())
		case !view.Rewritten(fe.Msg):
			t.Errorf("%q: refusal %q has no words in Italian and Russian, which would quote the engine's English", raw, fe.Msg)
		default:
			view.RefusalErrors(req.Context(), fe, st.Round()) // must not panic, whatever the path
		}
		if text := strings.TrimSpace(form.Get("load")); text != "" {
			var in games.Round
			if err := settle.Decode([]byte(text), &in); err != nil && (err.Error() == "" || strings.ContainsAny(err.Error(), "\n\r")) {
				t.Errorf("%q: pasted round refused with %q", raw, err.Error())
			}
		}
	})
}

// fuzzServer is a kiosk server on a database of its own, for the fuzz
// targets that go through a handler.
func fuzzServer(tb testing.TB) *Server {
	tb.Helper()
	db, err := sqlite.Open(tb.Context(), filepath.Join(tb.TempDir(), "trainer.db"))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	book, err := rulebook.Load(rules.FS)
	if err != nil {
		tb.Fatal(err)
	}
	s, err := New(Config{SessionKey: make([]byte, 32)}, db, book, web.Static)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}
