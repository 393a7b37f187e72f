package storetest

import (
	"errors"
	"testing"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

func testUpdateUser(t *testing.T, open Opener) {
	t.Parallel()
	t.Run("OK", func(t *testing.T) {
		db := open(t)
		newClock(db)
		admin := mustCreateUser(t, db, "Ada Admin", trainer.RoleAdministrator, "")
		u := mustCreateUser(t, db, "Jose Perez", trainer.RoleTrainee, "12")
		ctx := trainer.WithActor(t.Context(), admin)
		got, err := db.UpdateUser(ctx, u.ID, "  Jose\u0301   Pérez ", " b-7 ")
		if err != nil {
			t.Fatal(err)
		}
		if got.Name != "Jos\u00e9 Pérez" || got.Badge != "B-7" || got.ID != u.ID || got.Role != trainer.RoleTrainee {
			t.Errorf("stored %+v; want the name composed and the badge normalised", got)
		}
		if found, err := db.FindUserByBadge(t.Context(), "B-7"); err != nil || found.ID != u.ID {
			t.Errorf("FindUserByBadge(B-7) = %v, %v", found, err)
		}
		es, err := db.ListAudit(t.Context(), trainer.AuditFilter{Limit: 1})
		if err != nil {
			t.Fatal(err)
		}
		want := `{"badge":{"new":"B-7","old":"12"},"name":{"new":"José Pérez","old":"Jose Perez"}}`
		if es[0].Action != trainer.AuditUserChanged || es[0].Actor != "Ada Admin" || es[0].Subject != trainer.UserSubject(u.ID) || es[0].Detail != want {
			t.Errorf("audit entry %s by %s on %s: %s; want %s", es[0].Action, es[0].Actor, es[0].Subject, es[0].Detail, want)
		}

		// A change of case is the user's own name; the badge may be taken away.
		if got, err = db.UpdateUser(ctx, u.ID, "josé pérez", ""); err != nil || got.Name != "josé pérez" || got.Badge != "" {
			t.Errorf("UpdateUser(case only, no badge) = %+v, %v", got, err)
		}
		// Nothing changed: nothing recorded.
		before, _ := db.ListAudit(t.Context(), trainer.AuditFilter{})
		if _, err := db.UpdateUser(ctx, u.ID, "josé pérez", ""); err != nil {
			t.Fatal(err)
		}
		if after, _ := db.ListAudit(t.Context(), trainer.AuditFilter{}); len(after) != len(before) {
			t.Errorf("an update that changes nothing wrote %d audit entries", len(after)-len(before))
		}
	})

	t.Run("ErrConflict", func(t *testing.T) {
		db := open(t)
		mustCreateUser(t, db, "Tina", trainer.RoleTrainee, "12")
		u := mustCreateUser(t, db, "Bo Chan", trainer.RoleTrainee, "13")
		for _, tt := range []struct {
			name, badge string
			want        error
		}{
			{"TINA", "13", trainer.ErrNameTaken},
			{"Bo Chan", "12", trainer.ErrBadgeTaken},
		} {
			if _, err := db.UpdateUser(t.Context(), u.ID, tt.name, tt.badge); !errors.Is(err, tt.want) {
				t.Errorf("UpdateUser(%q, %q) = %v; want %v", tt.name, tt.badge, err, tt.want)
			}
		}
		_, err := db.UpdateUser(t.Context(), u.ID, "\u0422ina", "13")
		var la *trainer.NameLookalike
		if !errors.As(err, &la) || la.Other != "Tina" || trainer.KindOf(err) != trainer.KindConflict {
			t.Errorf("UpdateUser(Cyrillic Тina) = %v; want a NameLookalike of Tina", err)
		}
		if got, _ := db.FindUserByID(t.Context(), u.ID); got.Name != "Bo Chan" || got.Badge != "13" {
			t.Errorf("after the refusals the user is %q, badge %q; want them unchanged", got.Name, got.Badge)
		}
	})

	t.Run("ErrInvalid", func(t *testing.T) {
		db := open(t)
		u := mustCreateUser(t, db, "Bo Chan", trainer.RoleTrainee, "")
		for _, tt := range []struct{ name, badge string }{{"", ""}, {"Bo Chan", "no badge!"}} {
			if _, err := db.UpdateUser(t.Context(), u.ID, tt.name, tt.badge); trainer.KindOf(err) != trainer.KindInvalid {
				t.Errorf("UpdateUser(%q, %q) = %v; want KindInvalid", tt.name, tt.badge, err)
			}
		}
	})

	t.Run("ErrNotFound", func(t *testing.T) {
		db := open(t)
		if _, err := db.UpdateUser(t.Context(), 99, "Bo Chan", ""); trainer.KindOf(err) != trainer.KindNotFound {
			t.Errorf("UpdateUser(99) = %v; want KindNotFound", err)
		}
	})
}
