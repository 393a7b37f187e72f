package storetest

import (
	"errors"
	"testing"

	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/google/go-cmp/cmp"
)

func testCreateUser(t *testing.T, open Opener) {
	t.Parallel()
	t.Run("OK", func(t *testing.T) {
		db := open(t)
		newClock(db)
		u := &trainer.User{Name: "  Ana   Lee ", Role: trainer.RoleTrainee, Badge: " b-12 ", SecretHash: "$h$"}
		if err := db.CreateUser(t.Context(), u); err != nil {
			t.Fatal(err)
		}
		if u.ID == 0 || !u.Active || u.CreatedAt.IsZero() {
			t.Fatalf("CreateUser did not set ID, Active and CreatedAt: %+v", u)
		}
		if u.Name != "Ana Lee" || u.Badge != "B-12" {
			t.Errorf("stored name, badge = %q, %q; want %q, %q", u.Name, u.Badge, "Ana Lee", "B-12")
		}
		got, err := db.FindUserByID(t.Context(), u.ID)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(u, got); diff != "" {
			t.Errorf("FindUserByID mismatch (-created +found):\n%s", diff)
		}
		for _, find := range []func() (*trainer.User, error){
			func() (*trainer.User, error) { return db.FindUserByName(t.Context(), "ANA LEE") },
			func() (*trainer.User, error) { return db.FindUserByBadge(t.Context(), "b-12") },
		} {
			got, err := find()
			if err != nil {
				t.Fatal(err)
			}
			if got.ID != u.ID {
				t.Errorf("found user %d; want %d", got.ID, u.ID)
			}
		}
	})

	t.Run("ErrConflict", func(t *testing.T) {
		db := open(t)
		mustCreateUser(t, db, "Ana Lee", trainer.RoleTrainee, "12")
		tests := []struct {
			name, badge string
			want        *trainer.Error
		}{
			{"ana lee", "", trainer.ErrNameTaken}, // names compare without case
			{"Bo Chan", "12", trainer.ErrBadgeTaken},
		}
		for _, tt := range tests {
			err := db.CreateUser(t.Context(), &trainer.User{Name: tt.name, Role: trainer.RoleManager, Badge: tt.badge, SecretHash: "$h$"})
			if !errors.Is(err, tt.want) {
				t.Errorf("CreateUser(%q, badge %q) = %v; want %v", tt.name, tt.badge, err, tt.want)
			}
			if got := trainer.KindOf(err); got != trainer.KindConflict {
				t.Errorf("KindOf(CreateUser(%q)) = %v; want %v", tt.name, got, trainer.KindConflict)
			}
			if got := trainer.MessageOf(err); got != tt.want.Message {
				t.Errorf("MessageOf(CreateUser(%q)) = %q; want %q", tt.name, got, tt.want.Message)
			}
		}
		// Users without a badge do not clash with each other.
		mustCreateUser(t, db, "Cy Dorn", trainer.RoleTrainee, "")
		mustCreateUser(t, db, "Di Eng", trainer.RoleTrainee, "")
	})

	t.Run("ErrInvalid", func(t *testing.T) {
		db := open(t)
		for _, u := range []*trainer.User{
			{Name: "   ", Role: trainer.RoleTrainee, SecretHash: "$h$"},
			{Name: "Ana", Role: "owner", SecretHash: "$h$"},
			{Name: "Ana", Role: trainer.RoleTrainee, Badge: "12/3", SecretHash: "$h$"},
			{Name: "Ana", Role: trainer.RoleTrainee},
		} {
			if err := db.CreateUser(t.Context(), u); trainer.KindOf(err) != trainer.KindInvalid {
				t.Errorf("CreateUser(%+v) = %v; want KindInvalid", u, err)
			}
		}
	})
}

func testCreateFirstAdministrator(t *testing.T, open Opener) {
	t.Parallel()
	db := open(t)
	if n, err := db.CountUsers(t.Context()); err != nil || n != 0 {
		t.Fatalf("CountUsers on a new database = %d, %v; want 0", n, err)
	}
	u := &trainer.User{Name: "Root", Role: trainer.RoleTrainee, SecretHash: "$h$"}
	if err := db.CreateFirstAdministrator(t.Context(), u); err != nil {
		t.Fatal(err)
	}
	if u.Role != trainer.RoleAdministrator {
		t.Errorf("first user role = %q; want administrator", u.Role)
	}
	err := db.CreateFirstAdministrator(t.Context(), &trainer.User{Name: "Second", SecretHash: "$h$"})
	if trainer.KindOf(err) != trainer.KindConflict {
		t.Errorf("second CreateFirstAdministrator = %v; want KindConflict", err)
	}
	if n, _ := db.CountUsers(t.Context()); n != 1 {
		t.Errorf("CountUsers = %d; want 1", n)
	}
}

func testFindUser_ErrNotFound(t *testing.T, open Opener) {
	t.Parallel()
	db := open(t)
	_, err := db.FindUserByID(t.Context(), 42)
	if trainer.KindOf(err) != trainer.KindNotFound || trainer.MessageOf(err) != "User not found." {
		t.Errorf("FindUserByID(42) = %v (%v); want KindNotFound %q", err, trainer.KindOf(err), "User not found.")
	}
	if _, err := db.FindUserByBadge(t.Context(), ""); trainer.KindOf(err) != trainer.KindNotFound {
		t.Errorf("FindUserByBadge(\"\") = %v; want KindNotFound", err)
	}
}

