package account_test

import (
	"errors"
	"testing"

	"github.com/dealerkiosk/trainer/internal/account"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

func TestCheckActive(t *testing.T) {
	t.Parallel()
	me := &trainer.User{ID: 1, Role: trainer.RoleAdministrator}
	tests := []struct {
		name   string
		userID int64
		active bool
		want   error
	}{
		{"deactivate another", 2, false, nil},
		{"deactivate oneself", 1, false, account.ErrOwnAccount},
		{"reactivate another", 2, true, nil},
		{"reactivate oneself", 1, true, nil},
	}
	for _, tt := range tests {
		if err := account.CheckActive(me, tt.userID, tt.active); !errors.Is(err, tt.want) {
			t.Errorf("%s: CheckActive(me, %d, %t) = %v; want %v", tt.name, tt.userID, tt.active, err, tt.want)
		}
	}
	if k := trainer.KindOf(account.ErrOwnAccount); k != trainer.KindConflict {
		t.Errorf("KindOf(ErrOwnAccount) = %v; want KindConflict", k)
	}
}
