package lockout

import (
	"testing"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

func TestOnKeypad(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		u    trainer.User
		want bool
	}{
		{"an active trainee of the site", trainer.User{Role: trainer.RoleTrainee, Active: true, SiteID: 1}, true},
		{"deactivated", trainer.User{Role: trainer.RoleTrainee, SiteID: 1}, false},
		{"another site's", trainer.User{Role: trainer.RoleTrainee, Active: true, SiteID: 2}, false},
		{"a manager", trainer.User{Role: trainer.RoleManager, Active: true, SiteID: 1}, false},
		{"an administrator", trainer.User{Role: trainer.RoleAdministrator, Active: true, SiteID: 1}, false},
	}
	for _, tt := range tests {
		if got := OnKeypad(&tt.u, 1); got != tt.want {
			t.Errorf("%s: OnKeypad(%+v, 1) = %t; want %t", tt.name, tt.u, got, tt.want)
		}
	}
}

func TestStaffAttempt(t *testing.T) {
	t.Parallel()
	hash, err := trainer.HashSecret("correct horse battery")
	if err != nil {
		t.Fatal(err)
	}
	manager := &trainer.User{ID: 7, Name: "Dana Reyes", Role: trainer.RoleManager, SecretHash: hash}
	trainee := &trainer.User{ID: 8, Name: "Ann Lee", Role: trainer.RoleTrainee, SecretHash: hash}
	tests := []struct {
		name        string
		found       *trainer.User
		password    string
		wantUser    *trainer.User
		wantAccount string
		wantUserID  int64
		wantOK      bool
	}{
		{"the manager, right password", manager, "correct horse battery", manager, trainer.UserAccount(7), 7, true},
		{"the manager, wrong password", manager, "wrong", manager, trainer.UserAccount(7), 7, false},
		{"nobody of that name", nil, "correct horse battery", nil, trainer.NameAccount("Dana Reyes"), 0, false},
		{"a trainee's name, as nobody's", trainee, "correct horse battery", nil, trainer.NameAccount("Dana Reyes"), 0, false},
	}
	for _, tt := range tests {
		u, a, check := staffAttempt(tt.found, "Dana Reyes", tt.password, "10.0.0.9")
		if u != tt.wantUser || a.Account != tt.wantAccount || a.UserID != tt.wantUserID || !a.Staff || a.Device != "10.0.0.9" {
			t.Errorf("%s: staffAttempt = %v, %+v; want user %v, account %q, user id %d, staff, device 10.0.0.9",
				tt.name, u, a, tt.wantUser, tt.wantAccount, tt.wantUserID)
		}
		if ok := check(); ok != tt.wantOK {
			t.Errorf("%s: check() = %t; want %t", tt.name, ok, tt.wantOK)
		}
	}
}