func testListUsers(t *testing.T, open Opener) {
	t.Parallel()
	db := open(t)
	mustCreateUser(t, db, "Zed", trainer.RoleTrainee, "")
	amy := mustCreateUser(t, db, "Amy", trainer.RoleTrainee, "")
	mustCreateUser(t, db, "Max", trainer.RoleManager, "")
	mustCreateUser(t, db, "Bea", trainer.RoleTrainee, "")
	if err := db.SetUserActive(t.Context(), amy.ID, false); err != nil {
		t.Fatal(err)
	}
	names := func(f trainer.UserFilter) []string {
		users, err := db.ListUsers(t.Context(), f)
		if err != nil {
			t.Fatal(err)
		}
		var s []string
		for _, u := range users {
			s = append(s, u.Name)
		}
		return s
	}
	tests := []struct {
		f    trainer.UserFilter
		want []string
	}{
		{trainer.UserFilter{}, []string{"Amy", "Bea", "Max", "Zed"}},
		{trainer.UserFilter{Role: trainer.RoleTrainee, ActiveOnly: true}, []string{"Bea", "Zed"}},
		{trainer.UserFilter{Role: trainer.RoleManager}, []string{"Max"}},
		{trainer.UserFilter{Role: trainer.RoleAdministrator}, nil},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, names(tt.f)); diff != "" {
			t.Errorf("ListUsers(%+v) mismatch (-want +got):\n%s", tt.f, diff)
		}
	}
}

func testSetUserActive(t *testing.T, open Opener) {
	t.Parallel()
	t.Run("OK", func(t *testing.T) {
		db := open(t)
		u := mustCreateUser(t, db, "Ana", trainer.RoleTrainee, "")
		token, err := db.CreateSession(t.Context(), u.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		if err := db.SetUserActive(t.Context(), u.ID, false); err != nil {
			t.Fatal(err)
		}
		if got, _ := db.FindUserByID(t.Context(), u.ID); got.Active {
			t.Error("user still active after SetUserActive(false)")
		}
		if _, _, err := db.AuthenticateSession(t.Context(), token); trainer.KindOf(err) != trainer.KindUnauthorized {
			t.Errorf("session of a deactivated user: AuthenticateSession = %v; want KindUnauthorized", err)
		}
		if err := db.SetUserActive(t.Context(), u.ID, true); err != nil {
			t.Fatal(err)
		}
		if got, _ := db.FindUserByID(t.Context(), u.ID); !got.Active {
			t.Error("user not active after SetUserActive(true)")
		}
	})
	t.Run("ErrConflict", func(t *testing.T) {
		db := open(t)
		a := mustCreateUser(t, db, "Root", trainer.RoleAdministrator, "")
		err := db.SetUserActive(t.Context(), a.ID, false)
		if trainer.KindOf(err) != trainer.KindConflict {
			t.Fatalf("deactivating the last administrator = %v; want KindConflict", err)
		}
		mustCreateUser(t, db, "Root Two", trainer.RoleAdministrator, "")
		if err := db.SetUserActive(t.Context(), a.ID, false); err != nil {
			t.Errorf("deactivating one of two administrators: %v", err)
		}
	})
	t.Run("ErrNotFound", func(t *testing.T) {
		db := open(t)
		if err := db.SetUserActive(t.Context(), 7, false); trainer.KindOf(err) != trainer.KindNotFound {
			t.Errorf("SetUserActive(7) = %v; want KindNotFound", err)
		}
	})
}

func testSetUserSecret(t *testing.T, open Opener) {
	t.Parallel()
	db := open(t)
	u := mustCreateUser(t, db, "Ana", trainer.RoleTrainee, "")
	token, err := db.CreateSession(t.Context(), u.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	if err := db.SetUserSecret(t.Context(), u.ID, "$new$"); err != nil {
		t.Fatal(err)
	}
	if got, _ := db.FindUserByID(t.Context(), u.ID); got.SecretHash != "$new$" {
		t.Errorf("SecretHash = %q; want %q", got.SecretHash, "$new$")
	}
	if _, _, err := db.AuthenticateSession(t.Context(), token); trainer.KindOf(err) != trainer.KindUnauthorized {
		t.Errorf("session after a reset: AuthenticateSession = %v; want KindUnauthorized", err)
	}
	if err := db.SetUserSecret(t.Context(), 99, "$x$"); trainer.KindOf(err) != trainer.KindNotFound {
		t.Errorf("SetUserSecret(99) = %v; want KindNotFound", err)
	}
}

func testCreateUser_Lookalike(t *testing.T, open Opener) {
	t.Parallel()
	db := open(t)
	mustCreateUser(t, db, "Tina", trainer.RoleTrainee, "")
	err := db.CreateUser(t.Context(), &trainer.User{Name: "\u0422ina", Role: trainer.RoleManager, SecretHash: "$h$"})
	var la *trainer.NameLookalike
	if !errors.As(err, &la) || la.Other != "Tina" || trainer.KindOf(err) != trainer.KindConflict {
		t.Fatalf("CreateUser(Cyrillic Тina) = %v; want a NameLookalike of Tina, KindConflict", err)
	}
	if got, want := trainer.MessageOf(err), "This name looks like “Tina”, another user's name: add an initial or a number."; got != want {
		t.Errorf("message %q; want %q", got, want)
	}
	if n, _ := db.CountUsers(t.Context()); n != 1 {
		t.Errorf("%d users after the refusal; want 1", n)
	}
	u := &trainer.User{Name: "Jose\u0301", Role: trainer.RoleTrainee, SecretHash: "$h$"}
	if err := db.CreateUser(t.Context(), u); err != nil || u.Name != "Jos\u00e9" {
		t.Errorf("CreateUser(decomposed José) = %v, stored as %q; want %q", err, u.Name, "Jos\u00e9")
	}
}
