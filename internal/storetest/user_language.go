package storetest

import (
	"testing"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

func testSetUserLanguage(t *testing.T, open Opener) {
	t.Parallel()
	t.Run("OK", func(t *testing.T) {
		db := open(t)
		u := mustCreateUser(t, db, "Ana", trainer.RoleTrainee, "")
		if u.Language != "" {
			t.Fatalf("a new user's Language = %q; want the house default, \"\"", u.Language)
		}
		token, err := db.CreateSession(t.Context(), u.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, tag := range []string{"it", "ru", ""} {
			if err := db.SetUserLanguage(t.Context(), u.ID, tag); err != nil {
				t.Fatalf("SetUserLanguage(%q) = %v", tag, err)
			}
			if got, _ := db.FindUserByID(t.Context(), u.ID); got.Language != tag {
				t.Errorf("after SetUserLanguage(%q), FindUserByID: Language = %q", tag, got.Language)
			}
			// Every request reads the user with the session: the language
			// changes on the next page, without signing in again.
			s, _, err := db.AuthenticateSession(t.Context(), token)
			if err != nil {
				t.Fatal(err)
			}
			if s.User.Language != tag {
				t.Errorf("after SetUserLanguage(%q), the session's user has Language %q", tag, s.User.Language)
			}
		}
	})
	t.Run("ErrInvalid", func(t *testing.T) {
		db := open(t)
		u := mustCreateUser(t, db, "Ana", trainer.RoleTrainee, "")
		for _, tag := range []string{"fr", "EN", "en-XA", "it "} {
			err := db.SetUserLanguage(t.Context(), u.ID, tag)
			if trainer.KindOf(err) != trainer.KindInvalid || trainer.MessageOf(err) != "Choose one of the languages offered." {
				t.Errorf("SetUserLanguage(%q) = %v; want KindInvalid, “Choose one of the languages offered.”", tag, err)
			}
		}
		if got, _ := db.FindUserByID(t.Context(), u.ID); got.Language != "" {
			t.Errorf("a refused language was stored: %q", got.Language)
		}
	})
	t.Run("ErrNotFound", func(t *testing.T) {
		db := open(t)
		if err := db.SetUserLanguage(t.Context(), 99, "it"); trainer.KindOf(err) != trainer.KindNotFound {
			t.Errorf("SetUserLanguage(99) = %v; want KindNotFound", err)
		}
	})
}
