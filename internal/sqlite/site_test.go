package sqlite_test

import (
	"testing"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestCreateUser_DirectorRefused: a kiosk on its own has no group director;
// the refusal says so, and nothing is written.
func TestCreateUser_DirectorRefused(t *testing.T) {
	t.Parallel()
	db := MustOpenDB(t)
	err := db.CreateUser(t.Context(), &trainer.User{Name: "Dee Director", Role: trainer.RoleDirector, SecretHash: "$h$"})
	if trainer.KindOf(err) != trainer.KindInvalid || trainer.MessageOf(err) != "A group director belongs to a casino group's database; a kiosk on its own has managers." {
		t.Errorf("CreateUser of a director = %v; want KindInvalid saying a kiosk has managers", err)
	}
	if n, err := db.CountUsers(t.Context()); err != nil || n != 0 {
		t.Errorf("users after the refusal = %d, %v; want 0", n, err)
	}
}
